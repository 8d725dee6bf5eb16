/// An ISO 4217 currency code, such as `EUR`, and the number of minor digits its amounts carry.
///
/// Stored as its three letters packed in an integer, so that money is a plain value: copying
/// and comparing it touches no reference count.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three upper-case ASCII letters, the first in the high byte (so integer order is
    /// code order).
    let packed: UInt32

    /// Parses a code of three ASCII letters in any case (`eur` becomes `EUR`), ignoring
    /// surrounding white space; nil for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let utf8 = trimmed.utf8
        guard utf8.count == 3, utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return nil }
        packed = utf8.reduce(0) { $0 << 8 | UInt32($1 & ~0x20) }
    }

    /// Three upper-case ASCII letters.
    public var code: String {
        String(decoding: [UInt8(packed >> 16), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF)], as: UTF8.self)
    }

    /// Digits after the decimal point: 0 for JPY, 3 for KWD, 2 for EUR, USD and any code not known.
    public var minorDigits: Int {
        Currency.nonDefaultDigits[packed] ?? 2
    }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.packed < rhs.packed }

    public static let eur = Currency("EUR")!
    public static let usd = Currency("USD")!
    public static let gbp = Currency("GBP")!
    public static let jpy = Currency("JPY")!

    /// ISO 4217 (2024) minor units other than 2.
    private static let nonDefaultDigits: [UInt32: Int] = {
        var digits: [UInt32: Int] = [:]
        for code in ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"] {
            digits[Currency(code)!.packed] = 0
        }
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] { digits[Currency(code)!.packed] = 3 }
        for code in ["CLF", "UYW"] { digits[Currency(code)!.packed] = 4 }
        return digits
    }()
}
