/// Parsing of the text tables (multi-line string literals, decoded once at first use).
///
/// Format: one row per line, `#` starts a comment line, items separated by `|`, a row's
/// name and items separated by ` = `. Item markers: `^` needs a number after it,
/// `$` needs nothing but noise after it. Name markers: `~` weak (see `PayeePhraseFlags.weak`),
/// `!` the name itself is not a variant (`Free` matches `FREE MOBILE`, not `FREE`),
/// `@` a transfer service (Zelle, Venmo) rather than a card processor.
enum PayeeTableText {
    /// The meaningful lines: trimmed, without blank and comment lines.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n").map(trim).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A row's name and its items (`Name = A | B`), or no name for a bare list (`A | B`).
    static func row(_ line: Substring) -> (name: Substring?, items: [Substring]) {
        let parts = line.split(separator: " = ", maxSplits: 1)
        if parts.count == 2 { return (trim(parts[0]), items(parts[1])) }
        return (nil, items(line))
    }

    /// The `|`-separated items of a list, trimmed.
    static func items(_ text: Substring) -> [Substring] {
        text.split(separator: "|").map(trim).filter { !$0.isEmpty }
    }

    /// The white-space-separated words of a list (for single-word lists such as state codes).
    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { !$0.hasPrefix("#") }
    }

    /// An item's markers and text: `^STORE` is (needsNumber, "STORE").
    static func marked(_ item: Substring) -> (flags: PayeePhraseFlags, text: String) {
        var flags: PayeePhraseFlags = []
        var rest = item
        while let c = rest.first, c == "^" || c == "$" {
            flags.insert(c == "^" ? .needsNumber : .exclusive)
            rest = rest.dropFirst()
        }
        return (flags, String(rest))
    }

    /// The text without leading and trailing spaces.
    static func trim(_ s: Substring) -> Substring {
        var t = s
        while let c = t.first, c == " " || c == "\t" || c == "\r" { t = t.dropFirst() }
        while let c = t.last, c == " " || c == "\t" || c == "\r" { t = t.dropLast() }
        return t
    }
}

/// All tables, decoded once into one `PayeeWordTable` and shared by every `PayeeCleaner`.
final class PayeeTables: Sendable {
    /// The decoded tables (decoded on first use, thread-safely, by Swift's global `static let`).
    static let shared = PayeeTables()

    /// The word and phrase table.
    let words: PayeeWordTable

    /// Decodes every text table.
    private init() {
        var b = PayeeWordTableBuilder()
        for text in [PayeeBrandsAmericas.text, PayeeBrandsEurope.text, PayeeBrandsDigital.text] {
            for line in PayeeTableText.lines(text) {
                let (name, items) = PayeeTableText.row(line)
                guard var canonical = name else { continue }
                var flags: PayeePhraseFlags = []
                var addName = true
                if canonical.hasPrefix("!") { addName = false; canonical = canonical.dropFirst() }
                if canonical.hasPrefix("~") { flags.insert(.weak); canonical = canonical.dropFirst() }
                let value = String(canonical)
                if addName { b.addPhrase(value, .brand, flags, value: value) }
                for item in items { b.addPhrase(String(item), .brand, flags, value: value) }
            }
        }
        for line in PayeeTableText.lines(PayeeProcessors.text) {
            let (name, items) = PayeeTableText.row(line)
            guard var processor = name else { continue }
            var kind = PayeePhraseKind.processor
            var flags: PayeePhraseFlags = []
            if processor.hasPrefix("@") { kind = .transfer; processor = processor.dropFirst() }
            if processor.hasPrefix("~") { flags.insert(.weak); processor = processor.dropFirst() }
            for item in items { b.addPhrase(String(item), kind, flags, value: String(processor)) }
        }
        for line in PayeeTableText.lines(PayeePaymentPhrases.text) {
            for item in PayeeTableText.row(line).items {
                let (flags, text) = PayeeTableText.marked(item)
                b.addPhrase(text, .payment, flags, value: nil)
            }
        }
        for line in PayeeTableText.lines(PayeePaymentPhrases.wallets) {
            for item in PayeeTableText.row(line).items { b.addPhrase(String(item), .wallet, value: nil) }
        }
        for line in PayeeTableText.lines(PayeeNonMerchant.text) {
            let (name, items) = PayeeTableText.row(line)
            guard let label = name else { continue }
            for item in items {
                let (flags, text) = PayeeTableText.marked(item)
                b.addPhrase(text, .nonMerchant, flags, value: String(label))
            }
        }
        let cutKinds: [Substring: PayeePhraseKind] = [
            "reference": .cutReference, "payroll": .cutPayroll, "store": .cutStore,
            "on-date": .cutOnDate, "memo": .cutMemo,
        ]
        for line in PayeeTableText.lines(PayeeNoiseWords.cuts) {
            let (name, items) = PayeeTableText.row(line)
            guard let name, let kind = cutKinds[name] else { continue }
            for item in items {
                let (flags, text) = PayeeTableText.marked(item)
                b.addPhrase(text, kind, flags, value: nil)
            }
        }
        for word in PayeeTableText.words(PayeeNoiseWords.genericService) { b.addWord(String(word), .genericService) }
        for word in PayeeTableText.words(PayeeNoiseWords.currencies) { b.addWord(String(word), .currency) }
        for word in PayeeTableText.words(PayeeLocations.states) { b.addWord(String(word), .state) }
        for word in PayeeTableText.words(PayeeLocations.countries) { b.addWord(String(word), .country) }
        for line in PayeeTableText.lines(PayeeLocations.cities) {
            for item in PayeeTableText.row(line).items { b.addPhrase(String(item), .city, value: nil) }
        }
        for word in PayeeTableText.words(PayeeCasingWords.small) { b.addWord(String(word), .smallWord) }
        for word in PayeeTableText.words(PayeeCasingWords.articles) { b.addWord(String(word), .article) }
        for word in PayeeTableText.words(PayeeCasingWords.connectors) { b.addWord(String(word), .connector) }
        for word in PayeeTableText.words(PayeeCasingWords.legalForms) { b.addWord(String(word), .legalForm) }
        for word in PayeeTableText.words(PayeePaymentPhrases.prepositions) { b.addWord(String(word), .preposition) }
        for word in PayeeTableText.words(PayeeCasingWords.forms) {
            guard let colon = word.firstIndex(of: "=") else { continue }
            b.addWord(String(word[..<colon]), [], form: String(word[word.index(after: colon)...]))
        }
        words = b.finish()
    }
}
