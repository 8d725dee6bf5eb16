import TransactionSearch

/// Reads the amounts of bank files from bytes: `[+|-]digits[(.|,)digits]`. OFX allows a comma
/// as the decimal mark (European banks write `12,50`); no thousands separators, no currency
/// signs. At most 18 digits after leading zeros, as `DecimalAmount` holds.
enum StatementAmount {
    /// The amount, or nil when the text is not such a number.
    /// - Parameter allowsSign: whether a leading `+` or `-` may appear (camt writes magnitudes).
    static func parse(_ text: ByteView, allowsSign: Bool) -> DecimalAmount? {
        var index = 0
        var negative = false
        if allowsSign, let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        var value: Int64 = 0
        var digits = 0
        var sawDigit = false
        var fraction = -1
        while index < text.count {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                guard fraction < 0 else { return nil }
                fraction = 0
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            sawDigit = true
            if fraction >= 0 {
                fraction += 1
            } else if value == 0 && byte == 0x30 {
                continue  // a leading zero
            }
            digits += 1
            guard digits <= DecimalAmount.maximumDigits else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        guard sawDigit else { return nil }
        return DecimalAmount(significand: negative ? -value : value, fractionDigits: max(fraction, 0))
    }

    /// The exact sum of amounts, at the largest number of fraction digits among them; nil when
    /// it does not fit.
    static func sum(_ amounts: [DecimalAmount]) -> DecimalAmount? {
        let digits = amounts.map(\.fractionDigits).max() ?? 0
        var total: Int64 = 0
        for amount in amounts {
            guard let scaled = scaled(amount, to: digits) else { return nil }
            let (next, overflow) = total.addingReportingOverflow(scaled)
            guard !overflow else { return nil }
            total = next
        }
        return DecimalAmount(significand: total, fractionDigits: digits)
    }

    /// Whether two amounts are the same number (`12.5` and `12.50` are).
    static func equal(_ left: DecimalAmount, _ right: DecimalAmount) -> Bool {
        let digits = max(left.fractionDigits, right.fractionDigits)
        guard let a = scaled(left, to: digits), let b = scaled(right, to: digits) else { return false }
        return a == b
    }

    private static func scaled(_ amount: DecimalAmount, to digits: Int) -> Int64? {
        var value = amount.significand
        for _ in amount.fractionDigits..<max(digits, amount.fractionDigits) {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = next
        }
        return value
    }
}
