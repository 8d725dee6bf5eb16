/// Counts and sums per currency for each group code, in flat arrays indexed by
/// `group * stride + currency`, with the row count of each group and the totals.
///
/// A query with no text shares the bucket tables' arrays (copied only if rows are then
/// subtracted); a scan writes two numbers a row and derives the rest once at the end.
struct Tally {
    /// Rows per group and currency.
    private(set) var counts: [Int32]
    /// Sum of amounts per group and currency.
    private(set) var sums: ExactSums
    /// Rows per group.
    private(set) var groupCounts: [Int32]
    /// Rows and sums per currency, over the groups the result shows.
    private(set) var totalCounts: [Int32]
    private(set) var totalSums: [Int128]
    let stride: Int
    let grouping: Grouping
    /// For a grouping by week or year, the group of each day code (`PeriodGroups`).
    let periodOfDay: UnsafeMutablePointer<UInt32>?

    init(groupLimit: Int, currencies: Int, grouping: Grouping, periodOfDay: UnsafeMutablePointer<UInt32>? = nil) {
        stride = max(currencies, 1)
        self.grouping = grouping
        self.periodOfDay = periodOfDay
        counts = [Int32](repeating: 0, count: max(groupLimit, 1) * stride)
        sums = ExactSums(count: max(groupLimit, 1) * stride)
        groupCounts = [Int32](repeating: 0, count: max(groupLimit, 1))
        totalCounts = [Int32](repeating: 0, count: stride)
        totalSums = [Int128](repeating: 0, count: stride)
    }

    /// A tally equal to a bucket table, with the totals of another (one bucket), sharing their
    /// arrays until something is subtracted.
    init(sharing table: BucketTable, totals: BucketTable, totalsBucket: UInt32 = 0, grouping: Grouping) {
        stride = table.stride
        self.grouping = grouping
        periodOfDay = nil
        counts = table.currencyCounts
        sums = table.sums
        groupCounts = table.counts
        totalCounts = [Int32](repeating: 0, count: stride)
        totalSums = [Int128](repeating: 0, count: stride)
        addTotals(of: totals, bucket: totalsBucket)
    }

    /// One past the largest group code it can hold.
    var groupLimit: Int { groupCounts.count }

    /// An empty tally of the same shape (the second half of a scan or subtraction).
    func emptyCopy() -> Tally {
        Tally(groupLimit: groupLimit, currencies: stride, grouping: grouping, periodOfDay: periodOfDay)
    }

    @inline(__always)
    func count(ofGroup group: UInt32) -> Int {
        Int(group) < groupCounts.count ? Int(groupCounts[Int(group)]) : 0
    }

    @inline(__always)
    func count(ofGroup group: UInt32, currency: Int) -> Int32 {
        let slot = Int(group) * stride + currency
        return slot < counts.count ? counts[slot] : 0
    }

    @inline(__always)
    func sum(ofGroup group: UInt32, currency: Int) -> Int128 {
        let slot = Int(group) * stride + currency
        return slot < sums.count ? sums[slot] : 0
    }

    /// Adds a bucket to a group (and to the totals).
    mutating func add(_ table: BucketTable, bucket: UInt32, asGroup group: UInt32) {
        let source = Int(bucket) * table.stride
        let target = Int(group) * stride
        for currency in 0..<min(stride, table.stride) where table.currencyCounts[source + currency] != 0 {
            counts[target + currency] += table.currencyCounts[source + currency]
            sums.add(table.sums[source + currency], at: target + currency)
            groupCounts[Int(group)] += table.currencyCounts[source + currency]
        }
        addTotals(of: table, bucket: bucket)
    }

    /// Adds a bucket to the totals only.
    mutating func addTotals(of table: BucketTable, bucket: UInt32) {
        let source = Int(bucket) * table.stride
        guard source < table.currencyCounts.count else { return }
        for currency in 0..<min(stride, table.stride) {
            totalCounts[currency] += table.currencyCounts[source + currency]
            totalSums[currency] &+= table.sums[source + currency]
        }
    }

