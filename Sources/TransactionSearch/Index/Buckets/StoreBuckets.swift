/// Every aggregate the store keeps current: the totals, buckets by day, month, card, category,
/// descriptor (read by merchant or by payee) and account (balances), the pending part of each
/// account, and the report
/// pairs (category, card and account by month and by week, payee and merchant by month,
/// expenses apart). One add or remove per row change keeps them all exact.
struct StoreBuckets: Sendable {
    /// One bucket (0): every row.
    var total = BucketTable()
    var day = BucketTable()
    /// With income apart, for income and expense per month.
    var month = BucketTable(tracksIncome: true)
    var card = BucketTable()
    var category = BucketTable()
    /// By descriptor (`DescriptorIndex`: merchant, category, subcategory and payee), sparse:
    /// tens of thousands of merchants with a currency or two each. Read by merchant or by
    /// payee (`merchants(of:limit:)`, `payees(of:limit:)`): a table by merchant and one by
    /// payee held the same sums twice on text where a payee is its merchant's name (6.7 B/row
    /// each on the long-tail data).
    var descriptor = SparseBucketTable()
    var account = BucketTable()
    /// Pending rows only, by account: a balance's not-yet-posted part.
    var pendingByAccount = BucketTable()
    /// Every row by (category, month code), expenses apart: spending per category and month,
    /// and reports by category (or not grouped) by month or year. In cells like the payees'
    /// (`PeriodCells`, the group the category's code): a pair kept as a hash entry and a
    /// bucket took about 60 bytes, a cell takes about 35.
    var categoryMonth = PeriodCells()
    /// Every row by (card, month code) and (account, month code): reports by card or account
    /// by month or year.
    var cardMonth = PeriodCells()
    var accountMonth = PeriodCells()
    /// Every row by ((merchant, payee), month code), in hashed cells: tens of thousands
    /// (`PeriodCells`). Reports by payee or merchant by month or year, each summing its half.
    /// Nil once they would hold more than a cell for every other row (`PeriodCells.paysOff`):
    /// on text that is mostly distinct a cell a row cost 27 B/row, and such a report then
    /// reads the rows.
    var merchantPayeeMonth: PeriodCells? = PeriodCells()
    /// Every row by (category, card or account; week code): reports by week.
    var categoryWeek = PeriodCells()
    var cardWeek = PeriodCells()
    var accountWeek = PeriodCells()

    /// The report pairs by name (what `StoreContents.checkInvariants` compares).
    var reportPairs: [(name: String, pairs: PeriodCells)] {
        [("category-month", categoryMonth), ("card-month", cardMonth), ("account-month", accountMonth),
         ("category-week", categoryWeek), ("card-week", cardWeek), ("account-week", accountWeek)]
    }

    /// Adds a row; `week` is the week code of its day (`StoreCalendar.weekOfDay`).
    mutating func add(_ record: RowRecord, week: UInt32) {
        let currency = record.currency, amount = record.amount
        total.add(0, currency: currency, amount: amount)
        day.add(record.dayCode, currency: currency, amount: amount)
        month.add(record.monthCode, currency: currency, amount: amount)
        card.add(record.card, currency: currency, amount: amount)
        category.add(record.category, currency: currency, amount: amount)
        descriptor.add(record.descriptor, currency: currency, amount: amount)
        account.add(record.account, currency: currency, amount: amount)
        if record.flags.contains(.pending) { pendingByAccount.add(record.account, currency: currency, amount: amount) }
        addToPairs(record.category, record.card, record.account, month: record.monthCode, week: week, currency: currency, amount: amount)
        addToCells(payee: record.payee, merchant: record.merchant, month: record.monthCode, currency: currency, amount: amount)
    }

    /// Counts and sums by merchant code (below `limit`), from the descriptors' table.
    func merchants(of descriptors: DescriptorIndex, limit: Int) -> BucketTable {
        descriptor.dense(groupedBy: descriptors.merchantOf.base, groupLimit: limit)
    }

    /// Counts and sums by payee code (below `limit`), from the descriptors' table.
    func payees(of descriptors: DescriptorIndex, limit: Int) -> BucketTable {
        descriptor.dense(groupedBy: descriptors.payeeOf.base, groupLimit: limit)
    }

