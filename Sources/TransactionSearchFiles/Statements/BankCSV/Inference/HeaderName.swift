import TransactionSearch

/// A header name made comparable: folded (case and accents ignored), punctuation turned into
/// single spaces, and a currency it names at its end taken off and kept (`Amount (EUR)`,
/// `Betrag in EUR`, `Débit euros`, `Money out (£)`).
struct HeaderName: Hashable {
    /// As written, trimmed.
    let original: String
    /// Folded words separated by single spaces, the currency taken off: `amount`.
    let key: String
    let words: [String]
    /// The key when the word before the currency is not a preposition (`Money in (£)` is
    /// `money in`, not `money` + `in £`), or nil when no preposition was taken off.
    let keyKeepingPreposition: String?
    /// The currency the name ends with.
    let currency: Currency?
    /// The name has a `$`.
    let hasDollarSign: Bool

    /// Currencies a header may name (a short list: a longer one would read English words such
    /// as `all` or `top` as codes).
    private static let headerCurrencies: Set<String> = [
        "eur", "usd", "gbp", "chf", "jpy", "cad", "aud", "nzd", "sek", "nok", "dkk", "pln", "czk", "huf", "ron", "bgn",
        "brl", "mxn", "inr", "cny", "hkd", "sgd", "zar", "ils", "isk", "rub", "uah",
    ]

    /// Normalizes a header name as written.
    init(_ text: String) {
        original = text.trimmingWhitespace()
        hasDollarSign = text.contains("$")
        var words = HeaderName.normalizedKey(text).split(separator: " ").map(String.init)
        var currency: Currency?
        var keepingPreposition: String?
        while let last = words.last {
            let named: Currency?
            switch last {
            case "€", "euro", "euros": named = .eur
            case "£": named = .gbp
            default: named = HeaderName.headerCurrencies.contains(last) ? Currency(last) : nil
            }
            guard let named else { break }
            currency = currency ?? named
            words.removeLast()
            if let preposition = words.last, ["in", "en", "em"].contains(preposition) {
                keepingPreposition = words.joined(separator: " ")
                words.removeLast()
            }
        }
        self.words = words
        self.currency = currency
        key = words.joined(separator: " ")
        keyKeepingPreposition = keepingPreposition
    }

    /// Folded letters and digits, every other run of characters one space.
    static func normalizedKey(_ text: String) -> String {
        var text = text
        return text.withByteView { ByteText.key($0) }
    }
}
