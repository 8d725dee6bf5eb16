import TransactionSearch

/// Typos forgiven, the plain way (docs/SPEC.md section 8): a word of the text with five letters
/// or more (after folding) and no exact match anywhere in its scope matches a row when some
/// substring of a scope field is within one edit of it (two from nine letters), a swap of two
/// adjacent characters counting as one (optimal string alignment over Unicode scalars). Each
/// row's fields are compared with the textbook dynamic program; nothing of the store's is used.
extension PlainScan {
    /// A word matched approximately, with the fields of its scope.
    struct TypoWord {
        let word: [UInt8]
        let scalars: [UInt32]
        let maxDistance: Int
        let fields: [TransactionField]

        /// Distances already worked out, by folded text (rows repeat their strings).
        let known = Memo()

        func holds(in row: Row) -> Bool {
            fields.contains { field in
                guard let text = row.folded(field) else { return false }
                return distance(to: text) <= maxDistance
            }
        }

        func distance(to text: [UInt8]) -> Int {
            if let distance = known.distances[text] { return distance }
            let distance = PlainScan.closestDistance(scalars, PlainScan.scalars(of: text))
            known.distances[text] = distance
            return distance
        }
    }

    final class Memo {
        var distances: [[UInt8]: Int] = [:]
    }

    /// The words of the text that would be matched approximately: enough letters, at most 64
    /// scalars, a scope with text, and no exact match in any row.
    func typoWords(_ words: [[UInt8]], scope: TermField) -> [[UInt8]: TypoWord] {
        // Typos are forgiven in the words of descriptions, not in card or account names.
        guard scope != .card && scope != .account else { return [:] }
        let fields = PlainScan.textFields(searchedBy: scope)
        guard !fields.isEmpty else { return [:] }
        var typos: [[UInt8]: TypoWord] = [:]
        for word in words {
            let scalars = PlainScan.scalars(of: word)
            let letters = String(decoding: word, as: UTF8.self).unicodeScalars.filter(\.properties.isAlphabetic).count
            guard letters >= 5, scalars.count <= 64 else { continue }
            let exact = rows.contains { row in fields.contains { PlainScan.contains(row.folded($0), word) } }
            guard !exact else { continue }
            typos[word] = TypoWord(word: word, scalars: scalars, maxDistance: letters >= 9 ? 2 : 1, fields: fields)
        }
        return typos
    }

    /// The correction of a widened word: the 20 closest strings of its scope (fewest edits,
    /// most rows, folded bytes), each string of each field once, their spellings, at most five
    /// distinct; nil when nothing is close.
    func correction(for typo: TypoWord) -> Correction? {
        struct Found {
            var distance: Int
            var rows: Int
            var folded: [UInt8]
        }
        var found: [String: Found] = [:]  // by field and original string
        for row in rows {
            for field in typo.fields {
                guard let text = row.folded(field) else { continue }
                let original = field.text(in: row.transaction) ?? ""
                let key = field.rawValue + "\u{0}" + original
                if var known = found[key] {
                    known.rows += 1
                    found[key] = known
                    continue
                }
                let distance = typo.distance(to: text)
                if distance <= typo.maxDistance { found[key] = Found(distance: distance, rows: 1, folded: text) }
            }
        }
        guard !found.isEmpty else { return nil }
        let ordered = found.values.sorted { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            if a.rows != b.rows { return a.rows > b.rows }
            return a.folded.lexicographicallyPrecedes(b.folded)
        }
        var spellings: [String] = []
        for entry in ordered.prefix(20) {
            let spelling = PlainScan.spelling(of: typo.scalars, in: PlainScan.scalars(of: entry.folded))
            if !spellings.contains(spelling) { spellings.append(spelling) }
            if spellings.count == 5 { break }
        }
        return Correction(term: String(decoding: typo.word, as: UTF8.self), matched: spellings)
    }

    static func scalars(of bytes: [UInt8]) -> [UInt32] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// The optimal string alignment distance of `a` and `b`, the textbook way.
    static func alignmentDistance(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Int {
        let a = Array(a), b = Array(b)
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

    /// For each end `j` of `text`, the fewest edits between `word` and a substring ending at
    /// `j`: the dynamic program with a free start (its top row all zeros, Sellers 1980).
    static func endDistances(_ word: [UInt32], _ text: [UInt32]) -> [Int] {
        var d = [[Int]](repeating: [Int](repeating: 0, count: text.count + 1), count: word.count + 1)
        for i in 0...word.count { d[i][0] = i }
        for i in stride(from: 1, through: word.count, by: 1) {
            for j in stride(from: 1, through: text.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (word[i - 1] == text[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && word[i - 1] == text[j - 2] && word[i - 2] == text[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[word.count]
    }

    /// The fewest edits between `word` and any substring of `text`.
    static func closestDistance(_ word: [UInt32], _ text: [UInt32]) -> Int {
        endDistances(word, text).min()!
    }

    /// The closest substring (fewest edits, ending first, shortest), widened to whole words.
    static func spelling(of word: [UInt32], in text: [UInt32]) -> String {
        let ends = endDistances(word, text)
        let best = ends.min()!
        let end = ends.firstIndex(of: best)!
        var start = end
        while alignmentDistance(word[...], text[start..<end]) != best { start -= 1 }
        func isWord(_ value: UInt32) -> Bool {
            let scalar = Unicode.Scalar(value)!
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        while start > 0 && isWord(text[start - 1]) { start -= 1 }
        var stop = end
        while stop < text.count && isWord(text[stop]) { stop += 1 }
        return String(String.UnicodeScalarView(text[start..<stop].map { Unicode.Scalar($0)! }))
    }
}
