/// Parsing of the text tables (multi-line string literals, decoded once at first use).
///
/// Format: one row per line, `#` starts a comment line, items separated by `|`, a row's
/// name and items separated by ` = `. Item markers: `^` needs a number after it,
/// `$` needs nothing but noise after it. Name markers: `~` weak (see `PayeePhraseFlags.weak`),
/// `!` the name itself is not a variant (`Free` matches `FREE MOBILE`, not `FREE`),
/// `@` a transfer service (Zelle, Venmo) rather than a card processor.
enum PayeeTableText {
    // Split and trimmed as UTF-8 bytes: every separator is ASCII, and splitting by characters
    // (grapheme breaking) made decoding the tables 87 M instructions, most of the first
    // import's payee cost.

    /// The meaningful lines: trimmed, without blank and comment lines.
    static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: newline).map { trim(Substring($0)) }.filter { !$0.isEmpty && $0.utf8.first != hash }
    }

    /// A row's name and its items (`Name = A | B`), or no name for a bare list (`A | B`).
    static func row(_ line: Substring) -> (name: Substring?, items: [Substring]) {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == space, let equals = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), equals != bytes.endIndex,
               bytes[equals] == equalsSign, let after = bytes.index(equals, offsetBy: 1, limitedBy: bytes.endIndex), after != bytes.endIndex,
               bytes[after] == space
            {
                let rest = bytes.index(after: after)
                return (trim(Substring(bytes[bytes.startIndex..<index])), items(Substring(bytes[rest...])))
            }
            index = bytes.index(after: index)
        }
        return (nil, items(line))
    }

    /// The `|`-separated items of a list, trimmed.
    static func items(_ text: Substring) -> [Substring] {
        text.utf8.split(separator: bar).map { trim(Substring($0)) }.filter { !$0.isEmpty }
    }

    /// The white-space-separated words of a list (for single-word lists such as state codes).
    static func words(_ text: String) -> [Substring] {
        text.utf8.split(whereSeparator: { $0 == space || $0 == newline }).map { Substring($0) }.filter { $0.utf8.first != hash }
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

    /// The text without leading and trailing spaces, tabs and carriage returns.
    static func trim(_ s: Substring) -> Substring {
        let bytes = s.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == 9 || byte == 13 }
        while start != end && isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end != start && isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return Substring(bytes[start..<end])
    }

    private static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), hash = UInt8(ascii: "#")
    private static let bar = UInt8(ascii: "|"), equalsSign = UInt8(ascii: "=")
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
