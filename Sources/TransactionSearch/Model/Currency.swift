/// An ISO 4217 currency code, such as `EUR`, and the number of minor digits its amounts carry.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Three upper-case ASCII letters.
    public let code: String

    /// Parses a code of three ASCII letters in any case (`eur` becomes `EUR`), ignoring
    /// surrounding white space; nil for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let utf8 = trimmed.utf8
        guard utf8.count == 3, utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return nil }
        code = String(decoding: utf8.map { $0 & ~0x20 }, as: UTF8.self)
    }

    /// Digits after the decimal point: 0 for JPY, 3 for KWD, 2 for EUR, USD and any code not known.
    public var minorDigits: Int {
        if Currency.zeroDigitCodes.contains(code) { return 0 }
        if Currency.threeDigitCodes.contains(code) { return 3 }
        if Currency.fourDigitCodes.contains(code) { return 4 }
        return 2
    }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    public static let eur = Currency("EUR")!
    public static let usd = Currency("USD")!
    public static let gbp = Currency("GBP")!
    public static let jpy = Currency("JPY")!

    // ISO 4217 (2024) minor units other than 2.
    private static let zeroDigitCodes: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
        "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    private static let threeDigitCodes: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let fourDigitCodes: Set<String> = ["CLF", "UYW"]
}
