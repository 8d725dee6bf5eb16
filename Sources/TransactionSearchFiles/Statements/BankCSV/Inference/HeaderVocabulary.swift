import TransactionSearch

/// The languages whose header names the reader knows.
enum HeaderLanguage: String, CaseIterable, Hashable, Sendable {
    case english = "English", german = "German", french = "French", spanish = "Spanish", italian = "Italian"
    case dutch = "Dutch", portuguese = "Portuguese", polish = "Polish", czech = "Czech", slovak = "Slovak"
    case hungarian = "Hungarian", romanian = "Romanian", swedish = "Swedish", danish = "Danish", norwegian = "Norwegian"
    case finnish = "Finnish", lithuanian = "Lithuanian", latvian = "Latvian", estonian = "Estonian", greek = "Greek"
    case turkish = "Turkish"

    /// The language's bit in `HeaderMeaning.languages`.
    var bit: UInt32 { 1 << UInt32(HeaderLanguage.allCases.firstIndex(of: self)!) }

    /// Every language's bit: names every language uses (`IBAN`).
    static let everyLanguage: UInt32 = (1 << UInt32(allCases.count)) - 1

    /// The language of a table line's code (`en`, `pl`, `nb`), or nil.
    init?(code: Substring) {
        let codes: [Substring: HeaderLanguage] = [
            "en": .english, "de": .german, "fr": .french, "es": .spanish, "it": .italian, "nl": .dutch, "pt": .portuguese,
            "pl": .polish, "cs": .czech, "sk": .slovak, "hu": .hungarian, "ro": .romanian, "sv": .swedish, "da": .danish,
            "nb": .norwegian, "fi": .finnish, "lt": .lithuanian, "lv": .latvian, "et": .estonian, "el": .greek, "tr": .turkish,
        ]
        guard let language = codes[code] else { return nil }
        self = language
    }

    /// Whether amounts in this language are written with a decimal comma.
    var usesDecimalComma: Bool { self != .english }

    /// Whether numeric dates in this language put the day before the month (every one but
    /// English, which is day-first in Britain and month-first in the United States).
    var isDayFirst: Bool { self != .english }
}

/// What a header name says about its column.
struct HeaderMeaning: Hashable, Sendable {
    /// What the name makes of its column.
    enum Target: Hashable, Sendable {
        case role(ColumnRole)
        /// Read and left out, with why (`the counterparty's account`).
        case ignored(String)
    }

    var target: Target
    /// Lower wins when two columns claim a role.
    var rank: Int
    /// The values must fit the role before it is taken.
    var isTentative: Bool
    /// A US English word: evidence for month-first dates.
    var isUSOnly: Bool
    /// The languages that use the name (a bit per `HeaderLanguage`).
    var languages: UInt32
    /// Found by a keyword inside the name, not by the whole name.
    var isFromKeyword = false

    /// The role, unless the column is left out.
    var role: ColumnRole? {
        if case .role(let role) = target { return role }
        return nil
    }
}

/// Header names and what they mean (`HeaderVocabulary+Table.swift` lists them): looked up
/// after folding (case and accents ignored, punctuation as spaces), first as a whole name,
/// then by keywords inside it.
enum HeaderVocabulary {
    /// Normalized name → meaning.
    static let exact: [String: HeaderMeaning] = load()

