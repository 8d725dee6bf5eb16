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
}
