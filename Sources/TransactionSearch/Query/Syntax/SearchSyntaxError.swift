/// A term the search box syntax cannot read, such as `amount>abc`, `date:2026-13` or a field
/// name with a typo (`amout>100`): where it is in the search text, what kind of mistake it is
/// and what was expected there.
public struct SearchSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The position of the offending text, in characters from 1 (as a text field counts them).
    public var position: Int
    /// The whole term as typed, such as `amount>abc`.
    public var term: String
    /// What was expected at `position`, such as `a number such as 50 or 12.5`.
    public var expected: String
    /// What kind of mistake it is, so that an app can say how to fix it (a date's forms, the
    /// field meant).
    public var kind: Kind
    /// The field the term names (`amount`, `date`, `status`...), or for `.misspelledField`
    /// the field its name is one edit from; nil when no field is known.
    public var field: String?

    /// The kinds of mistakes; more may be added.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A known field's value that does not fit it: `amount>abc`, `date:2026-13`,
        /// `status:done`, a reversed range.
        case badValue
        /// A known field with nothing after it: `amount>`, `merchant:`.
        case missingValue
        /// `<` or `>` after a field that does not compare: `merchant>x`.
        case comparison
        /// A name one edit from a field's, before `:`, `=`, `<`, `>` or `~`: `amout>100`,
        /// `merchnt:uncle`. Quoted (`"amout>100"`) it is text.
        case misspelledField
    }

    /// An error from its parts.
    public init(position: Int, term: String, expected: String, kind: Kind = .badValue, field: String? = nil) {
        self.position = position
        self.term = term
        self.expected = expected
        self.kind = kind
        self.field = field
    }

    /// The term with its field name corrected (`amount>100` for `amout>100`), for a
    /// misspelled field; nil otherwise.
    public var suggestion: String? {
        guard kind == .misspelledField, let field else { return nil }
        let excluded = term.hasPrefix("-")
        let name = term.dropFirst(excluded ? 1 : 0).prefix { $0.isASCII && $0.isLetter }
        return (excluded ? "-" : "") + field + term.dropFirst((excluded ? 1 : 0) + name.count)
    }

    /// `at character 8 ('amount>abc'): expected a number such as 50 or 12.5`, or for a
    /// misspelled field `at character 1 ('amout>100'): no field is named 'amout'; did you mean
    /// amount>100?`; control and invisible characters of what was typed shown escaped
    /// (`VisibleText`).
    public var description: String {
        let place = "at character \(position) ('\(VisibleText.escaped(term))'): "
        if let suggestion {
            let name = term.drop { $0 == "-" }.prefix { $0.isASCII && $0.isLetter }
            return place + "no field is named '\(name)'; did you mean \(VisibleText.escaped(suggestion))?"
        }
        return place + "expected \(VisibleText.escaped(expected))"
    }
}

extension SearchSyntaxError: Codable {
    private enum CodingKeys: String, CodingKey {
        case position, term, expected, kind, field
    }

    /// Reads an error; one saved before `kind` and `field` existed is a `.badValue` with no
    /// field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        position = try container.decode(Int.self, forKey: .position)
        term = try container.decode(String.self, forKey: .term)
        expected = try container.decode(String.self, forKey: .expected)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .badValue
        field = try container.decodeIfPresent(String.self, forKey: .field)
    }

    /// Writes every part; `field` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(term, forKey: .term)
        try container.encode(expected, forKey: .expected)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(field, forKey: .field)
    }
}
