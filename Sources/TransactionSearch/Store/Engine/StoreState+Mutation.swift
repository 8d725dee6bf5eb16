/// Row changes and how each structure follows them. Every change is incremental: a row goes
/// into or out of its posting lists, its place in the two orders and its buckets; nothing is
/// rebuilt from all rows. (A batch into an empty store is indexed in bulk instead of row by
/// row, `StoreState+Build`; that builds, it rebuilds nothing.)
extension StoreState {
    /// Adds a validated transaction whose id is set and unused; returns its row.
    @discardableResult
    func insert(_ transaction: Transaction) -> UInt32 {
        let row = columns.allocateRow()
        let record = makeRecord(transaction)
        ids.insert(transaction.id, row: row)
        place(record, at: row)
        dateOrder.insert(row, order: dateOrdering)
        amountOrder.insert(row, order: amountOrdering)
        return row
    }

    /// Adds validated transactions with set, unused ids; returns their rows in order. Into an
    /// empty store the rows are written first and indexed in bulk (`buildIndexes`).
    @discardableResult
    func insert(batch transactions: [Transaction]) -> [UInt32] {
        let buildsInBulk = count == 0 && transactions.count > 64
        guard buildsInBulk else { return transactions.map { insert($0) } }
        var rows: [UInt32] = []
        rows.reserveCapacity(transactions.count)
        columns.reserve(columns.rowLimit + transactions.count)
        let idBytes = transactions.reduce(0) { $0 + $1.id.utf8.count }
        ids.reserve(count: transactions.count, bytes: idBytes, rowLimit: columns.rowLimit + transactions.count)
        forEachField { $0.beginBulkFill() }
        for transaction in transactions {
            let row = columns.allocateRow()
            ids.insert(transaction.id, row: row)
            columns.write(makeRecord(transaction), at: row)
            rows.append(row)
        }
        forEachField { $0.endBulkFill() }
        buildIndexes(ofRows: liveRows)
        return rows
    }

    /// Calls `body` on each of the six text fields.
    private func forEachField(_ body: (inout FieldIndex) -> Void) {
        body(&merchants)
        body(&categories)
        body(&subcategories)
        body(&cards)
        body(&accounts)
        body(&notes)
    }

    /// Writes a new row's record and adds it to its postings and buckets (not the orders).
    private func place(_ record: RowRecord, at row: UInt32) {
        columns.write(record, at: row)
        addToPostings(row, record)
        buckets.add(record)
    }

    /// Removes a live row; returns the record it held.
    @discardableResult
    func remove(row: UInt32) -> RowRecord {
        let record = self.record(row)
        dateOrder.remove(row, order: dateOrdering)
        amountOrder.remove(row, order: amountOrdering)
        removeFromPostings(row, record)
        buckets.remove(record)
        ids.remove(row: row)
        columns.free(row)
        release(record)
        return record
    }

    /// Replaces the transaction in a live row by a validated one (its id unused or the row's).
    /// Returns the old and new records.
    @discardableResult
    func replace(row: UInt32, with transaction: Transaction) -> (old: RowRecord, new: RowRecord) {
        let old = record(row)
        let new = makeRecord(transaction)
        let idChanges = ids.id(of: row) != transaction.id
        let dateMoves = idChanges || old.instant != new.instant
        let scales = currencies.scales
        let amountMoves = dateMoves
            || old.amount.magnitude &* scales[Int(old.currency)] != new.amount.magnitude &* scales[Int(new.currency)]
        if dateMoves { dateOrder.remove(row, order: dateOrdering) }
        if amountMoves { amountOrder.remove(row, order: amountOrdering) }
        if idChanges {
            ids.remove(row: row)
            ids.insert(transaction.id, row: row)
        }
        let capacity = columns.rowLimit
        if old.descriptor != new.descriptor {
            descriptors.removeRow(row, code: old.descriptor, rowCapacity: capacity)
            descriptors.addRow(row, code: new.descriptor, rowCapacity: capacity)
        }
        if old.card != new.card { moveRow(row, in: &cards, from: old.card, to: new.card, capacity) }
        if old.account != new.account { moveRow(row, in: &accounts, from: old.account, to: new.account, capacity) }
        if old.note != new.note { moveRow(row, in: &notes, from: old.note, to: new.note, capacity) }
        buckets.remove(old)
        buckets.add(new)
        columns.write(new, at: row)
        if dateMoves { dateOrder.insert(row, order: dateOrdering) }
        if amountMoves { amountOrder.insert(row, order: amountOrdering) }
        release(old)
        return (old, new)
    }

