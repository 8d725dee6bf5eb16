/// Counts and exact sums per currency for every value of one dimension (a day, a month, a
/// card...), indexed by the value's code. Every add, update and delete moves one row in or out,
/// so a query with no text reads its groups here in time proportional to the groups.
///
/// Sums are exact (`ExactSums`: 64 bits a slot, and how often it wrapped kept apart): an amount
/// is under `Money.maximumMagnitude` (10^15 < 2^50) and a store holds at most 2^32 rows, so
/// no sum passes 2^82. Counts are 32-bit: a bucket would need 2^31 rows (well over 100 GiB of
/// store) to overflow.
struct BucketTable: Sendable, BulkBucketFilling {
    /// Rows per bucket.
    private(set) var counts: [Int32] = []
    /// Rows per bucket and currency, at `bucket * stride + currency`.
    private(set) var currencyCounts: [Int32] = []
    /// Sum of amounts per bucket and currency.
    private(set) var sums = ExactSums(count: 0)
    /// Sum of positive amounts (income) per bucket and currency; kept only when `tracksIncome`.
    private(set) var incomes = ExactSums(count: 0)
    /// Whether income is summed apart (the month table does, for monthly summaries).
    let tracksIncome: Bool
    /// Currency slots per bucket; grows (and re-lays the table out) when a currency code
    /// reaches it, by half again at least. A table filled in bulk while empty takes exactly
    /// the currencies it is given (five currencies: 5 slots a bucket, not 8; with tens of
    /// thousands of merchants every slot is 12 bytes a merchant).
    private(set) var stride = 4

    init(tracksIncome: Bool = false) {
        self.tracksIncome = tracksIncome
    }

    /// A table holding the given rows per bucket, and rows and sums per bucket and currency at
    /// `bucket * stride + currency` (no income apart): a sparse table's counts laid out densely.
    init(counts: [Int32], currencyCounts: [Int32], sums: ExactSums, stride: Int) {
        precondition(currencyCounts.count == counts.count * stride && sums.count == currencyCounts.count)
        tracksIncome = false
        self.counts = counts
        self.currencyCounts = currencyCounts
        self.sums = sums
        self.stride = stride
    }

    var bucketCount: Int { counts.count }

    var memoryUse: Int {
        counts.capacity * 4 + currencyCounts.capacity * 4 + sums.memoryUse + incomes.memoryUse
    }

    /// Not inlined: a change calls it for up to nine tables, and one copy of its code is what
    /// the instruction cache has to fetch again after a burst of queries (nine inlined copies
    /// were about twenty cache lines an add).
    @inline(never)
    mutating func add(_ bucket: UInt32, currency: UInt16, amount: Int64) {
        reserve(bucket: bucket, currency: currency)
        let slot = Int(bucket) * stride + Int(currency)
        counts[Int(bucket)] += 1
        currencyCounts[slot] += 1
        sums.add(amount, at: slot)
        if tracksIncome && amount > 0 { incomes.add(amount, at: slot) }
    }

    /// `addAll(buckets:currencies:amounts:)` over buffers: a bulk build passes the store's own
    /// amount and currency columns, not copies of them.
    mutating func addAll<Currencies: BulkCurrencies, Amounts: BulkAmounts>(buckets: UnsafeBufferPointer<UInt32>, currencies: Currencies,
                                                                         amounts: Amounts) {
        precondition(buckets.count == amounts.count && currencies.count == amounts.count)
        guard let highestBucket = buckets.max(), let highestCurrency = currencies.highest() else { return }
        if counts.isEmpty { stride = Int(highestCurrency) + 1 }
        reserve(bucket: highestBucket, currency: highestCurrency)
        let stride = self.stride, tracksIncome = self.tracksIncome
        counts.withUnsafeMutableBufferPointer { counts in
            currencyCounts.withUnsafeMutableBufferPointer { currencyCounts in
                sums.withWriter { sums in
                    incomes.withWriter { incomes in
                        for index in 0..<amounts.count {
                            let bucket = Int(buckets[index]), amount = amounts[index]
                            let slot = bucket * stride + Int(currencies[index])
                            counts[bucket] += 1
                            currencyCounts[slot] += 1
                            sums.add(amount, at: slot)
                            if tracksIncome && amount > 0 { incomes.add(amount, at: slot) }
                        }
                    }
                }
            }
        }
    }

    /// Not inlined, as `add`.
    @inline(never)
    mutating func remove(_ bucket: UInt32, currency: UInt16, amount: Int64) {
        let slot = Int(bucket) * stride + Int(currency)
        precondition(currencyCounts[slot] > 0, "BucketTable.remove from an empty bucket \(bucket)")
        counts[Int(bucket)] -= 1
        currencyCounts[slot] -= 1
        sums.subtract(amount, at: slot)
        if tracksIncome && amount > 0 { incomes.subtract(amount, at: slot) }
    }

    @inline(__always)
    func count(_ bucket: UInt32) -> Int {
        Int(bucket) < counts.count ? Int(counts[Int(bucket)]) : 0
    }

    /// Calls `body` for each currency present in the bucket: its code, rows, sum and income.
    func forEachCurrency(of bucket: UInt32, _ body: (_ currency: UInt16, _ count: Int, _ sum: Int128, _ income: Int128) -> Void) {
        guard Int(bucket) < counts.count, counts[Int(bucket)] > 0 else { return }
        let base = Int(bucket) * stride
        for currency in 0..<stride where currencyCounts[base + currency] > 0 {
            body(UInt16(currency), Int(currencyCounts[base + currency]), sums[base + currency],
                 tracksIncome ? incomes[base + currency] : 0)
        }
    }

    private mutating func reserve(bucket: UInt32, currency: UInt16) {
        if Int(currency) >= stride {
            relayout(stride: max(Int(currency) + 1, stride + stride / 2))
        }
        if Int(bucket) >= counts.count {
            let newCount = max(Int(bucket) + 1, counts.count * 3 / 2)
            counts.append(contentsOf: repeatElement(0, count: newCount - counts.count))
            let slots = newCount * stride - currencyCounts.count
            currencyCounts.append(contentsOf: repeatElement(0, count: slots))
            sums.append(zeros: slots)
            if tracksIncome { incomes.append(zeros: slots) }
        }
    }

    private mutating func relayout(stride newStride: Int) {
        var newCounts = [Int32](repeating: 0, count: counts.count * newStride)
        var newSums = ExactSums(count: counts.count * newStride)
        var newIncomes = ExactSums(count: tracksIncome ? counts.count * newStride : 0)
        for bucket in 0..<counts.count {
            for currency in 0..<stride {
                newCounts[bucket * newStride + currency] = currencyCounts[bucket * stride + currency]
                newSums.set(sums[bucket * stride + currency], at: bucket * newStride + currency)
                if tracksIncome { newIncomes.set(incomes[bucket * stride + currency], at: bucket * newStride + currency) }
            }
        }
        currencyCounts = newCounts
        sums = newSums
        incomes = newIncomes
        stride = newStride
    }
}
