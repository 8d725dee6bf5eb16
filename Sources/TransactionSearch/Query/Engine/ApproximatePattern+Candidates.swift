/// Which distinct strings of a field can hold a word approximately, from the field's trigram
/// index, before each is verified with `distance(in:)`. Two filters, both exact (they never
/// drop a string that matches):
///
/// - **Trigram count.** An edit of the word destroys at most the word's trigrams that overlap
///   the scalars it touches: 2 for an insertion, the scalar's bytes + 2 for a deletion or a
///   substitution, both scalars' bytes + 2 for a swap. So a text within `k` edits of the word
///   shares at least `D - k * (2 + w)` of the word's `D` distinct trigrams, `w` being the most
///   bytes two adjacent scalars of the word take (2 for ASCII: `D - 4k`, one more per edit than
///   the `n - 2 - 3k` of Levenshtein distance, because a swap counts as one edit). Used when
///   that bound is positive.
/// - **Pieces**, otherwise (short words): cut the word into `k + 1` pieces with one scalar
///   between each two; `k` edits can damage at most `k` pieces (a swap touches one piece and
///   a separator at most), so a match contains some piece exactly. The cuts whose pieces'
///   postings are smallest are chosen; a piece of one or two bytes has its exact posting
///   list, a longer one the intersection of its trigrams' lists.
extension ApproximatePattern {
    /// Codes of the live strings of a searchable field that may hold the word (a superset of
    /// those that do), in no particular order, each once.
    func candidates(in index: FieldIndex) -> [UInt32] {
        let trigrams = index.trigrams
        let keys = bytes.withUnsafeBufferPointer { Trigram.distinctKeys(of: $0) }
        var widestPair = 0
        for position in 0..<scalars.count {
            let width = scalarStarts[min(position + 2, scalars.count)] - scalarStarts[position]
            widestPair = max(widestPair, width)
        }
        let threshold = keys.count - maxDistance * (2 + widestPair)
        if threshold > 0 { return countFiltered(keys: keys, threshold: threshold, trigrams: trigrams, codeLimit: index.codeLimit) }
        return pieceFiltered(trigrams: trigrams, codeLimit: index.codeLimit)
    }

    /// Codes found in at least `threshold` of the keys' posting lists.
    private func countFiltered(keys: [UInt32], threshold: Int, trigrams: TrigramIndex, codeLimit: Int) -> [UInt32] {
        var counts = [UInt8](repeating: 0, count: max(codeLimit, 1))
        var found: [UInt32] = []
        counts.withUnsafeMutableBufferPointer { counts in
            for key in keys {
                trigrams.list(forKey: key).forEach { code in
                    let seen = counts[Int(code)] &+ 1
                    counts[Int(code)] = seen
                    if Int(seen) == threshold { found.append(code) }
                }
            }
        }
        return found
    }

    /// The union of the candidates of the cheapest cut into `maxDistance + 1` pieces.
    private func pieceFiltered(trigrams: TrigramIndex, codeLimit: Int) -> [UInt32] {
        // Rows of each trigram of the word, by byte position: a piece of three or more bytes
        // has at most as many candidates as its rarest trigram.
        let gramCounts: [Int] = bytes.count < 3 ? [] : bytes.withUnsafeBufferPointer { buffer in
            (0...(buffer.count - 3)).map { trigrams.list(forKey: Trigram.key(buffer, at: $0)).count }
        }
        func estimate(_ first: Int, _ end: Int) -> Int {  // scalars first..<end
            let low = scalarStarts[first], high = scalarStarts[end]
            if high - low <= 2 {
                return bytes.withUnsafeBufferPointer { trigrams.estimatedCount(containingShort: UnsafeBufferPointer(rebasing: $0[low..<high])) }
            }
            return gramCounts[low...(high - 3)].min() ?? 0
        }
        let count = scalars.count
        var best: (cost: Int, pieces: [Range<Int>])?
        func consider(_ pieces: [Range<Int>]) {
            let cost = pieces.reduce(0) { $0 + estimate($1.lowerBound, $1.upperBound) }
            if best == nil || cost < best!.cost { best = (cost, pieces) }
        }
        if maxDistance == 1 {
            for separator in 1..<(count - 1) { consider([0..<separator, (separator + 1)..<count]) }
        } else {
            for first in 1..<(count - 3) {
                for second in (first + 2)..<(count - 1) {
                    consider([0..<first, (first + 1)..<second, (second + 1)..<count])
                }
            }
        }
        guard let pieces = best?.pieces else { return [] }
        var seen = [Bool](repeating: false, count: max(codeLimit, 1))
        var found: [UInt32] = []
        for piece in pieces {
            let low = scalarStarts[piece.lowerBound], high = scalarStarts[piece.upperBound]
            let codes = bytes.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[low..<high])
                return slice.count <= 2 ? trigrams.codes(containingShort: slice, codeLimit: codeLimit) : trigrams.candidates(for: slice)
            }
            for code in codes where !seen[Int(code)] {
                seen[Int(code)] = true
                found.append(code)
            }
        }
        return found
    }
}
