/// Every aggregate the store keeps current: the totals, buckets by day, month, card, category,
/// merchant, payee and account (balances), the pending part of each account, and spending per
/// category and month. One add or remove per row change keeps them all exact.
struct StoreBuckets: Sendable {
    /// One bucket (0): every row.
    var total = BucketTable()
    var day = BucketTable()
    /// With income apart, for income and expense per month.
    var month = BucketTable(tracksIncome: true)
    var card = BucketTable()
    var category = BucketTable()
    /// Sparse: tens of thousands of merchants with a currency or two each.
    var merchant = SparseBucketTable()
    /// Sparse like merchants: a payee per shop.
    var payee = SparseBucketTable()
    var account = BucketTable()
    /// Pending rows only, by account: a balance's not-yet-posted part.
    var pendingByAccount = BucketTable()
    /// Expenses (amount < 0) only, by (category, month code).
    var spending = PairBuckets()
    /// The other rows (amount ≥ 0), by (category, `earningKey(month code, amount)`): income in
    /// odd keys, zero amounts in even ones. With `spending`, every row of a category and month,
    /// so a report by category and month or year reads buckets, not rows.
    var earning = PairBuckets()

    /// The second key of a row of `amount` ≥ 0 in month `monthCode` in `earning`.
    @inline(__always)
    static func earningKey(_ monthCode: UInt32, _ amount: Int64) -> UInt32 { monthCode << 1 | (amount > 0 ? 1 : 0) }

    mutating func add(_ record: RowRecord) {
        let currency = record.currency, amount = record.amount
        total.add(0, currency: currency, amount: amount)
        day.add(record.dayCode, currency: currency, amount: amount)
        month.add(record.monthCode, currency: currency, amount: amount)
        card.add(record.card, currency: currency, amount: amount)
        category.add(record.category, currency: currency, amount: amount)
        merchant.add(record.merchant, currency: currency, amount: amount)
        payee.add(record.payee, currency: currency, amount: amount)
        account.add(record.account, currency: currency, amount: amount)
        if record.flags.contains(.pending) { pendingByAccount.add(record.account, currency: currency, amount: amount) }
        if amount < 0 { spending.add(record.category, record.monthCode, currency: currency, amount: amount) } else {
            earning.add(record.category, StoreBuckets.earningKey(record.monthCode, amount), currency: currency, amount: amount)
        }
    }

    mutating func remove(_ record: RowRecord) {
        let currency = record.currency, amount = record.amount
        total.remove(0, currency: currency, amount: amount)
        day.remove(record.dayCode, currency: currency, amount: amount)
        month.remove(record.monthCode, currency: currency, amount: amount)
        card.remove(record.card, currency: currency, amount: amount)
        category.remove(record.category, currency: currency, amount: amount)
        merchant.remove(record.merchant, currency: currency, amount: amount)
        payee.remove(record.payee, currency: currency, amount: amount)
        account.remove(record.account, currency: currency, amount: amount)
        if record.flags.contains(.pending) { pendingByAccount.remove(record.account, currency: currency, amount: amount) }
        if amount < 0 { spending.remove(record.category, record.monthCode, currency: currency, amount: amount) } else {
            earning.remove(record.category, StoreBuckets.earningKey(record.monthCode, amount), currency: currency, amount: amount)
        }
    }

    /// A row's old version out and its new one in, touching only the tables whose bucket,
    /// currency or amount differ (a recategorised row moves between two category buckets and
    /// leaves its day, month, card, merchant and account alone: at a million rows each table
    /// touched was a cache miss or two).
    mutating func replace(_ old: RowRecord, with new: RowRecord) {
        let (oldCurrency, oldAmount, currency, amount) = (old.currency, old.amount, new.currency, new.amount)
        guard oldCurrency != currency || oldAmount != amount else {
            StoreBuckets.move(in: &day, from: old.dayCode, to: new.dayCode, currency: currency, amount: amount)
            StoreBuckets.move(in: &month, from: old.monthCode, to: new.monthCode, currency: currency, amount: amount)
            StoreBuckets.move(in: &card, from: old.card, to: new.card, currency: currency, amount: amount)
            StoreBuckets.move(in: &category, from: old.category, to: new.category, currency: currency, amount: amount)
            StoreBuckets.move(in: &account, from: old.account, to: new.account, currency: currency, amount: amount)
            if old.merchant != new.merchant {
                merchant.remove(old.merchant, currency: currency, amount: amount)
                merchant.add(new.merchant, currency: currency, amount: amount)
            }
            if old.payee != new.payee {
                payee.remove(old.payee, currency: currency, amount: amount)
                payee.add(new.payee, currency: currency, amount: amount)
            }
            replacePendingAndSpending(old, with: new)
            return
        }
        remove(old)
        add(new)
    }

    /// An amount out of one bucket and into another, nothing when they are the same.
    @inline(__always)
    private static func move(in table: inout BucketTable, from bucket: UInt32, to newBucket: UInt32, currency: UInt16, amount: Int64) {
        guard bucket != newBucket else { return }
        table.remove(bucket, currency: currency, amount: amount)
        table.add(newBucket, currency: currency, amount: amount)
    }

    /// The pending-by-account and spending parts of `replace`, each touched only when its
    /// bucket changes.
    private mutating func replacePendingAndSpending(_ old: RowRecord, with new: RowRecord) {
        let (wasPending, isPending) = (old.flags.contains(.pending), new.flags.contains(.pending))
        if wasPending != isPending || (isPending && old.account != new.account) {
            if wasPending { pendingByAccount.remove(old.account, currency: old.currency, amount: old.amount) }
            if isPending { pendingByAccount.add(new.account, currency: new.currency, amount: new.amount) }
        }
        let (wasSpending, isSpending) = (old.amount < 0, new.amount < 0)
        if wasSpending != isSpending || (isSpending && (old.category != new.category || old.monthCode != new.monthCode)) {
            if wasSpending { spending.remove(old.category, old.monthCode, currency: old.currency, amount: old.amount) }
            if isSpending { spending.add(new.category, new.monthCode, currency: new.currency, amount: new.amount) }
        }
        if !isSpending && (wasSpending || old.category != new.category || old.monthCode != new.monthCode) {
            earning.add(new.category, StoreBuckets.earningKey(new.monthCode, new.amount), currency: new.currency, amount: new.amount)
        }
        if !wasSpending && (isSpending || old.category != new.category || old.monthCode != new.monthCode) {
            earning.remove(old.category, StoreBuckets.earningKey(old.monthCode, old.amount), currency: old.currency, amount: old.amount)
        }
    }

    var memoryUse: Int {
        total.memoryUse + day.memoryUse + month.memoryUse + card.memoryUse + category.memoryUse
            + merchant.memoryUse + payee.memoryUse + account.memoryUse + pendingByAccount.memoryUse + spending.memoryUse + earning.memoryUse
    }
}
