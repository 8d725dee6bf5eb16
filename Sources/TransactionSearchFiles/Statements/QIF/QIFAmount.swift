import TransactionSearch

/// Which character of a QIF amount is the decimal separator. QIF from the US writes
/// `-1,234.56`; European programs write `-1.234,56` under the same `T` code.
enum QIFAmountStyle: Hashable, Sendable {
    /// `1,234.56`: `.` is the decimal point, `,` groups thousands.
    case decimalPoint
    /// `1.234,56`: `,` is the decimal point, `.` groups thousands.
    case decimalComma
}

/// Reads QIF amounts (`T`, `U`, `$`): an optional sign (leading, trailing or parentheses),
/// currency symbols or codes before or after the number (`$`, `€`, `EUR`), digits grouped by
/// `,` `.` `'` or spaces, and a decimal separator told by the file's `QIFAmountStyle`. The
/// last group before the decimal separator has three digits, the first one to three, those
/// between two or three (`1,23,456.00` is grouped the Indian way): `1,2,3` is no number, as in
/// every other format.
enum QIFAmount {
    /// What one amount says about the file's style.
    enum Evidence {
        /// No separator at all (`-12`): fits both.
        case none
        case decimalPoint
        case decimalComma
        /// One separator followed by exactly three digits (`1,234`, `1.234`): a thousands
        /// separator in one style, a decimal separator in the other.
        case ambiguous
    }

    /// What the separators of one amount say.
    static func evidence(_ bytes: ByteView, _ range: Range<Int>) -> Evidence {
        var dots = 0, commas = 0
        var lastDot = -1, lastComma = -1
        var digitsAfterLast = 0, digitsBeforeFirst = 0
        var leadingZero = false
        var seenSeparator = false
        for index in range {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                if byte == UInt8(ascii: ".") { dots += 1; lastDot = index } else { commas += 1; lastComma = index }
                seenSeparator = true
                digitsAfterLast = 0
            } else if byte >= 0x30 && byte <= 0x39 {
                if seenSeparator {
                    digitsAfterLast += 1
                } else {
                    if digitsBeforeFirst == 0 { leadingZero = byte == 0x30 }
                    digitsBeforeFirst += 1
                }
            }
        }
        switch (dots, commas) {
        case (0, 0): return .none
        case (_, 0): return single(count: dots, comma: false)
        case (0, _): return single(count: commas, comma: true)
        default: return lastDot > lastComma ? .decimalPoint : .decimalComma
        }

        func single(count: Int, comma: Bool) -> Evidence {
            let asDecimal: Evidence = comma ? .decimalComma : .decimalPoint
            let asGrouping: Evidence = comma ? .decimalPoint : .decimalComma
            if count > 1 { return asGrouping }  // `1,234,567`
            // `0,123` and `1234,567` cannot be thousands.
            if digitsAfterLast == 3 && !leadingZero && digitsBeforeFirst <= 3 { return .ambiguous }
            return asDecimal
        }
    }

    /// The amount of `range` in `style`; nil when it is not a number.
    static func parse(_ bytes: ByteView, _ range: Range<Int>, style: QIFAmountStyle) -> DecimalAmount? {
        let decimal = style == .decimalPoint ? UInt8(ascii: ".") : UInt8(ascii: ",")
        let grouping = style == .decimalPoint ? UInt8(ascii: ",") : UInt8(ascii: ".")
        var value: Int64 = 0
        var digits = 0
        var fraction = -1
        var negative = false
        var signSeen = false
        var openParenthesis = false
        var trailing = false  // past the number: only symbols, a sign or `)` may follow
        // Digits since the last grouping separator, and whether one was seen.
        var groupDigits = 0
        var isGrouped = false
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x30...0x39:
                guard !trailing else { return nil }
                digits += 1
                guard digits <= DecimalAmount.maximumDigits else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                if fraction >= 0 { fraction += 1 } else { groupDigits += 1 }
            case decimal:
                guard !trailing, fraction < 0, !isGrouped || groupDigits == 3 else { return nil }
                fraction = 0
            case grouping, UInt8(ascii: "'"):
                guard !trailing, digits > 0, fraction < 0, isGrouped ? (2...3).contains(groupDigits) : groupDigits <= 3 else { return nil }
                isGrouped = true
                groupDigits = 0
            case 0x20, 0x09:
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard !signSeen, !openParenthesis else { return nil }
                signSeen = true
                negative = byte == UInt8(ascii: "-")
                if digits > 0 { trailing = true }
            case UInt8(ascii: "("):
                guard digits == 0, !openParenthesis, !signSeen else { return nil }
                openParenthesis = true
            case UInt8(ascii: ")"):
                guard openParenthesis, digits > 0 else { return nil }
                openParenthesis = false
                negative = true
                trailing = true
            case 0xC2 where index < end && bytes[index] == 0xA0:  // no-break space
                index += 1
            case 0xE2 where index + 1 < end && bytes[index] == 0x80 && (bytes[index + 1] == 0xAF || bytes[index + 1] == 0x89):
                index += 2  // narrow no-break space, thin space
            case 0xE2 where index + 1 < end && bytes[index] == 0x88 && bytes[index + 1] == 0x92:  // U+2212 minus sign
                guard !signSeen, !openParenthesis else { return nil }
                index += 2
                signSeen = true
                negative = true
                if digits > 0 { trailing = true }
            case UInt8(ascii: "$"), 0x41...0x5A, 0x61...0x7A, 0x80...0xFF:
                if digits > 0 { trailing = true }  // a symbol or code before or after the number
            default:
                return nil
            }
        }
        guard digits > 0, !openParenthesis, !isGrouped || fraction >= 0 || groupDigits == 3 else { return nil }
        return DecimalAmount(significand: negative ? -value : value, fractionDigits: max(fraction, 0))
    }
}
