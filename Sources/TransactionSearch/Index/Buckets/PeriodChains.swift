/// The rows of a grouping of many values with few rows each (payees, merchants) by month,
/// expenses, income and zero amounts apart: what a report of every row by payee or merchant
/// reads instead of the rows. The same answer as `PeriodPairs` in less memory.
///
/// Each group has a chain of entries, one per (month, kind, currency) it has rows in, newest
/// month first: an entry is 24 bytes (its key, rows, next entry and sum) and a group 4 more for
/// its chain's head. `PeriodPairs` spends a hash entry and a bucket on each pair (about 46
/// bytes), which is fine for categories, cards and accounts (hundreds of pairs) but not for
/// payees: the bench's 100,000 rows hold about 34,000 (payee, month) pairs, as many
/// (merchant, month) ones. A row of a new month goes to the head of its group's chain, so
/// rows added in date order (a statement, a bulk build) find their entry at once.
struct PeriodChains: Sendable, Equatable {
    /// Per group code, its first entry (0: no row).
    private var heads: [UInt32] = []
    /// Per entry (entry 0 is never used): its key (`key(period:currency:amount:)`), rows, the
    /// next entry of the same group (0 at the end; keys strictly descending) and sum.
    private var keys: [UInt64] = [0]
    private var counts: [Int32] = [0]
    private var next: [UInt32] = [0]
    private var sums = ExactSums(count: 1)
    /// Entries no group uses, for reuse.
    private var freeEntries: [UInt32] = []

    init() {}

    /// What a row of `amount` in `currency` and `period` (a month code) is counted under: the
    /// period above the kind (0 expense, 1 zero, 2 income) above the currency.
    @inline(__always)
    static func key(period: UInt32, currency: UInt16, amount: Int64) -> UInt64 {
        let kind: UInt64 = amount < 0 ? 0 : amount == 0 ? 1 : 2
        return UInt64(period) << 24 | kind << 16 | UInt64(currency)
    }

    /// Bytes held, at the arrays' capacities.
    var memoryUse: Int {
        heads.capacity * 4 + keys.capacity * 8 + counts.capacity * 4 + next.capacity * 4 + sums.memoryUse + freeEntries.capacity * 4
    }

    /// Adds a row of `group` in `period`.
    mutating func add(_ group: UInt32, _ period: UInt32, currency: UInt16, amount: Int64) {
        let key = PeriodChains.key(period: period, currency: currency, amount: amount)
        if Int(group) >= heads.count {
            heads.append(contentsOf: repeatElement(0, count: max(Int(group) + 1, heads.count * 3 / 2) - heads.count))
        }
        var previous: UInt32 = 0
        var entry = heads[Int(group)]
        while entry != 0 && keys[Int(entry)] > key {
            previous = entry
            entry = next[Int(entry)]
        }
        if entry == 0 || keys[Int(entry)] != key {
            let made = newEntry(key: key, next: entry)
            if previous == 0 { heads[Int(group)] = made } else { next[Int(previous)] = made }
            entry = made
        }
        counts[Int(entry)] += 1
        sums.add(amount, at: Int(entry))
    }

    /// Takes a row of `group` in `period` out; an entry left with no row is freed.
    mutating func remove(_ group: UInt32, _ period: UInt32, currency: UInt16, amount: Int64) {
        let key = PeriodChains.key(period: period, currency: currency, amount: amount)
        precondition(Int(group) < heads.count, "PeriodChains.remove from a group with no row")
        var previous: UInt32 = 0
        var entry = heads[Int(group)]
        while entry != 0 && keys[Int(entry)] > key {
            previous = entry
            entry = next[Int(entry)]
        }
        precondition(entry != 0 && keys[Int(entry)] == key && counts[Int(entry)] > 0, "PeriodChains.remove of a row it does not hold")
        counts[Int(entry)] -= 1
        sums.subtract(amount, at: Int(entry))
        guard counts[Int(entry)] == 0 else { return }
        if previous == 0 { heads[Int(group)] = next[Int(entry)] } else { next[Int(previous)] = next[Int(entry)] }
        sums.set(0, at: Int(entry))
        freeEntries.append(entry)
    }

