/// Least-significant-digit radix sort of (key, row) pairs by key, 8 bits a pass, skipping the
/// passes where every key has the same byte (amount magnitudes rarely use more than four of
/// eight bytes). Stable. Sorting 100,000 amounts this way took about a third of the time of
/// a comparison sort on (magnitude, instant, row) tuples.
enum RadixSort {
    static func sort(_ pairs: inout [(key: UInt64, row: UInt32)]) {
        guard pairs.count > 1 else { return }
        var differing: UInt64 = 0
        let first = pairs[0].key
        for pair in pairs { differing |= pair.key ^ first }
        var buffer = pairs
        var counts = [Int](repeating: 0, count: 256)
        for shift in Swift.stride(from: 0, to: 64, by: 8) where (differing >> UInt64(shift)) & 0xFF != 0 {
            pairs.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in counts.indices { counts[index] = 0 }
                        for pair in source { counts[Int(truncatingIfNeeded: (pair.key >> UInt64(shift)) & 0xFF)] += 1 }
                        var total = 0
                        for index in counts.indices {
                            let count = counts[index]
                            counts[index] = total
                            total += count
                        }
                        for pair in source {
                            let digit = Int(truncatingIfNeeded: (pair.key >> UInt64(shift)) & 0xFF)
                            target[counts[digit]] = pair
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&pairs, &buffer)
        }
    }

    /// Sorts pairs by key, then each run of equal keys by `precedes` (the tie-break).
    static func sort(_ pairs: inout [(key: UInt64, row: UInt32)], breakingTiesBy precedes: (UInt32, UInt32) -> Bool) {
        sort(&pairs)
        var start = 0
        while start < pairs.count {
            var end = start + 1
            while end < pairs.count && pairs[end].key == pairs[start].key { end += 1 }
            if end - start > 1 { pairs[start..<end].sort { precedes($0.row, $1.row) } }
            start = end
        }
    }

    /// The positions `0 ..< count` ordered by three non-negative parts (the first most
    /// significant), each below its limit: packed into one key for the radix sort when the
    /// limits fit 64 bits, else compared (a report of millions of periods and groups). Positions
    /// of equal parts keep their order when packed; callers must not rely on it otherwise.
    static func order(count: Int, limits: (Int, Int, Int), _ parts: (Int) -> (Int, Int, Int)) -> [UInt32] {
        func bits(_ limit: Int) -> Int { limit <= 1 ? 0 : Int.bitWidth - (limit - 1).leadingZeroBitCount }
        let (middleBits, lastBits) = (bits(limits.1), bits(limits.2))
        guard bits(limits.0) + middleBits + lastBits <= 64 else {
            return (0..<UInt32(count)).sorted { parts(Int($0)) < parts(Int($1)) }
        }
        var pairs: [(key: UInt64, row: UInt32)] = []
        pairs.reserveCapacity(count)
        for position in 0..<count {
            let (first, middle, last) = parts(position)
            pairs.append((UInt64(first) << (middleBits + lastBits) | UInt64(middle) << lastBits | UInt64(last), UInt32(position)))
        }
        sort(&pairs)
        return pairs.map(\.row)
    }
}
