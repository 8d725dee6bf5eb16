import TransactionSearch

/// Reads an amount as bank exports write it, from bytes: `1,234.56`, `1.234,56`, `1'234.56`,
/// `1 234,56` (also with U+00A0 or U+202F), `$1,036.47`, `-$7,971.39`, `(12.34)`, `12.34-`,
/// `€ 12,34`, `12,34 EUR`, `+12.00`, `12.00 CR`. Two steps, because the decimal separator is
/// decided per column: `scan` finds the sign, currency and the digits with their separators
/// (and the evidence about which separator is the decimal one); `parse` turns the digits into
/// an exact `DecimalAmount` once the separator is known, checking the grouping (so `12.50` in a
/// decimal-comma column is an error, not 1250).
enum AmountScanner {
    /// What an amount's text holds, before its decimal separator is known.
    struct Scan {
        /// A minus sign (also U+2212 and a trailing one), parentheses or a `DR` suffix.
        var isNegative = false
        /// A currency named in the text (`EUR`, `€`, `£`).
        var currency: Currency?
        /// A `$` in the text: USD unless the file names another currency (many countries write `$`).
        var hasDollarSign = false
        /// A `¥` in the text: JPY unless the file names another currency.
        var hasYenSign = false
        /// `C` or `D` when a `CR` or `DR` mark follows the digits, else 0.
        var creditDebitMark: UInt8 = 0
        /// The digits and separators, as offsets into the trimmed field.
        var bodyStart = 0, bodyEnd = 0
        /// How many `.` and `,` the digits have, which came last, and how many digits follow it.
        var points = 0, commas = 0
        var lastSeparator: UInt8 = 0
        var digitsAfterLastSeparator = 0
        /// How many digits in all: past `DecimalAmount.maximumDigits` the field is an amount
        /// too large to hold, not text.
        var digits = 0
    }

    private static let point = UInt8(ascii: "."), comma = UInt8(ascii: ",")
    private static let euro = Currency.eur, pound = Currency.gbp

