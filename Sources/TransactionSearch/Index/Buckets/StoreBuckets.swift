/// Every aggregate the store keeps current: the totals, buckets by day, month, card, category,
/// merchant and account (balances), the pending part of each account, and spending per
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
    var account = BucketTable()
    /// Pending rows only, by account: a balance's not-yet-posted part.
    var pendingByAccount = BucketTable()
    /// Expenses (amount < 0) only, by (category, month code).
    var spending = PairBuckets()

    mutating func add(_ record: RowRecord) {
        let currency = record.currency, amount = record.amount
        total.add(0, currency: currency, amount: amount)
        day.add(record.dayCode, currency: currency, amount: amount)
        month.add(record.monthCode, currency: currency, amount: amount)
        card.add(record.card, currency: currency, amount: amount)
        category.add(record.category, currency: currency, amount: amount)
        merchant.add(record.merchant, currency: currency, amount: amount)
        account.add(record.account, currency: currency, amount: amount)
        if record.flags.contains(.pending) { pendingByAccount.add(record.account, currency: currency, amount: amount) }
        if amount < 0 { spending.add(record.category, record.monthCode, currency: currency, amount: amount) }
    }

    mutating func remove(_ record: RowRecord) {
        let currency = record.currency, amount = record.amount
        total.remove(0, currency: currency, amount: amount)
        day.remove(record.dayCode, currency: currency, amount: amount)
        month.remove(record.monthCode, currency: currency, amount: amount)
        card.remove(record.card, currency: currency, amount: amount)
        category.remove(record.category, currency: currency, amount: amount)
        merchant.remove(record.merchant, currency: currency, amount: amount)
        account.remove(record.account, currency: currency, amount: amount)
        if record.flags.contains(.pending) { pendingByAccount.remove(record.account, currency: currency, amount: amount) }
        if amount < 0 { spending.remove(record.category, record.monthCode, currency: currency, amount: amount) }
    }

    var memoryUse: Int {
        total.memoryUse + day.memoryUse + month.memoryUse + card.memoryUse + category.memoryUse
            + merchant.memoryUse + account.memoryUse + pendingByAccount.memoryUse + spending.memoryUse
    }
}
