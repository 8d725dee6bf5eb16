import TransactionSearch

/// The slow, obvious definition of an approximate match, for the tests: every substring of the
/// text compared with the word by the textbook optimal string alignment distance, over Unicode
/// scalars of the folded texts.
enum ApproximateReference {
    /// The optimal string alignment distance (insertions, deletions, substitutions and swaps
    /// of two adjacent scalars, no substring edited twice).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// The fewest edits between the word and any substring of the text (the empty one
    /// included), both folded. With `upTo`, only whether that is at most `upTo` is exact:
    /// substrings more than `upTo` longer than the word are skipped (they are further away).
    static func closestDistance(_ word: String, in text: String, upTo limit: Int? = nil) -> Int {
        let w = Array(word.unicodeScalars), t = Array(text.unicodeScalars)
        let longest = w.count + (limit ?? w.count)
        var best = w.count
        for start in 0...t.count {
            for end in start...min(t.count, start + longest) { best = min(best, distance(w, Array(t[start..<end]))) }
        }
        return best
    }

    /// Letters of a folded word.
    static func letters(_ word: String) -> Int {
        word.unicodeScalars.filter(\.properties.isAlphabetic).count
    }

    /// The edits a word may be away: nil when it is never matched approximately.
    static func allowedEdits(_ word: String) -> Int? {
        let count = letters(word)
        guard count >= 5, word.unicodeScalars.count <= 64 else { return nil }
        return count >= 9 ? 2 : 1
    }

    /// Whether a folded text holds the folded word approximately.
    static func holds(_ word: String, in text: String) -> Bool {
        guard let edits = allowedEdits(word) else { return false }
        return closestDistance(word, in: text, upTo: edits) <= edits
    }

    static func fold(_ text: String) -> String { Folding.fold(text) }
}
