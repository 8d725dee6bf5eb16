extension ApproximatePattern {
    /// How the word was found in a text it matched approximately, for "showing results for":
    /// the closest substring (the fewest edits; of those, the one ending first; of those
    /// ending there, the shortest), widened to the whole words around it (letters and digits
    /// on either side), as folded text. Nil when the text does not hold the word within
    /// `maxDistance` edits.
    ///
    /// Two passes of the dynamic program, O(word x text) each, on three rows: one with a free
    /// start finds where the closest substrings end, one over both reversed finds where the
    /// chosen one starts (the distance of two texts is that of the two reversed). Called for
    /// the few strings a correction names, never per candidate.
    func spelling(in text: UnsafeBufferPointer<UInt8>) -> String? {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let (scalar, width) = ApproximatePattern.decode(text, at: index)
            scalars.append(scalar)
            index += width
        }
        let ends = ApproximatePattern.lastRow(of: self.scalars, against: scalars, freeStart: true)
        guard let best = ends.min(), best <= maxDistance, let end = ends.firstIndex(of: best) else { return nil }
        let reversedWord = Array(self.scalars.reversed())
        let lengths = ApproximatePattern.lastRow(of: reversedWord, against: Array(scalars[..<end].reversed()), freeStart: false)
        let length = lengths.firstIndex(of: best) ?? end
        var start = end - length, stop = end
        while start > 0 && ApproximatePattern.isWordScalar(scalars[start - 1]) { start -= 1 }
        while stop < scalars.count && ApproximatePattern.isWordScalar(scalars[stop]) { stop += 1 }
        var spelling = String.UnicodeScalarView()
        for value in scalars[start..<stop] { spelling.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        return String(spelling)
    }

    /// Letters and digits: what a spelling is widened over.
    static func isWordScalar(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The last row of the optimal string alignment table of `word` against `text`: entry `j`
    /// is the distance between the word and `text[..<j]` (or, with a free start, the closest
    /// substring ending at `j`). Three rows of `text.count + 1` entries.
    static func lastRow(of word: [UInt32], against texts: [UInt32], freeStart: Bool) -> [Int] {
        let width = texts.count + 1
        var older = [Int](repeating: 0, count: width)  // row i - 2
        var previous = (0..<width).map { freeStart ? 0 : $0 }  // row i - 1
        var current = [Int](repeating: 0, count: width)
        for i in stride(from: 1, through: word.count, by: 1) {
            current[0] = i
            for j in stride(from: 1, to: width, by: 1) {
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word[i - 1] == texts[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && word[i - 1] == texts[j - 2] && word[i - 2] == texts[j - 1] { value = min(value, older[j - 2] + 1) }
                current[j] = value
            }
            swap(&older, &previous)
            swap(&previous, &current)
        }
        return previous
    }
}
