/// A known field with a value that does not fit it, such as `amount>abc` or `date:2026-13`:
/// where it is in the search text and what was expected there.
public struct SearchSyntaxError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The position of the offending text, in characters from 1 (as a text field counts them).
    public var position: Int
    /// The whole term as typed, such as `amount>abc`.
    public var term: String
    /// What was expected at `position`, such as `a number such as 50 or 12.5`.
    public var expected: String

    /// An error from its parts.
    public init(position: Int, term: String, expected: String) {
        self.position = position
        self.term = term
        self.expected = expected
    }

    /// `at character 8 ('amount>abc'): expected a number such as 50 or 12.5`; control and
    /// invisible characters of what was typed shown escaped (`VisibleText`).
    public var description: String {
        "at character \(position) ('\(VisibleText.escaped(term))'): expected \(VisibleText.escaped(expected))"
    }
}
