/// How far apart two words are, for "did you mean" suggestions: the optimal string alignment
/// distance (insertions, deletions, substitutions, and swaps of two neighbouring characters,
/// the commonest typo: `imoprt`), counted in `Character`s.
public enum EditDistance {
    /// The distance between `a` and `b`.
    /// - Complexity: O(`a.count` × `b.count`): for command names, options and a store's few
    ///   hundred category or account names.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }

    /// The candidate closest to `word` (the first of equals), when it is within `limit` edits.
    public static func closest(to word: String, among candidates: some Sequence<String>, limit: Int) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = between(word, candidate)
            if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.candidate
    }
}