    /// A fresh id (`tx_N`) used by no row and not in `reserved`.
    func generateID(avoiding reserved: StringSet = StringSet()) -> String {
        while true {
            generatedIDCounter += 1
            let id = "tx_" + String(generatedIDCounter)
            if ids.row(of: id) == nil && !reserved.contains(id) { return id }
        }
    }

    /// The record of a transaction: strings interned (each use counted), day and month worked
    /// out once in the store's zone, the descriptor found or made.
    private func makeRecord(_ transaction: Transaction) -> RowRecord {
        let merchant = merchants.retain(transaction.merchant)
        let category = categories.retain(transaction.category)
        let subcategory = subcategories.retain(transaction.subcategory)
        let (instant, day, isCalendarDay) = placeInTime(transaction.date)
        let (daySlot, monthSlot) = retainDay(day)
        var flags: RowFlags = transaction.status == .pending ? [.live, .pending] : [.live]
        if isCalendarDay { flags.insert(.calendarDay) }
        return RowRecord(
            instant: instant,
            daySlot: daySlot,
            monthSlot: monthSlot,
            amount: Int64(clamping: transaction.amount.minorUnits),
            currency: currencies.intern(transaction.amount.currency),
            merchant: merchant,
            category: category,
            subcategory: subcategory,
            descriptor: descriptors.code(for: DescriptorIndex.Key(merchant: merchant, category: category, subcategory: subcategory)),
            card: cards.retain(transaction.card),
            account: accounts.retain(transaction.account),
            note: notes.retain(transaction.notes),
            flags: flags)
    }

    /// A date's instant (a calendar date's is its midnight in the store's zone) and local day.
    func placeInTime(_ date: TransactionDate) -> (instant: Int64, day: Int32, isCalendarDay: Bool) {
        switch date {
        case .day(let calendarDay):
            (clock.startOfDay(calendarDay.daysSince1970), calendarDay.daysSince1970, true)
        case .instant(let milliseconds):
            (milliseconds, clock.day(ofInstant: milliseconds), false)
        }
    }

    /// Counts one more row on a local day and its month; returns their slots.
    func retainDay(_ day: Int32) -> (daySlot: UInt32, monthSlot: UInt32) {
        let (daySlot, isNewDay) = days.retain(day)
        guard isNewDay else {
            // A day in use already knows its month.
            let monthSlot = monthOfDay[daySlot]
            months.retain(slot: monthSlot)
            return (daySlot, monthSlot)
        }
        let monthSlot = months.retain(CalendarDay(daysSince1970: day).calendarMonth.monthsSince1970).slot
        monthOfDay.reserve(days.slotLimit)
        monthOfDay[daySlot] = monthSlot
        return (daySlot, monthSlot)
    }

    /// Gives back every use a record holds; strings and days no row uses any more are reclaimed.
    private func release(_ record: RowRecord) {
        days.release(record.daySlot)
        months.release(record.monthSlot)
        merchants.release(record.merchant)
        categories.release(record.category)
        subcategories.release(record.subcategory)
        cards.release(record.card)
        accounts.release(record.account)
        notes.release(record.note)
    }

    private func addToPostings(_ row: UInt32, _ record: RowRecord) {
        let capacity = columns.rowLimit
        descriptors.addRow(row, code: record.descriptor, rowCapacity: capacity)
        cards.addRow(row, code: record.card, rowCapacity: capacity)
        accounts.addRow(row, code: record.account, rowCapacity: capacity)
        notes.addRow(row, code: record.note, rowCapacity: capacity)
    }

    private func removeFromPostings(_ row: UInt32, _ record: RowRecord) {
        let capacity = columns.rowLimit
        descriptors.removeRow(row, code: record.descriptor, rowCapacity: capacity)
        cards.removeRow(row, code: record.card, rowCapacity: capacity)
        accounts.removeRow(row, code: record.account, rowCapacity: capacity)
        notes.removeRow(row, code: record.note, rowCapacity: capacity)
    }

    private func moveRow(_ row: UInt32, in field: inout FieldIndex, from old: UInt32, to new: UInt32, _ capacity: Int) {
        field.removeRow(row, code: old, rowCapacity: capacity)
        field.addRow(row, code: new, rowCapacity: capacity)
    }
}
