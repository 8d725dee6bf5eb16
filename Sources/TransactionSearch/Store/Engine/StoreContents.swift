/// Everything a store holds, as a few owners with one job each: the rows (`RowTable`: columns,
/// ids, free rows), the text (`TextFields`: pools, trigram indexes, postings, descriptors), the
/// calendar (`StoreCalendar`: zone, days, months), the currencies, the two row orders
/// (`RowOrders`) and the buckets (`StoreBuckets`). This type keeps them in step: a row change
/// goes to each (`+Mutation`), a batch into an empty store or a snapshot is built in bulk
/// (`+Build`, `+Restore`). `TransactionStore` guards it with a read-write lock; nothing here
/// locks.
///
/// `@exclusivity(unchecked)`: the lock already makes every write exclusive, so Swift's dynamic
/// exclusivity check on class properties only repeats it, and it cost a third of building a
/// store (184 ms to 130 ms for 100,000 rows with it off). The properties are touched only by
/// code running under the store's lock.
final class StoreContents: @unchecked Sendable {
    let baseCurrency: Currency
    let table: RowTable
    let text = TextFields()
    let calendar: StoreCalendar
    let orders = RowOrders()
    @exclusivity(unchecked) var currencies = CurrencyTable()
    @exclusivity(unchecked) var buckets = StoreBuckets()
    /// Who set each field of the rows, interned (`RowTable.sources` holds the codes).
    @exclusivity(unchecked) var sources = SourcesPool()
    /// The sequence number of the last event.
    @exclusivity(unchecked) var sequence: UInt64 = 0
    /// Rates to the base currency, for base totals; nil when none are set.
    @exclusivity(unchecked) var exchangeRates: ExchangeRates?
    /// The rules and the steps an undo can revert.
    @exclusivity(unchecked) var state = StoreState()
    /// The payees' rows whose merchant reads otherwise (what a search of both fields needs of
    /// the payees).
    @exclusivity(unchecked) var payeesApart = PayeesApart()

    /// Candidates from which a scan runs on two threads (`ScanParallelism`); tests lower it to
    /// exercise the split on small stores.
    @exclusivity(unchecked) var parallelScanMinimum = ScanParallelism.defaultMinimum

    /// The rules a draft or a patch must pass before anything changes.
    let validator: TransactionValidator

    init(clock: ZoneClock, baseCurrency: Currency) {
        calendar = StoreCalendar(clock: clock)
        table = RowTable(dayStart: calendar.dayStart)
        self.baseCurrency = baseCurrency
        validator = TransactionValidator(baseCurrency: baseCurrency)
    }

    var clock: ZoneClock { calendar.clock }
    var count: Int { table.liveCount }

    var dateOrdering: DateRowOrder { DateRowOrder(self) }
    var amountOrdering: AmountRowOrder { AmountRowOrder(self) }
    /// The handle on the columns; valid until the next mutation.
    var rows: RowView { RowView(self) }

    /// The local day of a row.
    @inline(__always)
    func day(ofRow row: UInt32) -> Int32 { calendar.day(ofCode: table.dayCode[row]) }

    /// Whether a record's payee is some text and its folded text is not its merchant's
    /// (`PayeesApart`). Both strings must be in their pools.
    @inline(__always)
    func payeeStandsApart(_ record: RowRecord) -> Bool { payeeStandsApart(payee: record.payee, merchant: record.merchant) }

    /// Whether `payee` (a code of the payee field, 0: none) is some text whose folded text is
    /// not that of `merchant` (a code of the merchant field).
    @inline(__always)
    func payeeStandsApart(payee: UInt32, merchant: UInt32) -> Bool {
        payee != 0 && !text[.payee].hasFoldedText(of: payee, equalTo: merchant, in: text[.merchant])
    }

