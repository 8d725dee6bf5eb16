/// The rows of one grouping by period (a category by month, a card by week), expenses apart
/// from the rest: what a report of every row by that grouping and period reads instead of the
/// rows. Keyed by (group code, period code): a month code or a week code
/// (`StoreCalendar.weekCode`).
struct PeriodPairs: Sendable {
    /// Expenses (amount < 0), by (group, period).
    private(set) var spending = PairBuckets()
    /// The other rows (amount ≥ 0), by (group, `earningKey(period, amount)`): income in odd
    /// keys, zero amounts in even ones.
    private(set) var earning = PairBuckets()

    /// The second key of a row of `amount` ≥ 0 in `period` in `earning`.
    @inline(__always)
    static func earningKey(_ period: UInt32, _ amount: Int64) -> UInt32 { period << 1 | (amount > 0 ? 1 : 0) }

    mutating func add(_ group: UInt32, _ period: UInt32, currency: UInt16, amount: Int64) {
        if amount < 0 {
            spending.add(group, period, currency: currency, amount: amount)
        } else {
            earning.add(group, PeriodPairs.earningKey(period, amount), currency: currency, amount: amount)
        }
    }

    mutating func remove(_ group: UInt32, _ period: UInt32, currency: UInt16, amount: Int64) {
        if amount < 0 {
            spending.remove(group, period, currency: currency, amount: amount)
        } else {
            earning.remove(group, PeriodPairs.earningKey(period, amount), currency: currency, amount: amount)
        }
    }

    /// A row out of its old pair and into its new one; nothing when the group, the period,
    /// the currency and the amount are all the same.
    mutating func move(from oldGroup: UInt32, _ oldPeriod: UInt32, to group: UInt32, _ period: UInt32,
                       old: RowRecord, new: RowRecord) {
        guard oldGroup != group || oldPeriod != period || old.currency != new.currency || old.amount != new.amount else { return }
        remove(oldGroup, oldPeriod, currency: old.currency, amount: old.amount)
        add(group, period, currency: new.currency, amount: new.amount)
    }

    /// Calls `body` with each pair's group, period and bucket table and bucket, for the rows
    /// of `kind` (nil: every row).
    func forEachPair(of kind: TransactionKind?, _ body: (_ group: UInt32, _ period: UInt32, _ table: SparseBucketTable, _ bucket: UInt32) -> Void) {
        if kind != .income {
            for pair in spending.pairs { body(pair.first, pair.second, spending.table, pair.bucket) }
        }
        if kind != .expense {
            for pair in earning.pairs where kind != .income || pair.second & 1 == 1 {
                body(pair.first, pair.second >> 1, earning.table, pair.bucket)
            }
        }
    }

    var memoryUse: Int { spending.memoryUse + earning.memoryUse }
}
