extension RecurringLedger {
    /// The positions of `subset` ordered by amount magnitude, then position (which is day
    /// order): equal amounts come out as runs in day order, and a band of close amounts as a
    /// stretch. One subset is one direction, so equal magnitudes are equal amounts.
    func amountOrder(_ subset: LedgerSubset) -> [Int32] {
        let count = subset.count
        var packable = count < (1 << 20)
        var keys = [UInt64]()
        if packable {
            keys.reserveCapacity(count)
            for position in subset.start..<subset.end {
                let magnitude = amount[position].magnitude
                if magnitude >= (1 << 43) {
                    packable = false
                    break
                }
                keys.append(magnitude << 20 | UInt64(position - subset.start))
            }
        }
        if packable {
            if count >= 1_024 {
                // A habit's thousand rows: radix passes over the amount bits only (the position
                // bits are already in order).
                let largest = keys.reduce(0) { max($0, $1 >> 20) }
                recurringRadixSort(&keys, from: 20, to: 20 + recurringBitWidth(largest))
            } else {
                keys.sort()
            }
            return keys.map { Int32(subset.start + Int($0 & 0xF_FFFF)) }
        }
        return (subset.start..<subset.end).map { Int32($0) }.sorted {
            (amount[Int($0)].magnitude, $0) < (amount[Int($1)].magnitude, $1)
        }
    }

    /// The runs of two or more equal amounts in `order` (from `amountOrder`), each in day order:
    /// the candidates for fixed-amount series.
    func exactBuckets(_ order: [Int32]) -> [[Int32]] {
        var buckets: [[Int32]] = []
        var start = 0
        while start < order.count {
            let magnitude = amount[Int(order[start])].magnitude
            var end = start + 1
            while end < order.count, amount[Int(order[end])].magnitude == magnitude { end += 1 }
            if end - start >= 2 { buckets.append(Array(order[start..<end])) }
            start = end
        }
        return buckets
    }

    /// The clusters of the rows of `order` not yet `consumed`, split where the sorted amounts
    /// jump by more than `RecurringTuning.bandGapRatio`; those of three or more rows, each in day order:
    /// the candidates for series whose amount varies.
    func bandClusters(_ order: [Int32], consumed: [Bool]) -> [[Int32]] {
        guard let first = order.min() else { return [] }
        // Number the clusters in amount order, then deal the rows out in position (day) order.
        var clusterOf = [Int32](repeating: -1, count: order.count)
        var sizes: [Int] = []
        var previous = 0.0
        for position in order where !consumed[Int(position)] {
            let magnitude = Double(amount[Int(position)].magnitude)
            if sizes.isEmpty || magnitude > previous * RecurringTuning.bandGapRatio { sizes.append(0) }
            sizes[sizes.count - 1] += 1
            clusterOf[Int(position - first)] = Int32(sizes.count - 1)
            previous = magnitude
        }
        var kept = [Int32](repeating: -1, count: sizes.count)
        var clusters: [[Int32]] = []
        for (index, size) in sizes.enumerated() where size >= 3 {
            kept[index] = Int32(clusters.count)
            clusters.append([])
            clusters[clusters.count - 1].reserveCapacity(size)
        }
        guard !clusters.isEmpty else { return [] }
        for (offset, cluster) in clusterOf.enumerated() where cluster >= 0 && kept[Int(cluster)] >= 0 {
            clusters[Int(kept[Int(cluster)])].append(first + Int32(offset))
        }
        return clusters
    }
}