    /// Scans a trimmed field; nil when it is not an amount (letters other than a currency code
    /// or `CR`/`DR`, no digit, an unclosed parenthesis).
    static func scan(_ bytes: ByteView) -> Scan? {
        var scan = Scan()
        let count = bytes.count
        var index = 0
        var openParenthesis = false
        var sawSign = false
        // Before the digits: signs, an opening parenthesis, currency symbols or codes, spaces.
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 { break }
            if (byte == point || byte == comma) && index + 1 < count && bytes[index + 1] >= 0x30 && bytes[index + 1] <= 0x39 { break }
            guard let signWidth = sign(bytes, at: index, into: &scan, sawSign: &sawSign) else { return nil }
            if signWidth > 0 {
                index += signWidth
            } else if byte == UInt8(ascii: "(") {
                guard !openParenthesis else { return nil }
                openParenthesis = true
                index += 1
            } else if let width = symbol(bytes, at: index, into: &scan) {
                index += width
            } else if let width = code(bytes, at: index, into: &scan) {
                index += width
            } else if let width = dollarPrefix(bytes, at: index, into: &scan) {
                index += width
            } else {
                let space = ByteText.spaceWidth(bytes, at: index)
                guard space > 0 else { return nil }
                index += space
            }
        }
        // The digits and their separators.
        scan.bodyStart = index
        var digits = 0
        var lastBodyEnd = index
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                scan.digitsAfterLastSeparator += 1
                index += 1
                lastBodyEnd = index
            } else if byte == point || byte == comma {
                if byte == point { scan.points += 1 } else { scan.commas += 1 }
                scan.lastSeparator = byte
                scan.digitsAfterLastSeparator = 0
                index += 1
            } else if let width = groupSeparatorWidth(bytes, at: index), index + width < count,
                      bytes[index + width] >= 0x30 && bytes[index + width] <= 0x39 {
                index += width
            } else {
                break
            }
        }
        guard digits > 0 else { return nil }
        scan.digits = digits
        scan.bodyEnd = lastBodyEnd
        index = lastBodyEnd
        // After the digits: a trailing sign, the closing parenthesis, a currency, CR or DR.
        var closedParenthesis = false
        while index < count {
            let byte = bytes[index]
            guard let signWidth = sign(bytes, at: index, into: &scan, sawSign: &sawSign) else { return nil }
            if signWidth > 0 {
                index += signWidth
            } else if byte == UInt8(ascii: ")") {
                guard openParenthesis, !closedParenthesis else { return nil }
                closedParenthesis = true
                index += 1
            } else if let width = symbol(bytes, at: index, into: &scan) {
                index += width
            } else if let width = creditDebitSuffix(bytes, at: index, into: &scan, sawSign: &sawSign) {
                index += width
            } else if let width = code(bytes, at: index, into: &scan) {
                index += width
            } else {
                let space = ByteText.spaceWidth(bytes, at: index)
                guard space > 0 else { return nil }
                index += space
            }
        }
        guard openParenthesis == closedParenthesis else { return nil }
        if openParenthesis {
            guard !sawSign || scan.isNegative else { return nil }
            scan.isNegative = true
        }
        return scan
    }

    /// The exact amount of a scanned field with `decimal` as its decimal separator: the other
    /// of `.` and `,`, an apostrophe or a space may group thousands, in groups of three, before
    /// the decimal separator only. Nil when the digits do not fit that reading, or have more
    /// than 18 digits.
    static func parse(_ bytes: ByteView, _ scan: Scan, decimal: UInt8) -> DecimalAmount? {
        var value: Int64 = 0
        var digits = 0
        var fractionDigits = -1
        var groupSeparator: UInt8 = 0
        var groupDigits = -1  // digits since the last group separator; -1 before the first
        var leadingDigits = 0
        var index = scan.bodyStart
        while index < scan.bodyEnd {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                guard digits <= DecimalAmount.maximumDigits else { return nil }
                value = value &* 10 &+ Int64(byte &- 0x30)
                if fractionDigits >= 0 {
                    fractionDigits += 1
                } else if groupDigits >= 0 {
                    groupDigits += 1
                } else {
                    leadingDigits += 1
                }
                index += 1
                continue
            }
            if byte == decimal {
                guard fractionDigits < 0, groupDigits < 0 || groupDigits == 3 else { return nil }
                fractionDigits = 0
                index += 1
                continue
            }
            // A group separator: the other of point and comma, an apostrophe or a space.
            guard fractionDigits < 0 else { return nil }
            let width = byte == point || byte == comma ? 1 : groupSeparatorWidth(bytes, at: index) ?? 0
            guard width > 0 else { return nil }
            let kind: UInt8  // every space is one kind, and both apostrophes
            if byte == point || byte == comma || byte == UInt8(ascii: "'") {
                kind = byte
            } else {
                kind = width == 3 && bytes[index + 2] == 0x99 ? UInt8(ascii: "'") : UInt8(ascii: " ")
            }
            if groupSeparator == 0 {
                guard leadingDigits >= 1 && leadingDigits <= 3 else { return nil }
                groupSeparator = kind
            } else {
                guard kind == groupSeparator, groupDigits == 3 else { return nil }
            }
            groupDigits = 0
            index += width
        }
        guard digits > 0, groupDigits < 0 || groupDigits == 3 || fractionDigits >= 0 else { return nil }
        if fractionDigits >= 0 && groupDigits >= 0 && groupDigits != 3 { return nil }
        return DecimalAmount(significand: scan.isNegative ? -value : value, fractionDigits: max(fractionDigits, 0))
    }

    /// A currency symbol at `index`: its width, noting what it says.
    @inline(__always)
    private static func symbol(_ bytes: ByteView, at index: Int, into scan: inout Scan) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "$") {
            scan.hasDollarSign = true
            return 1
        }
        if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x82 && bytes[index + 2] == 0xAC {
            scan.currency = euro
            return 3
        }
        if byte == 0xC2 && index + 1 < bytes.count && (bytes[index + 1] == 0xA3 || bytes[index + 1] == 0xA5) {
            if bytes[index + 1] == 0xA3 { scan.currency = pound } else { scan.hasYenSign = true }
            return 2
        }
        return nil
    }

    /// A three-letter currency code at `index` (not followed by another letter).
    @inline(__always)
    private static func code(_ bytes: ByteView, at index: Int, into scan: inout Scan) -> Int? {
        guard index + 3 <= bytes.count else { return nil }
        var packed: UInt32 = 0
        for offset in 0..<3 {
            let upper = bytes[index + offset] & ~0x20
            guard upper >= 0x41 && upper <= 0x5A else { return nil }
            packed = packed << 8 | UInt32(upper)
        }
        if index + 3 < bytes.count {
            let next = bytes[index + 3] | 0x20
            guard !(next >= 0x61 && next <= 0x7A) else { return nil }
        }
        guard CurrencyCodes.isKnown(packed), let currency = Currency(packed: packed) else { return nil }
        scan.currency = currency
        return 3
    }

    private static let dollarPrefixes: [UInt32: Currency] = [
        0x5553: .usd, 0x43: .cad, 0x4341: .cad, 0x41: .aud, 0x4155: .aud, 0x4E5A: .nzd, 0x484B: .hkd, 0x53: .sgd, 0x5347: .sgd,
        0x52: .brl, 0x4D58: .mxn, 0x4E54: Currency("TWD")!,
    ]

    /// The dollars a prefix names (`US$`, `C$`, `CA$`, `A$`, `NZ$`, `HK$`, `S$`, `R$`, `MX$`):
    /// the width up to and with the `$`, the currency noted; nil for anything else.
    private static func dollarPrefix(_ bytes: ByteView, at index: Int, into scan: inout Scan) -> Int? {
        var end = index
        var packed: UInt32 = 0
        while end < bytes.count, end - index < 3 {
            let upper = bytes[end] & ~0x20
            guard upper >= 0x41 && upper <= 0x5A else { break }
            packed = packed << 8 | UInt32(upper)
            end += 1
        }
        guard end > index, end < bytes.count, bytes[end] == UInt8(ascii: "$") else { return nil }
        guard let currency = dollarPrefixes[packed] else { return nil }
        scan.currency = currency
        return end + 1 - index
    }

    /// `CR` (credit, positive) or `DR` (debit, negative) after the digits.
    @inline(__always)
    private static func creditDebitSuffix(_ bytes: ByteView, at index: Int, into scan: inout Scan,
                                          sawSign: inout Bool) -> Int? {
        guard index + 2 <= bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "r") else { return nil }
        let first = bytes[index] | 0x20
        guard first == UInt8(ascii: "c") || first == UInt8(ascii: "d") else { return nil }
        if index + 2 < bytes.count {
            let next = bytes[index + 2] | 0x20
            guard !(next >= 0x61 && next <= 0x7A) else { return nil }
        }
        guard !sawSign else { return nil }
        sawSign = true
        scan.isNegative = first == UInt8(ascii: "d")
        scan.creditDebitMark = first == UInt8(ascii: "d") ? UInt8(ascii: "D") : UInt8(ascii: "C")
        return 2
    }

    /// A sign at `index`, noted in `scan`: its width (1 for `-` or `+`, 3 for U+2212), 0 when
    /// no sign is there, nil for a second sign (the text is then no amount). One sign is
    /// allowed, before or after the digits.
    @inline(__always)
    private static func sign(_ bytes: ByteView, at index: Int, into scan: inout Scan, sawSign: inout Bool) -> Int? {
        let byte = bytes[index]
        let width: Int
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
            width = 1
        } else if isMinusSign(bytes, at: index) {
            width = 3
        } else {
            return 0
        }
        guard !sawSign else { return nil }
        sawSign = true
        scan.isNegative = byte != UInt8(ascii: "+")
        return width
    }

    /// U+2212 MINUS SIGN.
    @inline(__always)
    private static func isMinusSign(_ bytes: ByteView, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x88 && bytes[index + 2] == 0x92
    }

    /// The width of a thousands separator other than `.` and `,` at `index`: an apostrophe
    /// (also U+2019), a space, U+00A0, U+2009 or U+202F; nil for anything else.
    @inline(__always)
    private static func groupSeparatorWidth(_ bytes: ByteView, at index: Int) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "'") { return 1 }
        if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x99 { return 3 }
        let space = ByteText.spaceWidth(bytes, at: index)
        return space > 0 && byte != 0x09 && byte != 0x0A && byte != 0x0D ? space : nil
    }
}