    /// Moves the week pairs and the payee and merchant cells of `other` here (a bulk build
    /// makes them apart, on another thread, into an empty store's buckets).
    mutating func takeWeekPairsAndCells(from other: inout StoreBuckets) {
        swap(&categoryWeek, &other.categoryWeek)
        swap(&cardWeek, &other.cardWeek)
        swap(&accountWeek, &other.accountWeek)
        swap(&merchantPayeeMonth, &other.merchantPayeeMonth)
    }

    /// Adds a row to the payee and merchant cells.
    @inline(__always)
    mutating func addToCells(payee: UInt32, merchant: UInt32, month: UInt32, currency: UInt16, amount: Int64) {
        merchantPayeeMonth?.add(PeriodCells.group(merchant: merchant, payee: payee), month, currency: currency, amount: amount)
    }

    /// Lets the payee and merchant cells go when they no longer pay off in a store of `rows`
    /// rows (they come back at the next bulk build that finds them worth it).
    @inline(__always)
    mutating func dropCellsUnlessTheyPayOff(rows: Int) {
        if let cells = merchantPayeeMonth, !PeriodCells.paysOff(cells: cells.count, rows: rows) { merchantPayeeMonth = nil }
    }

    /// Adds a row to the report pairs.
    @inline(__always)
    mutating func addToPairs(_ category: UInt32, _ card: UInt32, _ account: UInt32, month: UInt32, week: UInt32,
                             currency: UInt16, amount: Int64) {
        addToMonthPairs(category, card, account, month: month, currency: currency, amount: amount)
        addToWeekPairs(category, card, account, week: week, currency: currency, amount: amount)
    }

    /// Adds a row to the category, card and account pairs of its month (a bulk build fills
    /// these and the week pairs on different threads).
    @inline(__always)
    mutating func addToMonthPairs(_ category: UInt32, _ card: UInt32, _ account: UInt32, month: UInt32, currency: UInt16, amount: Int64) {
        categoryMonth.add(UInt64(category), month, currency: currency, amount: amount)
        cardMonth.add(UInt64(card), month, currency: currency, amount: amount)
        accountMonth.add(UInt64(account), month, currency: currency, amount: amount)
    }

    /// Adds a row to the category, card and account pairs of its week.
    @inline(__always)
    mutating func addToWeekPairs(_ category: UInt32, _ card: UInt32, _ account: UInt32, week: UInt32, currency: UInt16, amount: Int64) {
        categoryWeek.add(UInt64(category), week, currency: currency, amount: amount)
        cardWeek.add(UInt64(card), week, currency: currency, amount: amount)
        accountWeek.add(UInt64(account), week, currency: currency, amount: amount)
    }

    /// Gives back the spare room a bulk fill left in the report pairs (`PeriodCells.trim`; a
    /// table already at its size is not copied).
    mutating func trimPairs() {
        categoryMonth.trim()
        cardMonth.trim()
        accountMonth.trim()
        categoryWeek.trim()
        cardWeek.trim()
        accountWeek.trim()
    }

    /// Removes a row; `week` is the week code of its day.
    mutating func remove(_ record: RowRecord, week: UInt32) {
        let currency = record.currency, amount = record.amount
        total.remove(0, currency: currency, amount: amount)
        day.remove(record.dayCode, currency: currency, amount: amount)
        month.remove(record.monthCode, currency: currency, amount: amount)
        card.remove(record.card, currency: currency, amount: amount)
        category.remove(record.category, currency: currency, amount: amount)
        descriptor.remove(record.descriptor, currency: currency, amount: amount)
        account.remove(record.account, currency: currency, amount: amount)
        if record.flags.contains(.pending) { pendingByAccount.remove(record.account, currency: currency, amount: amount) }
        categoryMonth.remove(UInt64(record.category), record.monthCode, currency: currency, amount: amount)
        cardMonth.remove(UInt64(record.card), record.monthCode, currency: currency, amount: amount)
        accountMonth.remove(UInt64(record.account), record.monthCode, currency: currency, amount: amount)
        categoryWeek.remove(UInt64(record.category), week, currency: currency, amount: amount)
        cardWeek.remove(UInt64(record.card), week, currency: currency, amount: amount)
        accountWeek.remove(UInt64(record.account), week, currency: currency, amount: amount)
        merchantPayeeMonth?.remove(PeriodCells.group(merchant: record.merchant, payee: record.payee), record.monthCode,
                                  currency: currency, amount: amount)
    }

