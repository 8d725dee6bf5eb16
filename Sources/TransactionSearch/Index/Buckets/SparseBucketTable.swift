/// Counts and exact sums per currency for a dimension with many values of few rows each (the
/// descriptors, and through them the merchants and payees): each bucket holds a chain of
/// entries, one per currency it has rows in, rather than a slot for every currency the store
/// has.
///
/// On long-tail data (22,500 merchants, 1.44 currencies each, 5 in the store) a dense
/// `BucketTable` takes 64 bytes a merchant (a count, and a count and a sum per currency);
/// this takes 4 a bucket and 18 a currency entry, 30 a merchant. A query that tallies every
/// merchant (grouped by merchant with no text, the merchant facet of all rows) makes a dense
/// table from it (`dense()`), once per query, in time proportional to the merchants.
///
/// Sums are exact as in `BucketTable` (`ExactSums`); counts are 32-bit.
struct SparseBucketTable: Sendable, BulkBucketFilling {
    /// The first entry of each bucket's chain, 0 when the bucket has no row.
    private var heads: [UInt32] = []
    /// Per entry (entry 0 is never used): its currency, rows, next entry of the same bucket
    /// (0 at the end; a chain is in ascending currency order) and sum.
    private var currencies: [UInt16] = [0]
    private var counts: [Int32] = [0]
    private var next: [UInt32] = [0]
    private var sums = ExactSums(count: 1)
    /// Entries no bucket uses, for reuse.
    private var freeEntries: [UInt32] = []
    /// One past the largest currency code any row had: the stride of a dense table made from it.
    private(set) var currencyLimit = 1

    init() {}

    /// One past the largest bucket that ever had a row.
    var bucketCount: Int { heads.count }

    /// Bytes held, at the arrays' capacities.
    var memoryUse: Int {
        heads.capacity * 4 + currencies.capacity * 2 + counts.capacity * 4 + next.capacity * 4
            + sums.memoryUse + freeEntries.capacity * 4
    }

    /// Adds a row's amount to a bucket.
    mutating func add(_ bucket: UInt32, currency: UInt16, amount: Int64) {
        let entry = entry(bucket, currency)
        counts[Int(entry)] += 1
        sums.add(amount, at: Int(entry))
    }

    /// `addAll(buckets:currencies:amounts:)` over buffers (a bulk build passes the store's own
    /// amount and currency columns).
    mutating func addAll<Currencies: BulkCurrencies, Amounts: BulkAmounts>(buckets: UnsafeBufferPointer<UInt32>, currencies: Currencies,
                                                                         amounts: Amounts) {
        precondition(buckets.count == amounts.count && currencies.count == amounts.count)
        guard let highestBucket = buckets.max() else { return }
        if Int(highestBucket) >= heads.count {
            heads.append(contentsOf: repeatElement(0, count: Int(highestBucket) + 1 - heads.count))
        }
        for index in 0..<amounts.count {
            add(buckets[index], currency: currencies[index], amount: amounts[index])
        }
        if heads.capacity > heads.count { heads = heads.withUnsafeBufferPointer { Array($0) } }
        trimEntries()
    }

    /// Takes a row's amount out of its bucket; an entry left with no row is freed.
    mutating func remove(_ bucket: UInt32, currency: UInt16, amount: Int64) {
        precondition(Int(bucket) < heads.count, "SparseBucketTable.remove from an empty bucket \(bucket)")
        var previous: UInt32 = 0
        var entry = heads[Int(bucket)]
        while entry != 0 && currencies[Int(entry)] != currency {
            previous = entry
            entry = next[Int(entry)]
        }
        precondition(entry != 0 && counts[Int(entry)] > 0, "SparseBucketTable.remove from an empty bucket \(bucket)")
        counts[Int(entry)] -= 1
        sums.subtract(amount, at: Int(entry))
        guard counts[Int(entry)] == 0 else { return }
        if previous == 0 { heads[Int(bucket)] = next[Int(entry)] } else { next[Int(previous)] = next[Int(entry)] }
        sums.set(0, at: Int(entry))  // a sum of no rows is 0 (its wraps too), ready for reuse
        freeEntries.append(entry)
    }

    /// Rows in a bucket.
    func count(_ bucket: UInt32) -> Int {
        var total = 0
        forEachEntry(of: bucket) { entry in total += Int(counts[Int(entry)]) }
        return total
    }

    /// Calls `body` for each currency present in the bucket, ascending: its code, rows and sum.
    func forEachCurrency(of bucket: UInt32, _ body: (_ currency: UInt16, _ count: Int, _ sum: Int128) -> Void) {
        forEachEntry(of: bucket) { entry in
            body(currencies[Int(entry)], Int(counts[Int(entry)]), sums[Int(entry)])
        }
    }

