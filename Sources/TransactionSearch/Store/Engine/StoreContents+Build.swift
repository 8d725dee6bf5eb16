/// Building the indexes of many rows at once, when rows go into an empty store (a batch into
/// an empty store, a snapshot): the rows are written to the columns and pools first, then the
/// posting lists, buckets and both orders are made in a few passes over the columns, not
/// row by row. This builds; nothing that already held rows is rebuilt.
extension StoreContents {
    /// Every live row, ascending.
    var liveRows: [UInt32] {
        (0..<UInt32(table.rowLimit)).filter { table.isLive($0) }
    }

    /// Builds the posting lists, buckets and orders of `rows`, ascending: every live row of a
    /// store whose columns, pools and descriptors are filled but whose other indexes are empty.
    func buildIndexes(ofRows rows: [UInt32]) {
        // First: it moves the descriptors' buffers, which the parts below read by pointer.
        text.descriptors.shrinkToFit()
        let capacity = table.rowLimit
        let view = self.rows
        // Taken before the parts run (the view and these): the orders and the buckets read them
        // while the postings part writes another property of the descriptors.
        let dateOrder = DateRowOrder(rows: view, ids: table.ids), amountOrder = AmountRowOrder(rows: view, ids: table.ids)
        let merchantOf = text.descriptors.merchantOf, categoryOf = text.descriptors.categoryOf, payeeOf = text.descriptors.payeeOf
        // The orders beside the postings and then the buckets: they write different
        // structures. (Three parts, the buckets apart, took 12 M instructions off the longer
        // thread on long-tail data but held the buckets' and the orders' temporary arrays at
        // once; a bank CSV import's peak read 1.5-1.8x its file beyond the store then, 1.3-1.95x
        // as two parts: the resident figure is noisy.)
        // The week pairs and the payee and merchant cells are made after the orders, on their
        // thread, into a value of their own (put in place below): the buckets' part was the
        // longer by four times (callgrind at 100,000 rows: 242 M instructions against 55 M).
        var periodCells = StoreBuckets()
        BuildParallelism.run(rows: rows.count, [{
            let dateSorted = StoreContents.isInDateOrder(rows, dateOrder) ? rows : self.sortedByDate(rows, view)
            self.orders.byDate.build(sortedRows: dateSorted, order: dateOrder)
            self.orders.byAmount.build(sortedRows: StoreContents.sortedByAmount(dateSorted: dateSorted, view), order: amountOrder)
            periodCells = self.weekPairsAndCells(rows, merchantOf: merchantOf, categoryOf: categoryOf, payeeOf: payeeOf)
        }, {
            self.text.descriptors.setPostings(PostingList.buildAll(rows: rows, codes: view.descriptor,
                                                                   codeLimit: self.text.descriptors.codeLimit, rowCapacity: capacity))
            for (field, codes, translation) in [(TextField.card, view.cardAccount, view.cardOfPair),
                                                (.account, view.cardAccount, view.accountOfPair), (.notes, view.notes, nil)] {
                self.text[field].setPostings(PostingList.buildAll(rows: rows, codes: codes, through: translation,
                                                                  codeLimit: self.text[field].codeLimit, rowCapacity: capacity))
            }
            self.buildBuckets(rows, categoryOf: categoryOf)
            self.countPayeesApart()
        }])
        buckets.takeWeekPairsAndCells(from: &periodCells)
    }

    /// Counts the payees' rows apart (`PayeesApart`) of every row, a descriptor at a time: a
    /// descriptor's rows share its merchant and payee, so each pair is compared once and
    /// counted with its rows (its postings set already).
    private func countPayeesApart() {
        let descriptors = text.descriptors
        var apart = PayeesApart()
        for code in 1..<UInt32(descriptors.codeLimit) where descriptors.rowCount(code) > 0 {
            let payee = descriptors.payeeOf[code]
            apart.add(payee: payee, differs: payeeStandsApart(payee: payee, merchant: descriptors.merchantOf[code]),
                      rows: UInt32(descriptors.rowCount(code)))
        }
        payeesApart = apart
    }

    /// The week pairs and the payee and merchant cells of `rows` (ascending), in a value of
    /// their own: what `buildIndexes` makes beside the other buckets.
    private func weekPairsAndCells(_ rows: [UInt32], merchantOf: ColumnBuffer<UInt32>, categoryOf: ColumnBuffer<UInt32>,
                                   payeeOf: ColumnBuffer<UInt32>) -> StoreBuckets {
        let dayCodes = table.dayCode, descriptorColumn = table.descriptor, monthOfDay = calendar.monthOfDay, weekOfDay = calendar.weekOfDay
        let cardAccount = table.cardAccount
        let currencyColumn = table.currency, amountColumn = table.amount
        var cells = StoreBuckets()
        cells.merchantPayeeMonth = nil
        for row in rows {
            let currency = currencyColumn[row], amount = amountColumn[row], week = weekOfDay[dayCodes[row]]
            cells.addToWeekPairs(categoryOf[descriptorColumn[row]], cardAccount.card(of: row), cardAccount.account(of: row), week: week,
                                 currency: currency, amount: amount)
        }
        cells.trimPairs()
        // The (merchant, payee) month cells in a pass of their own, after the pairs, given up
        // as soon as they are too many to pay off (`PeriodCells.paysOff`).
        var table = PeriodCells()
        for row in rows {
            let descriptor = descriptorColumn[row]
            table.add(PeriodCells.group(merchant: merchantOf[descriptor], payee: payeeOf[descriptor]),
                      monthOfDay[dayCodes[row]], currency: currencyColumn[row], amount: amountColumn[row])
            if !PeriodCells.paysOff(cells: table.count, rows: rows.count) { return cells }
        }
        table.trim()
        cells.merchantPayeeMonth = table
        return cells
    }

