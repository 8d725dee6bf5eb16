import TransactionSearch

/// The currency a QIF amount names, if any (docs/SPEC.md section 9). QIF has no currency field,
/// but programs write one into the amount: a symbol (`$12.00`, `-€5,00`, `£3.10`, `¥1,200`) or an
/// ISO code before or after the number (`EUR 12.00`, `12.00 EUR`, `-12.00USD`). `$` is USD, `£`
/// GBP, `€` EUR, `¥` JPY; a code is any ISO 4217 code, withdrawn ones included (`DEM 10.00`).
/// Other letters (`CR`, `DR`, `US` of `US$`, a lower-case `eur`) name nothing.
enum QIFAmountCurrency: Hashable, Sendable {
    /// The amount names no currency.
    case none
    /// The amount names one currency, as written (`$`, `EUR`).
    case named(String, Currency)
    /// The amount names two different currencies (`$12.00 EUR`): what is meant cannot be told.
    case conflicting(String, String)

    /// What `range` of `bytes` (a `T`, `U` or `$` field) names.
    static func of(_ bytes: ByteView, _ range: Range<Int>) -> QIFAmountCurrency {
        var found: (String, Currency)?
        var index = range.lowerBound
        while index < range.upperBound {
            var named: (String, Currency)?
            var length = 1
            let byte = bytes[index]
            if byte == UInt8(ascii: "$") {
                named = ("$", .usd)
            } else if byte == 0xE2, index + 2 < range.upperBound, bytes[index + 1] == 0x82, bytes[index + 2] == 0xAC {
                named = ("€", .eur)
                length = 3
            } else if byte == 0xC2, index + 1 < range.upperBound, bytes[index + 1] == 0xA3 {
                named = ("£", .gbp)
                length = 2
            } else if byte == 0xC2, index + 1 < range.upperBound, bytes[index + 1] == 0xA5 {
                named = ("¥", .jpy)
                length = 2
            } else if isLetter(byte) {
                // A run of letters: a currency when it is exactly a known code in capitals.
                var end = index, capitals = true
                while end < range.upperBound, isLetter(bytes[end]) {
                    capitals = capitals && bytes[end] <= 0x5A
                    end += 1
                }
                length = end - index
                if length == 3 && capitals {
                    let code = String(decoding: bytes.view(index..<end), as: UTF8.self)
                    if let currency = CurrencyCodes.currency(code) { named = (code, currency) }
                }
            }
            index += length
            guard let named else { continue }
            if let found, found.1 != named.1 { return .conflicting(found.0, named.0) }
            if found == nil { found = named }
        }
        return found.map { .named($0.0, $0.1) } ?? .none
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