    /// A live row as a record, its derived fields filled in.
    func record(_ row: UInt32) -> RowRecord {
        let descriptor = table.descriptor[row]
        let dayCode = table.dayCode[row]
        var codes = TextFieldValues<UInt32>(repeating: 0)
        codes.merchant = text.descriptors.merchantOf[descriptor]
        codes.category = text.descriptors.categoryOf[descriptor]
        codes.subcategory = text.descriptors.subcategoryOf[descriptor]
        codes.payee = text.descriptors.payeeOf[descriptor]
        let pair = table.cardAccount.pairs[row]
        codes.card = table.cardAccount.cardOf[pair]
        codes.account = table.cardAccount.accountOf[pair]
        codes.notes = table.notes[row]
        return RowRecord(
            instant: table.instant(row), dayCode: dayCode, monthCode: calendar.monthOfDay[dayCode], amount: table.amount[row],
            currency: table.currency[row], codes: codes, descriptor: descriptor, flags: RowFlags(rawValue: table.flags[row]),
            sources: table.sources[row])
    }

    /// The text fields' pool texts, taken once for making many strings (`RowStrings`).
    var fieldTexts: FieldTexts { FieldTexts(text) }

    /// The transaction stored in a live row.
    ///
    /// One row's strings come straight from each pool: taking every pool's texts first
    /// (`RowStrings`, for many rows) allocated two arrays and a box and retained six arenas,
    /// a tenth of an update's or delete's time after a burst of queries at a million rows.
    func transaction(at row: UInt32) -> Transaction {
        let record = self.record(row)
        var transaction = emptyTransaction(of: record)
        table.setKeys(of: row, in: &transaction)
        setTexts(of: record, in: &transaction) { field, code in code == 0 ? nil : text[field].string(code) }
        return transaction
    }

    /// A record's transaction with its date, amount and status, its keys and texts not set.
    @inline(__always)
    private func emptyTransaction(of record: RowRecord) -> Transaction {
        let date: TransactionDate = record.flags.contains(.calendarDay)
            ? .day(CalendarDay(daysSince1970: calendar.day(ofCode: record.dayCode)))
            : .instant(millisecondsSince1970: record.instant)
        return Transaction(
            id: "", date: date, merchant: "", amount: Money(minorUnits: Int128(record.amount), currency: currencies[record.currency]),
            status: record.flags.contains(.pending) ? .pending : .posted, sources: sources.value(record.sources))
    }

    /// The transaction stored in a live row, its strings made by `strings` (for many rows:
    /// the pools' texts taken once, a string repeated from the row before not made again).
    func transaction(at row: UInt32, strings: inout RowStrings) -> Transaction {
        let record = self.record(row)
        var transaction = emptyTransaction(of: record)
        table.setKeys(of: row, in: &transaction)
        setTexts(of: record, in: &transaction) { strings.string($0, $1) }
        return transaction
    }

    /// Sets every text field of `transaction` from a record's codes, each string made by
    /// `string` (field, code; nil for none). (A function of its own: setting them in a closure
    /// in `transaction(at:strings:)` captured the transaction there, which then cost a copy of
    /// it on return.)
    @inline(__always)
    private func setTexts(of record: RowRecord, in transaction: inout Transaction,
                          _ string: (TextField, UInt32) -> String?) {
        TextField.forEach { field in
            field.transactionField.setTextValue(string(field, record.codes[field]), in: &transaction)
        }
    }

    /// Bytes held by the store's own structures (columns, ids, pools, indexes, buckets).
    var memoryUse: Int {
        table.memoryUse + table.keysMemoryUse + text.memoryUse + calendar.memoryUse + orders.memoryUse + buckets.memoryUse
            + sources.memoryUse + state.history.memoryBytes
    }

