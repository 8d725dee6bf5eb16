/// Everything a store holds: the columns and every index, bucket and pool over them. It is the
/// single source of truth behind `TransactionStore`, which guards it with a read-write lock;
/// nothing here locks.
///
/// `@exclusivity(unchecked)`: the lock already makes every write exclusive, so Swift's dynamic
/// exclusivity check on these class properties only repeats it, and it cost a third of
/// building a store (184 ms to 130 ms for 100,000 rows with it off). The properties are
/// touched only by code running under the store's lock.
final class StoreState: @unchecked Sendable {
    let clock: ZoneClock
    let baseCurrency: Currency
    let columns = ColumnStore()
    let ids = IDIndex()
    @exclusivity(unchecked) var merchants = FieldIndex(isSearchable: true, keepsPostings: false, titles: .plain)
    @exclusivity(unchecked) var categories = FieldIndex(isSearchable: true, keepsPostings: false, titles: .plain)
    @exclusivity(unchecked) var subcategories = FieldIndex(isSearchable: true, keepsPostings: false, titles: .none)
    @exclusivity(unchecked) var descriptors = DescriptorIndex()
    @exclusivity(unchecked) var cards = FieldIndex(isSearchable: false, keepsPostings: true, titles: .card)
    @exclusivity(unchecked) var accounts = FieldIndex(isSearchable: false, keepsPostings: true, titles: .plain)
    @exclusivity(unchecked) var notes = FieldIndex(isSearchable: true, keepsPostings: true, titles: .none)
    @exclusivity(unchecked) var days = ValuePool()
    @exclusivity(unchecked) var months = ValuePool()
    /// The month slot of each day slot: a row's month is `monthOfDay[daySlot]`.
    let monthOfDay = ColumnBuffer<UInt32>(filler: 0)
    @exclusivity(unchecked) var currencies = CurrencyTable()
    @exclusivity(unchecked) var dateOrder = OrderedRowList()
    @exclusivity(unchecked) var amountOrder = OrderedRowList()
    @exclusivity(unchecked) var buckets = StoreBuckets()
    /// The sequence number of the last event.
    @exclusivity(unchecked) var sequence: UInt64 = 0
    /// The counter behind generated ids (`tx_1`, `tx_2`...).
    @exclusivity(unchecked) var generatedIDCounter: UInt64 = 0
    /// Rates to the base currency, for base totals; nil when none are set.
    @exclusivity(unchecked) var exchangeRates: ExchangeRates?

    init(clock: ZoneClock, baseCurrency: Currency) {
        self.clock = clock
        self.baseCurrency = baseCurrency
    }

    var count: Int { columns.liveCount }

    var dateOrdering: DateOrder { DateOrder(columns: columns, ids: ids) }
    var amountOrdering: AmountOrder { AmountOrder(columns: columns, scales: currencies.scales, ids: ids) }
    var magnitudes: MagnitudeReader { MagnitudeReader(columns: columns, scales: currencies.scales) }

    /// The local day of a row.
    @inline(__always)
    func day(ofRow row: UInt32) -> Int32 { days.value(columns.daySlot[row]) }

    /// A live row as a record, its derived fields filled in.
    func record(_ row: UInt32) -> RowRecord {
        let descriptor = columns.descriptor[row]
        let daySlot = columns.daySlot[row]
        return RowRecord(
            instant: columns.instant[row], daySlot: daySlot, monthSlot: monthOfDay[daySlot], amount: columns.amount[row],
            currency: columns.currency[row], merchant: descriptors.merchantOf[descriptor],
            category: descriptors.categoryOf[descriptor], subcategory: descriptors.subcategoryOf[descriptor],
            descriptor: descriptor, card: columns.card[row], account: columns.account[row], note: columns.note[row],
            flags: RowFlags(rawValue: columns.flags[row]))
    }

    /// The transaction stored in a live row.
    func transaction(at row: UInt32) -> Transaction {
        // Each string is read straight from its pool's array: calling a method on a field
        // index (a struct in this class) copied the whole struct, a dozen retains per field.
        let record = self.record(row)
        let date: TransactionDate = record.flags.contains(.calendarDay)
            ? .day(CalendarDay(daysSince1970: days.values[Int(record.daySlot)]))
            : .instant(millisecondsSince1970: record.instant)
        return Transaction(
            id: ids.id(of: row),
            date: date,
            merchant: merchants.pool.strings[Int(record.merchant)],
            category: record.category == 0 ? nil : categories.pool.strings[Int(record.category)],
            subcategory: record.subcategory == 0 ? nil : subcategories.pool.strings[Int(record.subcategory)],
            card: record.card == 0 ? nil : cards.pool.strings[Int(record.card)],
            account: record.account == 0 ? nil : accounts.pool.strings[Int(record.account)],
            amount: Money(minorUnits: Int128(record.amount), currency: currencies[record.currency]),
            status: record.flags.contains(.pending) ? .pending : .posted,
            notes: record.note == 0 ? nil : notes.pool.strings[Int(record.note)])
    }

