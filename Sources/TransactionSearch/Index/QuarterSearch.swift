/// A lower-bound search over `0..<count` stepped by quarters: three probes a step, none
/// depending on another, so that their cache misses overlap (at a million rows, five steps of
/// three overlapping misses rather than ten misses one after another); `finish` takes the last
/// few by halves (or, from the start, a plain binary search). `OrderedRowList` steps one or two
/// at a time.
struct QuarterSearch {
    /// The range still searched: the answer is in `low...high`.
    private(set) var low = 0
    private(set) var high: Int

    init(count: Int) {
        high = count
    }

    /// Whether the range is still wide enough for a step by quarters.
    var isWide: Bool { high - low >= 8 }

    /// The three probes of the next step, a quarter apart.
    var probes: (Int, Int, Int) {
        let quarter = (high - low) >> 2
        return (low + quarter, low + 2 * quarter, low + 3 * quarter)
    }

    /// Narrows the range by whether each probe is before the target.
    @inline(__always)
    mutating func narrow(before: (Bool, Bool, Bool)) {
        let probes = self.probes
        if before.2 {
            low = probes.2 + 1
        } else if before.1 {
            (low, high) = (probes.1 + 1, probes.2)
        } else if before.0 {
            (low, high) = (probes.0 + 1, probes.1)
        } else {
            high = probes.0
        }
    }

    /// Narrows by the probes' keys against the target's key; false (unchanged) when a probe's
    /// key equals it, where only the rows can decide.
    @inline(__always)
    mutating func narrow(byKeys keys: (UInt64, UInt64, UInt64), _ key: UInt64) -> Bool {
        if keys.0 == key || keys.1 == key || keys.2 == key { return false }
        narrow(before: (keys.0 < key, keys.1 < key, keys.2 < key))
        return true
    }

    /// The first index in the range not `isBefore`, by halves.
    @inline(__always)
    func finish(_ isBefore: (Int) -> Bool) -> Int {
        var low = self.low, high = self.high
        while low < high {
            let middle = (low + high) >> 1
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
