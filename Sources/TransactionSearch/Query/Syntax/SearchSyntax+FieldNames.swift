/// Field names typed with a typo: `amout>100` and `merchnt:uncle` look like field terms to a
/// person, so searching them as text would answer a question nobody asked. A name one edit
/// (an insertion, a deletion, a substitution or a swap of two neighbours) from a field's
/// name, followed by `:`, `=`, `<`, `>` or `~`, is a `SearchSyntaxError` of kind
/// `.misspelledField` naming the field meant; quoted (`"amout>100"`) it is text.
extension SearchSyntax {
    /// The characters that end a field name in a term.
    static let fieldOperators: Set<Unicode.Scalar> = [":", "=", "<", ">", "~"]

    /// The error for `text` (a term's first unquoted piece, a leading `-` already removed)
    /// when it starts with a name one edit from a field's name followed by an operator; nil
    /// otherwise (a known field, an unknown name such as `foo:bar` or `12:30`).
    static func misspelledField(_ text: String, token: SyntaxToken, position: Int) -> SearchSyntaxError? {
        let scalars = text.unicodeScalars
        let name = scalars.prefix { $0.isASCII && $0.properties.isAlphabetic }
        guard !name.isEmpty, let next = scalars.dropFirst(name.count).first, fieldOperators.contains(next) else { return nil }
        let typed = Array(String(String.UnicodeScalarView(name)).lowercased().unicodeScalars)
        guard SyntaxField(rawValue: String(String.UnicodeScalarView(typed))) == nil else { return nil }
        for field in SyntaxField.allCases where optimalAlignmentDistance(typed, Array(field.rawValue.unicodeScalars), limit: 1) == 1 {
            return SearchSyntaxError(position: position, term: token.raw, expected: "a field name such as \(field.rawValue)",
                                     kind: .misspelledField, field: field.rawValue)
        }
        return nil
    }

    /// The optimal string alignment distance of two short texts (insertions, deletions,
    /// substitutions and swaps of neighbours), or `limit + 1` when it is more than `limit`.
    /// - Complexity: O(`a.count` × `b.count`); field names are a few letters.
    static func optimalAlignmentDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            before = previous
            previous = current
        }
        return min(a.isEmpty ? b.count : previous[b.count], limit + 1)
    }
}