    /// Adds every row to every bucket table and the month pairs, a table at a time (the week
    /// pairs and the cells are `weekPairsAndCells`). What a table is given besides
    /// the store's own columns is one array of bucket codes at a time (4 bytes a row): the
    /// build's memory beyond the store is what an import's peak is judged by.
    private func buildBuckets(_ rows: [UInt32], categoryOf: ColumnBuffer<UInt32>) {
        // Class references and pointers taken once: reading a struct property of this class in
        // a per-row closure would copy the struct each time.
        let dayCodes = table.dayCode, cardAccount = table.cardAccount
        let descriptorColumn = table.descriptor, monthOfDay = calendar.monthOfDay, flags = table.flags
        let table = self.table
        // Rows ascending and as many as the row numbers are rows 0..<count: the amount and
        // currency columns are then the rows' values in order, read in place.
        let isEveryRow = rows.last.map { Int($0) == rows.count - 1 } ?? true
        rows.withUnsafeBufferPointer { rowBuffer in
            let currencies = CurrencyColumn.Rows(reader: table.currency.reader, rows: isEveryRow ? nil : rowBuffer, count: rows.count)
            let amounts = AmountColumn.Rows(reader: table.amount.reader, rows: isEveryRow ? nil : rowBuffer, count: rows.count)
            func fill(_ bucketTable: inout BucketTable, _ bucketOf: (UInt32) -> UInt32) {
                rows.map(bucketOf).withUnsafeBufferPointer { bucketTable.addAll(buckets: $0, currencies: currencies, amounts: amounts) }
            }
            fill(&buckets.total) { _ in 0 }
            fill(&buckets.day) { dayCodes[$0] }
            fill(&buckets.month) { monthOfDay[dayCodes[$0]] }
            fill(&buckets.card) { cardAccount.card(of: $0) }
            fill(&buckets.category) { categoryOf[descriptorColumn[$0]] }
            fill(&buckets.account) { cardAccount.account(of: $0) }
            rows.map { descriptorColumn[$0] }.withUnsafeBufferPointer {
                buckets.descriptor.addAll(buckets: $0, currencies: currencies, amounts: amounts)
            }
            let pending = rows.indices.filter { flags[rows[$0]] & RowFlags.pending.rawValue != 0 }
            buckets.pendingByAccount.addAll(buckets: pending.map { cardAccount.account(of: rows[$0]) }, currencies: pending.map { currencies[$0] },
                                            amounts: pending.map { amounts[$0] })
            for index in rows.indices {
                let row = rows[index], month = monthOfDay[dayCodes[row]], currency = currencies[index], amount = amounts[index]
                buckets.addToMonthPairs(categoryOf[descriptorColumn[row]], cardAccount.card(of: row), cardAccount.account(of: row), month: month,
                                        currency: currency, amount: amount)
            }
            buckets.trimPairs()
        }
    }

    /// Whether `rows` are already in the date order (a snapshot's rows are written in it).
    private static func isInDateOrder(_ rows: [UInt32], _ order: DateRowOrder) -> Bool {
        for index in rows.indices.dropFirst() where !order.precedes(rows[index - 1], rows[index]) { return false }
        return true
    }

    /// Rows in the date order: a radix sort on the instant, ids breaking ties.
    private func sortedByDate(_ rows: [UInt32], _ view: RowView) -> [UInt32] {
        // Flipping the sign bit makes signed order unsigned order.
        var pairs = rows.map { (key: UInt64(bitPattern: view.instant(Int($0))) ^ (1 << 63), row: $0) }
        let ids = table.ids
        RadixSort.sort(&pairs) { ids.compare($0, $1) < 0 }
        return pairs.map(\.row)
    }

    /// Rows in the amount order (magnitude, then newer first, then id) from the rows in date
    /// order (older first, then id): the runs of equal instants taken newest first, each kept
    /// in id order, then a stable radix sort on the magnitude. No comparisons at all.
    private static func sortedByAmount(dateSorted rows: [UInt32], _ view: RowView) -> [UInt32] {
        var pairs: [(key: UInt64, row: UInt32)] = []
        pairs.reserveCapacity(rows.count)
        var end = rows.count
        while end > 0 {
            let instant = view.instant(Int(rows[end - 1]))
            var start = end - 1
            while start > 0 && view.instant(Int(rows[start - 1])) == instant { start -= 1 }
            for row in rows[start..<end] { pairs.append((view[magnitudeOf: row], row)) }
            end = start
        }
        RadixSort.sort(&pairs)
        return pairs.map(\.row)
    }
}
