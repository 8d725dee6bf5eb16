extension ApproximatePattern {
    /// How the word was found in a text it matched approximately, for "showing results for":
    /// the closest substring (the fewest edits; of those, the one ending first; of those
    /// ending there, the shortest), widened to the whole words around it (letters and digits
    /// on either side), as folded text. Nil when the text does not hold the word within
    /// `maxDistance` edits.
    ///
    /// The plain dynamic program, O(word x text): called for the few texts a correction names,
    /// never per candidate.
    func spelling(in text: UnsafeBufferPointer<UInt8>) -> String? {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let (scalar, width) = ApproximatePattern.decode(text, at: index)
            scalars.append(scalar)
            index += width
        }
        let ends = ApproximatePattern.substringDistances(of: self.scalars, in: scalars)
        guard let best = ends.min(), best <= maxDistance, let end = ends.firstIndex(of: best) else { return nil }
        var start = end
        while start >= 0 {
            if ApproximatePattern.distance(self.scalars, scalars[start..<end]) == best { break }
            start -= 1
        }
        start = max(start, 0)
        var wordStart = start, wordEnd = end
        while wordStart > 0 && ApproximatePattern.isWordScalar(scalars[wordStart - 1]) { wordStart -= 1 }
        while wordEnd < scalars.count && ApproximatePattern.isWordScalar(scalars[wordEnd]) { wordEnd += 1 }
        var spelling = String.UnicodeScalarView()
        for value in scalars[wordStart..<wordEnd] { spelling.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        return String(spelling)
    }

    /// Letters and digits: what a spelling is widened over.
    static func isWordScalar(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// For each end position `j` of `text` (0...count), the fewest edits between `word` and
    /// a substring of `text` ending at `j` (optimal string alignment, free start).
    static func substringDistances(of word: [UInt32], in text: [UInt32]) -> [Int] {
        let m = word.count
        var rows = [[Int]](repeating: [Int](repeating: 0, count: text.count + 1), count: m + 1)
        for i in 0...m { rows[i][0] = i }
        if m > 0 {
            for i in 1...m {
                for j in stride(from: 1, through: text.count, by: 1) {
                    let cost = word[i - 1] == text[j - 1] ? 0 : 1
                    var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                    if i > 1 && j > 1 && word[i - 1] == text[j - 2] && word[i - 2] == text[j - 1] {
                        value = min(value, rows[i - 2][j - 2] + 1)
                    }
                    rows[i][j] = value
                }
            }
        }
        return rows[m]
    }

    /// The optimal string alignment distance between two sequences.
    static func distance(_ a: [UInt32], _ b: ArraySlice<UInt32>) -> Int {
        let b = Array(b)
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = value
            }
        }
        return rows[a.count][b.count]
    }
}