    /// The same counts and sums in a dense table (a slot per bucket and currency), which a
    /// tally can share: `currencyLimit` slots a bucket.
    func dense() -> BucketTable {
        let stride = currencyLimit
        var rows = [Int32](repeating: 0, count: heads.count)
        var currencyCounts = [Int32](repeating: 0, count: heads.count * stride)
        var denseSums = ExactSums(count: heads.count * stride)
        for bucket in heads.indices {
            var entry = heads[bucket]
            while entry != 0 {
                let slot = bucket * stride + Int(currencies[Int(entry)])
                rows[bucket] += counts[Int(entry)]
                currencyCounts[slot] = counts[Int(entry)]
                denseSums.set(sums[Int(entry)], at: slot)
                entry = next[Int(entry)]
            }
        }
        return BucketTable(counts: rows, currencyCounts: currencyCounts, sums: denseSums, stride: stride)
    }

    /// A dense table of groups of these buckets: bucket `b` counts in group `groupOf[b]`
    /// (every group below `groupLimit`). The descriptors' table read by merchant or by payee:
    /// in time proportional to the buckets, as `dense()`.
    func dense(groupedBy groupOf: UnsafePointer<UInt32>, groupLimit: Int) -> BucketTable {
        let stride = currencyLimit
        var rows = [Int32](repeating: 0, count: groupLimit)
        var currencyCounts = [Int32](repeating: 0, count: groupLimit * stride)
        var denseSums = ExactSums(count: groupLimit * stride)
        for bucket in heads.indices where heads[bucket] != 0 {
            let group = Int(groupOf[bucket])
            precondition(group < groupLimit, "SparseBucketTable.dense: group \(group) of bucket \(bucket) past \(groupLimit)")
            var entry = heads[bucket]
            while entry != 0 {
                let slot = group * stride + Int(currencies[Int(entry)])
                rows[group] += counts[Int(entry)]
                currencyCounts[slot] += counts[Int(entry)]
                denseSums.add(sums[Int(entry)], at: slot)
                entry = next[Int(entry)]
            }
        }
        return BucketTable(counts: rows, currencyCounts: currencyCounts, sums: denseSums, stride: stride)
    }

    /// Calls `body` with each entry of a bucket's chain.
    @inline(__always)
    private func forEachEntry(of bucket: UInt32, _ body: (UInt32) -> Void) {
        guard Int(bucket) < heads.count else { return }
        var entry = heads[Int(bucket)]
        while entry != 0 {
            body(entry)
            entry = next[Int(entry)]
        }
    }

    /// The entry of a bucket's currency, made (in currency order in the chain) when missing.
    private mutating func entry(_ bucket: UInt32, _ currency: UInt16) -> UInt32 {
        if Int(bucket) >= heads.count {
            heads.append(contentsOf: repeatElement(0, count: max(Int(bucket) + 1, heads.count * 3 / 2) - heads.count))
        }
        var previous: UInt32 = 0
        var entry = heads[Int(bucket)]
        while entry != 0 && currencies[Int(entry)] < currency {
            previous = entry
            entry = next[Int(entry)]
        }
        if entry != 0 && currencies[Int(entry)] == currency { return entry }
        let made = newEntry(currency: currency, next: entry)
        if previous == 0 { heads[Int(bucket)] = made } else { next[Int(previous)] = made }
        currencyLimit = max(currencyLimit, Int(currency) + 1)
        return made
    }

    /// A free or new entry for a currency with no row yet, followed by `next`.
    private mutating func newEntry(currency: UInt16, next following: UInt32) -> UInt32 {
        if let reused = freeEntries.popLast() {
            currencies[Int(reused)] = currency
            counts[Int(reused)] = 0
            next[Int(reused)] = following
            return reused
        }
        currencies.append(currency)
        counts.append(0)
        next.append(following)
        sums.append(zeros: 1)
        return UInt32(counts.count - 1)
    }

    /// Gives the entry arrays' spare room back (one copy each): the end of a bulk fill.
    private mutating func trimEntries() {
        if currencies.capacity > currencies.count { currencies = currencies.withUnsafeBufferPointer { Array($0) } }
        if counts.capacity > counts.count { counts = counts.withUnsafeBufferPointer { Array($0) } }
        if next.capacity > next.count { next = next.withUnsafeBufferPointer { Array($0) } }
        sums.shrinkToFit()
    }
}

extension SparseBucketTable {
    /// Traps when the chains disagree with themselves: every entry of a chain holds rows, a
    /// chain's currencies ascend, and each entry is in exactly one chain or free.
    func checkInvariants() {
        var seen = [Bool](repeating: false, count: counts.count)
        for bucket in heads.indices {
            var entry = heads[bucket]
            var previousCurrency = -1
            while entry != 0 {
                invariant(!seen[Int(entry)], "sparse bucket entry \(entry) is in two chains")
                seen[Int(entry)] = true
                invariant(counts[Int(entry)] > 0, "sparse bucket \(bucket) keeps an empty entry")
                invariant(Int(currencies[Int(entry)]) > previousCurrency, "sparse bucket \(bucket) is out of currency order")
                previousCurrency = Int(currencies[Int(entry)])
                entry = next[Int(entry)]
            }
        }
        for entry in freeEntries {
            invariant(!seen[Int(entry)], "sparse bucket entry \(entry) is both free and used")
            seen[Int(entry)] = true
        }
        invariant(seen.dropFirst().allSatisfy { $0 }, "a sparse bucket entry is lost")
    }
}
