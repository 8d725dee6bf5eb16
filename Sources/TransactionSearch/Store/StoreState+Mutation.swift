/// Row changes and how each structure follows them. Every change is incremental: a row goes
/// into or out of its posting lists, its place in the two orders and its buckets; nothing is
/// rebuilt from all rows. (A batch into an empty store sorts the orders once instead of
/// inserting row by row; that builds, it rebuilds nothing.)
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

    /// Adds validated transactions with set, unused ids; returns their rows in order.
    @discardableResult
    func insert(batch transactions: [Transaction]) -> [UInt32] {
        let buildsOrdersOnce = count == 0 && transactions.count > 64
        guard buildsOrdersOnce else { return transactions.map { insert($0) } }
        var rows: [UInt32] = []
        rows.reserveCapacity(transactions.count)
        columns.reserve(columns.rowLimit + transactions.count)
        for transaction in transactions {
            let row = columns.allocateRow()
            ids.insert(transaction.id, row: row)
            place(makeRecord(transaction), at: row)
            rows.append(row)
        }
        buildOrders(rows)
        return rows
    }

    /// Writes a new row's record and adds it to its postings and buckets (not the orders).
    private func place(_ record: RowRecord, at row: UInt32) {
        columns.write(record, at: row)
        addToPostings(row, record)
        buckets.add(record)
    }

    /// Builds both orders at once from the rows of a batch into an empty store.
    private func buildOrders(_ rows: [UInt32]) {
        dateOrder.build(sortedRows: sortedByDate(rows))
        amountOrder.build(sortedRows: sortedByAmount(rows))
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

    /// Rows in the date order: a radix sort on the instant, ids breaking ties.
    private func sortedByDate(_ rows: [UInt32]) -> [UInt32] {
        let instants = columns.instant.base
        // Flipping the sign bit makes signed order unsigned order.
        var pairs = rows.map { (key: UInt64(bitPattern: instants[Int($0)]) ^ (1 << 63), row: $0) }
        let ids = self.ids
        RadixSort.sort(&pairs) { ids.compare($0, $1) < 0 }
        return pairs.map(\.row)
    }

    /// Rows in the amount order: a radix sort on the magnitude, then newer first, then id.
    private func sortedByAmount(_ rows: [UInt32]) -> [UInt32] {
        let magnitudes = self.magnitudes
        let instants = columns.instant.base
        var pairs = rows.map { (key: magnitudes[$0], row: $0) }
        let ids = self.ids
        RadixSort.sort(&pairs) { a, b in
            let x = instants[Int(a)], y = instants[Int(b)]
            return x != y ? x > y : ids.compare(a, b) < 0
        }
        return pairs.map(\.row)
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
    /// out once in the store's zone.
    /// The pool codes of a row's six text fields, when the caller has interned them already.
    struct TextCodes {
        var merchant: UInt32
        var category: UInt32
        var subcategory: UInt32
        var card: UInt32
        var account: UInt32
        var note: UInt32
    }

    /// Inserts rows read back from a snapshot into an empty store, straight from the decoded
    /// columns (no `Transaction` values). Texts come as indexes into per-field string tables,
    /// so each distinct string is interned once and later uses only count a reference.
    /// Returns false, leaving the state unusable, when an id repeats: the caller discards it.
    func insert(restoring snapshot: SnapshotRows) -> Bool {
        let count = snapshot.count
        guard count > 0 else { return true }
        let fields = SnapshotRows.textFieldCount
        precondition(self.count == 0 && snapshot.tables.count == fields && snapshot.indexes.count == count * fields)
        let tables = snapshot.tables
        var memo = tables.map { [UInt32](repeating: 0, count: $0.count) }
        func code(_ field: Int, _ index: UInt32) -> UInt32 {
            guard index != 0 else { return 0 }
            let known = memo[field][Int(index)]
            if known != 0 {
                switch field {
                case 0: merchants.retain(code: known)
                case 1: categories.retain(code: known)
                case 2: subcategories.retain(code: known)
                case 3: cards.retain(code: known)
                case 4: accounts.retain(code: known)
                default: notes.retain(code: known)
                }
                return known
            }
            let text = tables[field][Int(index)]
            let new: UInt32
            switch field {
            case 0: new = merchants.retain(text)
            case 1: new = categories.retain(text)
            case 2: new = subcategories.retain(text)
            case 3: new = cards.retain(text)
            case 4: new = accounts.retain(text)
            default: new = notes.retain(text)
            }
            memo[field][Int(index)] = new
            return new
        }
        var rows: [UInt32] = []
        rows.reserveCapacity(count)
        columns.reserve(count)
        let indexes = snapshot.indexes
        for position in 0..<count {
            let base = position * fields
            let codes = TextCodes(
                merchant: code(0, indexes[base]), category: code(1, indexes[base + 1]), subcategory: code(2, indexes[base + 2]),
                card: code(3, indexes[base + 3]), account: code(4, indexes[base + 4]), note: code(5, indexes[base + 5]))
            let row = columns.allocateRow()
            let start = Int(snapshot.idStarts[position]), end = start + Int(snapshot.idLengths[position])
            let isNew = snapshot.idBytes.withUnsafeBytes { ids.insertIfAbsent(UnsafeRawBufferPointer(rebasing: $0[start..<end]), row: row) }
            guard isNew else { return false }
            let record = makeRecord(
                date: snapshot.isCalendarDay[position] ? .day(CalendarDay(daysSince1970: Int32(truncatingIfNeeded: snapshot.dates[position])))
                    : .instant(millisecondsSince1970: snapshot.dates[position]),
                minorUnits: snapshot.amounts[position], currency: snapshot.currencies[position],
                isPending: snapshot.isPending[position], codes: codes)
            place(record, at: row)
            rows.append(row)
        }
        buildOrders(rows)
        return true
    }

    private func makeRecord(_ transaction: Transaction) -> RowRecord {
        let merchant = merchants.retain(transaction.merchant)
        let category = categories.retain(transaction.category)
        let subcategory = subcategories.retain(transaction.subcategory)
        let codes = TextCodes(
            merchant: merchant, category: category, subcategory: subcategory, card: cards.retain(transaction.card),
            account: accounts.retain(transaction.account), note: notes.retain(transaction.notes))
        return makeRecord(date: transaction.date, minorUnits: transaction.amount.minorUnits, currency: transaction.amount.currency,
                          isPending: transaction.status == .pending, codes: codes)
    }

    /// The record of a row whose texts are interned already: day and month worked out once in
    /// the store's zone, the descriptor found or made.
    private func makeRecord(date: TransactionDate, minorUnits: Int64, currency: Currency, isPending: Bool, codes: TextCodes) -> RowRecord {
        var flags: RowFlags = isPending ? [.live, .pending] : [.live]
        let day: Int32
        let instant: Int64
        switch date {
        case .day(let calendarDay):
            day = calendarDay.daysSince1970
            instant = clock.startOfDay(day)
            flags.insert(.calendarDay)
        case .instant(let milliseconds):
            instant = milliseconds
            day = clock.day(ofInstant: milliseconds)
        }
        let month = CalendarDay(daysSince1970: day).calendarMonth.monthsSince1970
        let daySlot = days.retain(day)
        let monthSlot = months.retain(month)
        monthOfDay.reserve(days.slotLimit)
        monthOfDay[daySlot] = monthSlot
        return RowRecord(
            instant: instant,
            daySlot: daySlot,
            monthSlot: monthSlot,
            amount: minorUnits,
            currency: currencies.intern(currency),
            merchant: codes.merchant,
            category: codes.category,
            subcategory: codes.subcategory,
            descriptor: descriptors.code(for: DescriptorIndex.Key(merchant: codes.merchant, category: codes.category, subcategory: codes.subcategory)),
            card: codes.card,
            account: codes.account,
            note: codes.note,
            flags: flags)
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