    /// A row's old version out and its new one in, touching only the tables whose bucket,
    /// currency or amount differ (a recategorised row moves between two category buckets and
    /// leaves its day, month, card, merchant and account alone: at a million rows each table
    /// touched was a cache miss or two).
    mutating func replace(_ old: RowRecord, week oldWeek: UInt32, with new: RowRecord, week: UInt32) {
        let (oldCurrency, oldAmount, currency, amount) = (old.currency, old.amount, new.currency, new.amount)
        guard oldCurrency != currency || oldAmount != amount else {
            StoreBuckets.move(in: &day, from: old.dayCode, to: new.dayCode, currency: currency, amount: amount)
            StoreBuckets.move(in: &month, from: old.monthCode, to: new.monthCode, currency: currency, amount: amount)
            StoreBuckets.move(in: &card, from: old.card, to: new.card, currency: currency, amount: amount)
            StoreBuckets.move(in: &category, from: old.category, to: new.category, currency: currency, amount: amount)
            StoreBuckets.move(in: &account, from: old.account, to: new.account, currency: currency, amount: amount)
            if old.descriptor != new.descriptor {
                descriptor.remove(old.descriptor, currency: currency, amount: amount)
                descriptor.add(new.descriptor, currency: currency, amount: amount)
            }
            replacePendingAndPairs(old, week: oldWeek, with: new, week: week)
            return
        }
        remove(old, week: oldWeek)
        add(new, week: week)
    }

    /// An amount out of one bucket and into another, nothing when they are the same.
    @inline(__always)
    private static func move(in table: inout BucketTable, from bucket: UInt32, to newBucket: UInt32, currency: UInt16, amount: Int64) {
        guard bucket != newBucket else { return }
        table.remove(bucket, currency: currency, amount: amount)
        table.add(newBucket, currency: currency, amount: amount)
    }

    /// The pending-by-account and report-pair parts of `replace` (the amount and currency
    /// unchanged), each touched only when its bucket changes.
    private mutating func replacePendingAndPairs(_ old: RowRecord, week oldWeek: UInt32, with new: RowRecord, week: UInt32) {
        let (wasPending, isPending) = (old.flags.contains(.pending), new.flags.contains(.pending))
        if wasPending != isPending || (isPending && old.account != new.account) {
            if wasPending { pendingByAccount.remove(old.account, currency: old.currency, amount: old.amount) }
            if isPending { pendingByAccount.add(new.account, currency: new.currency, amount: new.amount) }
        }
        categoryMonth.move(from: UInt64(old.category), old.monthCode, to: UInt64(new.category), new.monthCode, old: old, new: new)
        cardMonth.move(from: UInt64(old.card), old.monthCode, to: UInt64(new.card), new.monthCode, old: old, new: new)
        accountMonth.move(from: UInt64(old.account), old.monthCode, to: UInt64(new.account), new.monthCode, old: old, new: new)
        categoryWeek.move(from: UInt64(old.category), oldWeek, to: UInt64(new.category), week, old: old, new: new)
        cardWeek.move(from: UInt64(old.card), oldWeek, to: UInt64(new.card), week, old: old, new: new)
        accountWeek.move(from: UInt64(old.account), oldWeek, to: UInt64(new.account), week, old: old, new: new)
        merchantPayeeMonth?.move(from: PeriodCells.group(merchant: old.merchant, payee: old.payee), old.monthCode,
                                to: PeriodCells.group(merchant: new.merchant, payee: new.payee), new.monthCode, old: old, new: new)
    }

    var memoryUse: Int {
        total.memoryUse + day.memoryUse + month.memoryUse + card.memoryUse + category.memoryUse
            + descriptor.memoryUse + account.memoryUse + pendingByAccount.memoryUse
            + categoryMonth.memoryUse + cardMonth.memoryUse + accountMonth.memoryUse
            + categoryWeek.memoryUse + cardWeek.memoryUse + accountWeek.memoryUse
            + (merchantPayeeMonth?.memoryUse ?? 0)
    }
}