    /// Keywords: (word, is a suffix, role), in priority order.
    static let keywordList: [(word: String, isSuffix: Bool, role: ColumnRole)] = {
        var list: [(String, Bool, ColumnRole)] = []
        for line in (keywords + "\n" + europeanKeywords).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let role = ColumnRole(rawValue: String(parts[0]).trimmingWhitespace()) else { continue }
            for entry in parts[1].split(separator: "|") {
                var word = String(entry).trimmingWhitespace()
                let isSuffix = word.hasSuffix("*")
                if isSuffix { word.removeLast() }
                list.append((HeaderName.normalizedKey(word), isSuffix, role))
            }
        }
        return list
    }()

    /// Words that make a date a value date (`Date de valeur` is caught whole; this catches
    /// names not in the table, such as `Valeur date`).
    private static let valueWords: Set<String> = ["valeur", "valor", "valuta", "value", "wert", "wertstellung"]

    /// What a header name means, or nil for a name the reader does not know.
    static func meaning(of name: HeaderName) -> HeaderMeaning? {
        if let alternative = name.keyKeepingPreposition, let meaning = exact[alternative] { return meaning }
        if let meaning = exact[name.key] { return meaning }
        if name.key.isEmpty {
            // A column named only by its currency (`EUR`) holds amounts.
            return name.currency == nil ? nil : HeaderMeaning(target: .role(.amount), rank: 3, isTentative: true, isUSOnly: false,
                                                              languages: 0, isFromKeyword: true)
        }
        for keyword in keywordList {
            let found = name.words.contains { keyword.isSuffix ? $0.hasSuffix(keyword.word) : $0 == keyword.word }
            guard found else { continue }
            var role = keyword.role
            if role == .date && name.words.contains(where: { valueWords.contains($0) }) { role = .valueDate }
            return HeaderMeaning(target: .role(role), rank: 5, isTentative: true, isUSOnly: false, languages: 0, isFromKeyword: true)
        }
        return nil
    }

    /// The normalized names of a role, for suggesting the closest header when it is missing.
    static func names(of role: ColumnRole) -> [String] {
        exact.filter { $0.value.role == role }.map(\.key).sorted()
    }

    private static let ignoreReasons = [
        "counterparty": "the counterparty's account",
        "bank": "a bank code",
        "mandate": "a direct debit mandate or creditor id",
        "original": "an original or local amount, rate or fee (the booked amount is used)",
        "check": "a check number",
        "other": "not a field of a transaction",
    ]

    private static func load() -> [String: HeaderMeaning] {
        var meanings: [String: HeaderMeaning] = [:]
        for line in (table + "\n" + europeanTable).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let head = parts[0].split(separator: " ")
            guard head.count == 2 else { continue }
            let languages: UInt32
            if head[0] == "*" {
                languages = HeaderLanguage.everyLanguage
            } else if let language = HeaderLanguage(code: head[0]) {
                languages = language.bit
            } else {
                continue
            }
            var spec = String(head[1])
            let isUSOnly = spec.hasSuffix("!")
            if isUSOnly { spec.removeLast() }
            let isTentative = spec.hasSuffix("~")
            if isTentative { spec.removeLast() }
            var rank = 0
            if let last = spec.last, let digit = last.wholeNumberValue {
                rank = digit
                spec.removeLast()
            }
            let target: HeaderMeaning.Target
            if spec.hasPrefix("ignore-") {
                target = .ignored(ignoreReasons[String(spec.dropFirst(7))] ?? "left out")
            } else if let role = ColumnRole(rawValue: spec) {
                target = .role(role)
            } else {
                continue
            }
            for entry in parts[1].split(separator: "|") {
                let written = String(entry).trimmingWhitespace()
                for variant in [written, transliterated(written)] {
                    let key = HeaderName(variant).key
                    guard !key.isEmpty else { continue }
                    if var existing = meanings[key] {
                        // The same name in another language: one meaning, more languages.
                        if existing.target == target { existing.languages |= languages }
                        meanings[key] = existing
                    } else {
                        meanings[key] = HeaderMeaning(target: target, rank: rank, isTentative: isTentative, isUSOnly: isUSOnly,
                                                      languages: languages)
                    }
                }
            }
        }
        return meanings
    }

    /// German umlauts as two letters (`Währung` → `Waehrung`), the way many exports write them.
    private static func transliterated(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "ä": result += "ae"
            case "ö": result += "oe"
            case "ü": result += "ue"
            case "Ä": result += "Ae"
            case "Ö": result += "Oe"
            case "Ü": result += "Ue"
            default: result.append(character)
            }
        }
        return result
    }
}