    /// Traps when any structure disagrees with the columns (or, while an `IntegrityCollector`
    /// collects, records each disagreement): every posting, order, bucket and pool is
    /// recomputed from the rows and compared. O(rows).
    func checkInvariants() {
        text.checkInvariants()
        calendar.checkInvariants()
        orders.byDate.checkInvariants(order: dateOrdering)
        orders.byAmount.checkInvariants(order: amountOrdering)
        invariant(orders.byDate.count == count && orders.byAmount.count == count, "orders disagree with the row count \(count)")
        table.checkKeys()
        table.cardAccount.checkInvariants(liveRows: (0..<UInt32(table.rowLimit)).lazy.filter { self.table.isLive($0) })
        var expected = StoreBuckets()
        var expectedApart = PayeesApart()
        var expectedMerchants = BucketTable(), expectedPayees = BucketTable()
        var liveRows = 0
        let descriptors = text.descriptors
        // Uses counted from the rows, per string code of each field and per day and month code.
        var textUses = TextFieldValues<[Int]> { field in [Int](repeating: 0, count: text[field].codeLimit) }
        var dayUses = [Int](repeating: 0, count: calendar.days.codeLimit)
        var sourceUses = [Int](repeating: 0, count: sources.codeLimit)
        var monthUses = [Int](repeating: 0, count: calendar.months.codeLimit)
        for row in 0..<UInt32(table.rowLimit) where table.isLive(row) {
            liveRows += 1
            let record = self.record(row)
            expected.add(record, week: calendar.weekOfDay[record.dayCode])
            expectedApart.add(payee: record.payee, differs: payeeStandsApart(record))
            expectedMerchants.add(record.merchant, currency: record.currency, amount: record.amount)
            expectedPayees.add(record.payee, currency: record.currency, amount: record.amount)
            for field in TextField.allCases where record.codes[field] != 0 { textUses[field][Int(record.codes[field])] += 1 }
            dayUses[Int(record.dayCode)] += 1
            if Int(record.sources) < sourceUses.count { sourceUses[Int(record.sources)] += 1 } else { invariantFailure("row \(row) has sources code \(record.sources) past the pool") }
            monthUses[Int(record.monthCode)] += 1
            invariant(descriptors.key(record.descriptor) == record.descriptorKey, "row \(row) has a stale descriptor")
            invariant(descriptors.postings[Int(record.descriptor)].contains(row), "descriptor posting lost row \(row)")
            for field in TextField.withColumns {
                invariant(text[field].postings[Int(record.codes[field])].contains(row), "\(field) posting lost row \(row)")
            }
            let day = calendar.day(ofCode: record.dayCode)
            if record.flags.contains(.calendarDay) {
                invariant(record.instant == clock.startOfDay(day), "calendar day row \(row) has a stale instant")
            } else {
                invariant(day == clock.day(ofInstant: record.instant), "row \(row) has a stale day")
            }
            let month = CalendarDay(daysSince1970: day).calendarMonth.monthsSince1970
            invariant(calendar.months.value(record.monthCode) == month, "row \(row) has a stale month")
        }
        invariant(liveRows == count, "live rows \(liveRows) != count \(count)")
        for field in TextField.allCases {
            for code in 1..<text[field].codeLimit {
                invariant(text[field].useCount(UInt32(code)) == textUses[field][code],
                             "\(field) code \(code): \(text[field].useCount(UInt32(code))) uses counted, \(textUses[field][code]) rows")
            }
        }
        for code in 1..<calendar.days.codeLimit {
            invariant(calendar.days.referenceCount(UInt32(code)) == dayUses[code], "day code \(code): uses disagree with the rows")
        }
        for code in 1..<calendar.months.codeLimit {
            invariant(calendar.months.referenceCount(UInt32(code)) == monthUses[code], "month code \(code): uses disagree with the rows")
        }
        sources.checkInvariants(uses: sourceUses)
        checkClasses()
        StoreContents.checkSame(expected.total, buckets.total, upTo: 1, "total")
        StoreContents.checkSame(expected.day, buckets.day, upTo: calendar.days.codeLimit, "day")
        StoreContents.checkSame(expected.month, buckets.month, upTo: calendar.months.codeLimit, "month")
        StoreContents.checkSame(expected.card, buckets.card, upTo: text[.card].codeLimit, "card")
        StoreContents.checkSame(expected.category, buckets.category, upTo: text[.category].codeLimit, "category")
        buckets.descriptor.checkInvariants()
        StoreContents.checkSame(expected.descriptor.dense(), buckets.descriptor.dense(), upTo: descriptors.codeLimit, "descriptor")
        // The totals by merchant and by payee as queries read them, against the rows'.
        let names = text[.merchant].codeLimit
        StoreContents.checkSame(expectedMerchants, buckets.merchants(of: descriptors, limit: names), upTo: names, "merchant")
        StoreContents.checkSame(expectedPayees, buckets.payees(of: descriptors, limit: names), upTo: names, "payee")
        StoreContents.checkSame(expected.account, buckets.account, upTo: text[.account].codeLimit, "account")
        StoreContents.checkSame(expected.pendingByAccount, buckets.pendingByAccount, upTo: text[.account].codeLimit, "pending")
        for (expected, actual) in zip(expected.reportPairs, buckets.reportPairs) {
            actual.pairs.checkInvariants()
            invariant(expected.pairs == actual.pairs, "the \(actual.name) report pairs are stale")
        }
        invariant(expectedApart == payeesApart, "the payees' rows apart from their merchants are miscounted")
        if let cells = buckets.merchantPayeeMonth {
            cells.checkInvariants()
            invariant(expected.merchantPayeeMonth == cells, "merchant-payee-month cells are stale")
            invariant(PeriodCells.paysOff(cells: cells.count, rows: liveRows), "merchant-payee-month cells kept past paying off")
        }
    }