    /// After a scan: derives the group counts and totals from the per-currency tallies.
    /// A slot no row reached has no sum: only the others are read (a tally by merchant has
    /// tens of thousands of groups and few rows).
    mutating func finishScan() {
        let stride = self.stride, sums = self.sums
        let exact = !sums.wraps.isEmpty
        counts.withUnsafeBufferPointer { counts in
            sums.low.withUnsafeBufferPointer { low in
                groupCounts.withUnsafeMutableBufferPointer { groupCounts in
                    totalCounts.withUnsafeMutableBufferPointer { totalCounts in
                        totalSums.withUnsafeMutableBufferPointer { totalSums in
                            for group in groupCounts.indices {
                                let base = group &* stride
                                var rows: Int32 = 0
                                for currency in 0..<stride {
                                    let count = counts[base &+ currency]
                                    if count == 0 { continue }
                                    rows &+= count
                                    totalCounts[currency] &+= count
                                    totalSums[currency] &+= exact ? sums[base &+ currency] : Int128(low[base &+ currency])
                                }
                                groupCounts[group] = rows
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds another scan's per-currency tallies (same grouping and shape) to this one's, before
    /// `finishScan`: the two halves of a scan run on two threads.
    mutating func merge(_ other: Tally) {
        precondition(other.counts.count == counts.count && other.stride == stride, "Tally.merge: different shapes")
        for slot in counts.indices where other.counts[slot] != 0 {
            counts[slot] += other.counts[slot]
            sums.add(other.sums[slot], at: slot)
        }
    }

    /// Adds every figure of another tally of the same shape (group counts and totals too): the
    /// second half of a subtraction, which took its rows out of an empty tally.
    mutating func absorb(_ other: Tally) {
        precondition(other.counts.count == counts.count && other.stride == stride, "Tally.absorb: different shapes")
        for slot in counts.indices where other.counts[slot] != 0 {
            counts[slot] += other.counts[slot]
            sums.add(other.sums[slot], at: slot)
        }
        for group in groupCounts.indices { groupCounts[group] += other.groupCounts[group] }
        for currency in totalCounts.indices {
            totalCounts[currency] += other.totalCounts[currency]
            totalSums[currency] &+= other.totalSums[currency]
        }
    }

    /// Runs `body` with a writer over this tally's memory.
    mutating func withWriter<Result>(predicate: RowPredicate, _ body: (inout TallyWriter) -> Result) -> Result {
        let stride = self.stride
        let grouping = self.grouping
        let periodOfDay = self.periodOfDay
        return counts.withUnsafeMutableBufferPointer { counts in
            sums.withWriter { sums in
                groupCounts.withUnsafeMutableBufferPointer { groupCounts in
                    totalCounts.withUnsafeMutableBufferPointer { totalCounts in
                        totalSums.withUnsafeMutableBufferPointer { totalSums in
                            var writer = TallyWriter(
                                predicate: predicate, grouping: grouping, periodOfDay: periodOfDay, stride: stride, counts: counts.baseAddress!,
                                sums: sums, groupCounts: groupCounts.baseAddress!,
                                totalCounts: totalCounts.baseAddress!, totalSums: totalSums.baseAddress!)
                            return body(&writer)
                        }
                    }
                }
            }
        }
    }
}

/// The row loop's state as locals: a copy of the writer made before the loop, so that the
/// writes through `counts` and `sums` (which might alias the writer in memory, as far as the
/// compiler knows) do not force every field to be reloaded on every row.
private struct TallyLoop {
    let predicate: RowPredicate
    let stride: Int
    let counts: UnsafeMutablePointer<Int32>
    let sums: ExactSumsWriter
    let groups: UnsafeMutablePointer<UInt32>
    let translation: UnsafeMutablePointer<UInt32>?
    let groupFactor: Int
    let matched: UnsafeMutablePointer<UInt32>
    var matchedCount: Int

    init(_ writer: TallyWriter) {
        predicate = writer.predicate
        stride = writer.stride
        counts = writer.counts
        sums = writer.sums
        groups = writer.groups
        translation = writer.translation
        groupFactor = writer.groupFactor
        matched = writer.matched!
        matchedCount = writer.matchedCount
    }

    @inline(__always)
    mutating func visit(_ row: UInt32) {
        guard predicate.matches(row) else { return }
        matched[matchedCount] = row
        matchedCount &+= 1
        let index = Int(row)
        let rows = predicate.rows
        let code = groups[index]
        let group = Int(translation.map { $0[Int(code)] } ?? code) &* groupFactor
        let slot = group &* stride &+ Int(rows.currency[index])
        counts[slot] &+= 1
        sums.add(rows.amount[index], at: slot)
    }
}

/// Adds (or subtracts) rows to a tally through raw pointers: the body of the row loops.
struct TallyWriter {
    let predicate: RowPredicate
    let stride: Int
    let counts: UnsafeMutablePointer<Int32>
    let sums: ExactSumsWriter
    let groupCounts: UnsafeMutablePointer<Int32>
    let totalCounts: UnsafeMutablePointer<Int32>
    let totalSums: UnsafeMutablePointer<Int128>
    /// The column that gives the group (any column when not grouping: its code is then
    /// multiplied by 0), and the table that turns its code into the group code, if any.
    let groups: UnsafeMutablePointer<UInt32>
    let translation: UnsafeMutablePointer<UInt32>?
    let groupFactor: Int
    /// Where `visit` writes the rows it keeps.
    var matched: UnsafeMutablePointer<UInt32>?
    var matchedCount = 0

    init(predicate: RowPredicate, grouping: Grouping, periodOfDay: UnsafeMutablePointer<UInt32>?, stride: Int, counts: UnsafeMutablePointer<Int32>,
         sums: ExactSumsWriter, groupCounts: UnsafeMutablePointer<Int32>,
         totalCounts: UnsafeMutablePointer<Int32>, totalSums: UnsafeMutablePointer<Int128>) {
        self.predicate = predicate
        self.stride = stride
        self.counts = counts
        self.sums = sums
        self.groupCounts = groupCounts
        self.totalCounts = totalCounts
        self.totalSums = totalSums
        let rows = predicate.rows
        switch grouping {
        case .none, .day: (groups, translation) = (rows.dayCode, nil)
        case .month: (groups, translation) = (rows.dayCode, rows.monthOfDay)
        case .card: (groups, translation) = (rows.cardAccount, rows.cardOfPair)
        case .category: (groups, translation) = (rows.descriptor, rows.categoryOfDescriptor)
        case .merchant: (groups, translation) = (rows.descriptor, rows.merchantOfDescriptor)
        case .week, .year: (groups, translation) = (rows.dayCode, periodOfDay)
        case .account: (groups, translation) = (rows.cardAccount, rows.accountOfPair)
        case .payee: (groups, translation) = (rows.descriptor, rows.payeeOfDescriptor)
        }
        groupFactor = grouping == .none ? 0 : 1
    }

    @inline(__always)
    private func group(of index: Int) -> Int {
        let code = groups[index]
        return Int(translation.map { $0[Int(code)] } ?? code) &* groupFactor
    }

    /// Keeps and tallies the row when it matches (group counts and totals come in
    /// `Tally.finishScan`).
    @inline(__always)
    mutating func visit(_ row: UInt32) {
        guard predicate.matches(row) else { return }
        matched![matchedCount] = row
        matchedCount &+= 1
        let index = Int(row)
        let rows = predicate.rows
        let slot = group(of: index) &* stride &+ Int(rows.currency[index])
        counts[slot] &+= 1
        sums.add(rows.amount[index], at: slot)
    }

    /// Visits the rows of a selection's words `range`, ascending.
    mutating func visit(_ selection: RowSelection, words range: Range<Int>) {
        var loop = TallyLoop(self)
        selection.forEach(inWords: range) { loop.visit($0) }
        matchedCount = loop.matchedCount
    }

    /// Takes a row back out of the tally, its group count and the totals.
    @inline(__always)
    mutating func subtract(_ row: UInt32) {
        let index = Int(row)
        let rows = predicate.rows
        let group = self.group(of: index)
        let currency = Int(rows.currency[index])
        let amount = rows.amount[index]
        counts[group &* stride &+ currency] &-= 1
        sums.subtract(amount, at: group &* stride &+ currency)
        groupCounts[group] &-= 1
        totalCounts[currency] &-= 1
        totalSums[currency] &-= Int128(amount)
    }
}