    /// Bytes held by the store's own structures (columns, ids, pools, indexes, buckets).
    var memoryUse: Int {
        var bytes = columns.memoryUse + ids.memoryUse + monthOfDay.memoryUse
        for field in [merchants, categories, subcategories, cards, accounts, notes] { bytes += field.memoryUse }
        bytes += descriptors.memoryUse + days.memoryUse + months.memoryUse + dateOrder.memoryUse + amountOrder.memoryUse
        return bytes + buckets.memoryUse
    }

    /// Traps when any structure disagrees with the columns: every posting, order, bucket and
    /// pool is recomputed from the rows and compared. O(rows); for tests and debug checks.
    func checkInvariants() {
        for field in [merchants, categories, subcategories, cards, accounts, notes] { field.checkInvariants() }
        descriptors.checkInvariants()
        days.checkInvariants()
        months.checkInvariants()
        dateOrder.checkInvariants(order: dateOrdering)
        amountOrder.checkInvariants(order: amountOrdering)
        precondition(dateOrder.count == count && amountOrder.count == count && ids.count == count,
                     "orders or ids disagree with the row count \(count)")
        var expected = StoreBuckets()
        var liveRows = 0
        for row in 0..<UInt32(columns.rowLimit) where columns.isLive(row) {
            liveRows += 1
            let record = self.record(row)
            expected.add(record)
            precondition(ids.row(of: ids.id(of: row)) == row, "id map lost row \(row)")
            let key = DescriptorIndex.Key(merchant: record.merchant, category: record.category, subcategory: record.subcategory)
            precondition(descriptors.key(record.descriptor) == key, "row \(row) has a stale descriptor")
            precondition(descriptors.postings[Int(record.descriptor)].contains(row), "descriptor posting lost row \(row)")
            precondition(cards.postings[Int(record.card)].contains(row), "card posting lost row \(row)")
            precondition(accounts.postings[Int(record.account)].contains(row), "account posting lost row \(row)")
            precondition(notes.postings[Int(record.note)].contains(row), "note posting lost row \(row)")
            let day = days.value(record.daySlot)
            if record.flags.contains(.calendarDay) {
                precondition(record.instant == clock.startOfDay(day), "calendar day row \(row) has a stale instant")
            } else {
                precondition(day == clock.day(ofInstant: record.instant), "row \(row) has a stale day")
            }
            let month = CalendarDay(daysSince1970: day).calendarMonth.monthsSince1970
            precondition(months.value(record.monthSlot) == month, "row \(row) has a stale month")
        }
        precondition(liveRows == count, "live rows \(liveRows) != count \(count)")
        StoreState.checkSame(expected.total, buckets.total, upTo: 1, "total")
        StoreState.checkSame(expected.day, buckets.day, upTo: days.slotLimit, "day")
        StoreState.checkSame(expected.month, buckets.month, upTo: months.slotLimit, "month")
        StoreState.checkSame(expected.card, buckets.card, upTo: cards.codeLimit, "card")
        StoreState.checkSame(expected.category, buckets.category, upTo: categories.codeLimit, "category")
        StoreState.checkSame(expected.merchant, buckets.merchant, upTo: merchants.codeLimit, "merchant")
        StoreState.checkSame(expected.account, buckets.account, upTo: accounts.codeLimit, "account")
        StoreState.checkSame(expected.pendingByAccount, buckets.pendingByAccount, upTo: accounts.codeLimit, "pending")
        for pair in expected.spending.pairs {
            guard let bucket = buckets.spending.bucket(pair.first, pair.second) else {
                preconditionFailure("spending lost a category-month")
            }
            StoreState.checkSameBucket(expected.spending.table, pair.bucket, buckets.spending.table, bucket, "spending")
        }
        precondition(expected.spending.pairs.count == buckets.spending.pairs.count, "spending has stale pairs")
    }

    private static func checkSame(_ expected: BucketTable, _ actual: BucketTable, upTo limit: Int, _ name: String) {
        for bucket in 0..<UInt32(max(limit, 1)) {
            checkSameBucket(expected, bucket, actual, bucket, name)
        }
    }

    private static func checkSameBucket(_ expected: BucketTable, _ expectedBucket: UInt32, _ actual: BucketTable,
                                        _ actualBucket: UInt32, _ name: String) {
        precondition(expected.count(expectedBucket) == actual.count(actualBucket), "\(name) bucket \(actualBucket) count is stale")
        var left: [UInt16: (Int, Int128, Int128)] = [:]
        var right: [UInt16: (Int, Int128, Int128)] = [:]
        expected.forEachCurrency(of: expectedBucket) { left[$0] = ($1, $2, $3) }
        actual.forEachCurrency(of: actualBucket) { right[$0] = ($1, $2, $3) }
        precondition(left.count == right.count && left.allSatisfy { key, value in
            right[key].map { $0 == value } ?? false
        }, "\(name) bucket \(actualBucket) sums are stale")
    }
}
