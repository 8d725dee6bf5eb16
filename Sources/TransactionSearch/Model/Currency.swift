/// An ISO 4217 currency code, such as `EUR`, and the number of minor digits its amounts carry.
///
/// Stored as its three letters packed in an integer, so that money is a plain value: copying
/// and comparing it touches no reference count.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three upper-case ASCII letters, the first in the high byte (so integer order is
    /// code order).
    package let packed: UInt32

    /// Parses a code of three ASCII letters in any case (`eur` becomes `EUR`), ignoring
    /// surrounding white space; nil for anything else (`init(parsing:)` throws instead).
    public init?(_ text: String) {
        if text.utf8.count != 3 {
            let trimmed = text.trimmingWhitespace()
            guard trimmed.utf8.count == 3 else { return nil }
            self.init(trimmed)
            return
        }
        var text = text
        let packed = text.withUTF8 { bytes -> UInt32? in
            var packed: UInt32 = 0
            for byte in bytes {
                let upper = byte & ~0x20
                guard upper >= 0x41 && upper <= 0x5A else { return nil }
                packed = packed << 8 | UInt32(upper)
            }
            return packed
        }
        guard let packed else { return nil }
        self.init(trustedPacked: packed)
    }

    private init(trustedPacked packed: UInt32) { self.packed = packed }

    /// The currency of a packed code read back from a file; nil unless three letters A-Z.
    package init?(packed: UInt32) {
        func isLetter(_ byte: UInt32) -> Bool { byte >= 0x41 && byte <= 0x5A }
        guard packed >> 24 == 0, isLetter(packed >> 16), isLetter(packed >> 8 & 0xFF), isLetter(packed & 0xFF) else { return nil }
        self.init(trustedPacked: packed)
    }

    /// Three upper-case ASCII letters.
    public var code: String {
        String(decoding: [UInt8(packed >> 16), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF)], as: UTF8.self)
    }

    /// Digits after the decimal point: 0 for JPY, 3 for KWD, 2 for EUR, USD and any code not known.
    public var minorDigits: Int {
        let codes = Currency.nonDefaultDigits
        var low = 0, high = codes.count
        while low < high {
            let middle = (low + high) / 2
            if codes[middle].packed < packed { low = middle + 1 } else { high = middle }
        }
        return low < codes.count && codes[low].packed == packed ? codes[low].digits : 2
    }

    /// The code, such as `EUR`.
    public var description: String { code }

    /// Whether `lhs` comes first in code order.
    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.packed < rhs.packed }

    /// Euro.
    public static let eur = Currency("EUR")!
    /// US dollar.
    public static let usd = Currency("USD")!
    /// Pound sterling.
    public static let gbp = Currency("GBP")!
    /// Japanese yen (no minor digits).
    public static let jpy = Currency("JPY")!
    /// Swiss franc.
    public static let chf = Currency("CHF")!
    /// Canadian dollar.
    public static let cad = Currency("CAD")!
    /// Australian dollar.
    public static let aud = Currency("AUD")!
    /// New Zealand dollar.
    public static let nzd = Currency("NZD")!
    /// Swedish krona.
    public static let sek = Currency("SEK")!
    /// Norwegian krone.
    public static let nok = Currency("NOK")!
    /// Danish krone.
    public static let dkk = Currency("DKK")!
    /// Polish złoty.
    public static let pln = Currency("PLN")!
    /// Czech koruna.
    public static let czk = Currency("CZK")!
    /// Chinese yuan renminbi.
    public static let cny = Currency("CNY")!
    /// Hong Kong dollar.
    public static let hkd = Currency("HKD")!
    /// Singapore dollar.
    public static let sgd = Currency("SGD")!
    /// Indian rupee.
    public static let inr = Currency("INR")!
    /// South Korean won (no minor digits).
    public static let krw = Currency("KRW")!
    /// Mexican peso.
    public static let mxn = Currency("MXN")!
    /// Brazilian real.
    public static let brl = Currency("BRL")!

    /// Parses a code like `init(_:)`, with a clear failure rather than nil (a draft reads a nil
    /// currency as the store's base currency).
    /// - Throws: `ValidationError` for the field `currency`: `invalidCurrency`.
    public init(parsing text: String) throws(ValidationError) {
        guard let currency = Currency(text) else { throw ValidationError(.currency, .invalidCurrency(text)) }
        self = currency
    }

    /// ISO 4217 (2024) minor units other than 2.
    /// Sorted by code, searched by halving: cheaper per row of an import than hashing.
    private static let nonDefaultDigits: [(packed: UInt32, digits: Int)] = {
        var digits: [(packed: UInt32, digits: Int)] = []
        for code in ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"] {
            digits.append((Currency(code)!.packed, 0))
        }
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] { digits.append((Currency(code)!.packed, 3)) }
        for code in ["CLF", "UYW"] { digits.append((Currency(code)!.packed, 4)) }
        return digits.sorted { $0.packed < $1.packed }
    }()
}
