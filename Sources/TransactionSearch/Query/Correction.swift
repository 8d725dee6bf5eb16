/// A word of the query that matched nothing exactly and was matched approximately (typos
/// forgiven, docs/SPEC.md section 8), with the closest spellings found, so that an app can say
/// "showing results for starbucks".
public struct Correction: Hashable, Sendable, Codable {
    /// The word as searched (folded: `starbuks`).
    public var term: String
    /// The closest spellings found in the searched fields, folded, closest first: the whole
    /// words around the approximate match in each of the `stringsSpelled` closest strings
    /// (fewest edits, then the most rows, then byte order), each once, at most `spellingLimit`.
    public var matched: [String]

    /// A correction of a word to the spellings found.
    public init(term: String, matched: [String]) {
        self.term = term
        self.matched = matched
    }

    /// Spellings listed at most.
    public static let spellingLimit = 5
    /// Strings looked at for spellings at most (the closest ones).
    public static let stringsSpelled = 20
}