    /// The class bitsets hold exactly the live, pending, expense and income rows.
    private func checkClasses() {
        let classes = table.classes
        var counts = [Int](repeating: 0, count: RowClasses.Kind.allCases.count)
        for row in 0..<UInt32((table.rowLimit + 63) / 64 * 64) {
            let live = table.isLive(row)
            let flags = live ? RowFlags(rawValue: table.flags[row]) : []
            let amount = live ? table.amount[row] : 0
            let expected: [RowClasses.Kind: Bool] = [
                .live: live, .pending: flags.contains(.pending), .expense: live && amount < 0, .income: live && amount > 0,
            ]
            for (kind, member) in expected {
                invariant(classes.contains(kind, row) == member, "row \(row) is wrongly \(member ? "outside" : "in") class \(kind)")
                if member { counts[kind.rawValue] += 1 }
            }
        }
        for kind in RowClasses.Kind.allCases {
            invariant(classes.count(kind) == counts[kind.rawValue], "class \(kind) counts \(classes.count(kind)), holds \(counts[kind.rawValue])")
        }
    }

    private static func checkSame(_ expected: BucketTable, _ actual: BucketTable, upTo limit: Int, _ name: String) {
        for bucket in 0..<UInt32(max(limit, 1)) {
            checkSameBucket(expected, bucket, actual, bucket, name)
        }
    }

    private static func checkSameBucket(_ expected: BucketTable, _ expectedBucket: UInt32, _ actual: BucketTable,
                                        _ actualBucket: UInt32, _ name: String) {
        invariant(expected.count(expectedBucket) == actual.count(actualBucket), "\(name) bucket \(actualBucket) count is stale")
        var left: [UInt16: (Int, Int128, Int128)] = [:]
        var right: [UInt16: (Int, Int128, Int128)] = [:]
        expected.forEachCurrency(of: expectedBucket) { left[$0] = ($1, $2, $3) }
        actual.forEachCurrency(of: actualBucket) { right[$0] = ($1, $2, $3) }
        invariant(left.count == right.count && left.allSatisfy { key, value in
            right[key].map { $0 == value } ?? false
        }, "\(name) bucket \(actualBucket) sums are stale")
    }
}