    /// A row out of its old group and period and into its new ones; nothing when the group,
    /// the period, the currency and the amount are all the same.
    mutating func move(from oldGroup: UInt32, _ oldPeriod: UInt32, to group: UInt32, _ period: UInt32,
                       old: RowRecord, new: RowRecord) {
        guard oldGroup != group || oldPeriod != period || old.currency != new.currency || old.amount != new.amount else { return }
        remove(oldGroup, oldPeriod, currency: old.currency, amount: old.amount)
        add(group, period, currency: new.currency, amount: new.amount)
    }

    /// Calls `body` with every entry of the rows of `kind` (nil: every row), by group code,
    /// newest period first: its group, period (month code), currency, rows and sum.
    func forEachEntry(of kind: TransactionKind?,
                      _ body: (_ group: UInt32, _ period: UInt32, _ currency: UInt16, _ count: Int, _ sum: Int128) -> Void) {
        for group in heads.indices {
            var entry = heads[group]
            while entry != 0 {
                let key = keys[Int(entry)]
                let entryKind = (key >> 16) & 0xFF
                if kind == nil || (kind == .expense && entryKind == 0) || (kind == .income && entryKind == 2) {
                    body(UInt32(group), UInt32(key >> 24), UInt16(truncatingIfNeeded: key), Int(counts[Int(entry)]), sums[Int(entry)])
                }
                entry = next[Int(entry)]
            }
        }
    }

    /// Every entry as (group, key, rows, sum), in chain order: equal for two tables that hold
    /// the same rows, however they were added.
    var entries: [Entry] {
        var result: [Entry] = []
        for group in heads.indices {
            var entry = heads[group]
            while entry != 0 {
                result.append(Entry(group: UInt32(group), key: keys[Int(entry)], count: Int(counts[Int(entry)]), sum: sums[Int(entry)]))
                entry = next[Int(entry)]
            }
        }
        return result
    }

    /// One entry of `entries`.
    struct Entry: Equatable {
        var group: UInt32
        var key: UInt64
        var count: Int
        var sum: Int128
    }

    /// Equal when they hold the same entries (the free lists and capacities aside).
    static func == (left: PeriodChains, right: PeriodChains) -> Bool { left.entries == right.entries }

    /// Traps unless every chain is strictly descending with rows in each entry, and every
    /// entry is in exactly one chain or free.
    func checkInvariants() {
        var used = 0
        for group in heads.indices {
            var entry = heads[group]
            var previousKey = UInt64.max
            var first = true
            while entry != 0 {
                invariant(first || keys[Int(entry)] < previousKey, "period chain of group \(group) is out of order")
                invariant(counts[Int(entry)] > 0, "period chain of group \(group) holds an empty entry")
                previousKey = keys[Int(entry)]
                first = false
                used += 1
                entry = next[Int(entry)]
            }
        }
        invariant(used + freeEntries.count + 1 == keys.count, "period chains lost entries: \(used) used, \(freeEntries.count) free of \(keys.count - 1)")
    }

    /// Gives the arrays' spare room back (one copy each): the end of a bulk build, where
    /// doubling left up to half of each array empty.
    mutating func trim() {
        if heads.capacity > heads.count { heads = heads.withUnsafeBufferPointer { Array($0) } }
        if keys.capacity > keys.count { keys = keys.withUnsafeBufferPointer { Array($0) } }
        if counts.capacity > counts.count { counts = counts.withUnsafeBufferPointer { Array($0) } }
        if next.capacity > next.count { next = next.withUnsafeBufferPointer { Array($0) } }
        sums.shrinkToFit()
    }

    /// A free or new entry for `key` with no row yet, followed by `following`.
    private mutating func newEntry(key: UInt64, next following: UInt32) -> UInt32 {
        if let reused = freeEntries.popLast() {
            keys[Int(reused)] = key
            counts[Int(reused)] = 0
            next[Int(reused)] = following
            return reused
        }
        keys.append(key)
        counts.append(0)
        next.append(following)
        sums.append(zeros: 1)
        return UInt32(keys.count - 1)
    }
}
