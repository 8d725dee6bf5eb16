import Foundation

/// Row changes and how each structure follows them. Every change is incremental: a row goes
/// into or out of its posting lists, its place in the two orders and its buckets; nothing is
/// rebuilt from all rows. (A batch into an empty store is indexed in bulk instead of row by
/// row, `StoreContents+Build`; that builds, it rebuilds nothing.)
extension StoreContents {
    /// Adds a validated transaction whose id is set and unused; returns its row.
    @discardableResult
    func insert(_ transaction: Transaction) -> UInt32 {
        let row = table.allocateRow()
        let record = makeRecord(transaction)
        table.registerKeys(of: transaction, at: row)
        place(record, at: row)
        insertIntoOrders(row)
        return row
    }

    /// Adds validated transactions with set, unused ids (read once, in order); returns their
    /// rows in order. Into an empty store the rows are written first and indexed in bulk
    /// (`buildIndexes`).
    @discardableResult
    func insert(batch transactions: some TransactionBatch) -> [UInt32] {
        let buildsInBulk = count == 0 && transactions.count > 64
        guard buildsInBulk else { return transactions.map { insert($0) } }
        var rows: [UInt32] = []
        rows.reserveCapacity(transactions.count)
        table.reserve(table.rowLimit + transactions.count)
        let idBytes = transactions.idByteCount
        table.ids.reserve(count: transactions.count, bytes: idBytes, rowLimit: table.rowLimit + transactions.count)
        // The import keys too (a bank file's, one a row): grown by doubling, the key index's
        // arena and slots left their earlier copies behind in the heap (bench: bank CSV's
        // memory beyond the store).
        let keyCount = transactions.importKeyCount
        if keyCount > 0 && table.importKeys.count == 0 {
            table.importKeys.reserve(count: keyCount, bytes: transactions.importKeyByteCount,
                                     rowLimit: table.rowLimit + transactions.count)
        }
        text.beginBulkFill()
        if let array = transactions.array, array.count >= BuildParallelism.minimumRows {
            rows = fillInTwoParts(array)
        } else {
            for transaction in transactions {
                let row = table.allocateRow()
                table.registerKeys(of: transaction, at: row)
                table.write(makeRecord(transaction), at: row)
                rows.append(row)
            }
        }
        text.endBulkFill(rows: transactions.count)
        table.ids.shrinkToFit()
        table.importKeys.shrinkToFit()
        buildIndexes(ofRows: liveRows)
        return rows
    }

    /// The rows of a bulk build written in two parts side by side (`BuildParallelism`): one
    /// takes the days, currencies, merchants, categories, subcategories, descriptors and payees
    /// (which share the merchants' strings), the other the other fields with postings of their
    /// own (`TextField.keepsPostings`: cards, accounts, notes), the ids and the import keys;
    /// each goes through the rows in order, so every pool gives the codes a single pass gives.
    /// The records are then written.
    ///
    /// The ids follow the payees: with the payees in the second part (their own strings then),
    /// the ids in the second made it 1.6 times the first's CPU time on long-tail data (perf,
    /// 100,000 rows). With the payees in the first part, a payee of its merchant's bytes taking
    /// the merchant's code, the ids in the first made it 1.77 times the second's (callgrind,
    /// three long-tail builds: 1,177 M instructions against 665 M).
    private func fillInTwoParts(_ transactions: [Transaction]) -> [UInt32] {
        let count = transactions.count
        let rows = (0..<count).map { _ in table.allocateRow() }
        var records = [RowRecord](repeating: RowRecord.empty, count: count)
        // The second part's codes, each element initialized by it (not zeroed first).
        let others = UnsafeMutableBufferPointer<TextFieldValues<UInt32>>.allocate(capacity: count)
        defer { others.deallocate() }
        // The transactions read in place (through a buffer, not copied out of the array: a
        // copy retains and releases each of a transaction's strings).
        records.withUnsafeMutableBufferPointer { records in
            transactions.withUnsafeBufferPointer { transactions in
                // Each part writes only its own buffer and its own structures (see above).
                nonisolated(unsafe) let (records, others, transactions) = (records, others, transactions)
                BuildParallelism.run(rows: count, [
                    {
                        for index in 0..<count {
                            records[index] = self.makeRecord(transactions.baseAddress! + index, retainingColumnFields: false)
                        }
                    },
                    {
                        for index in 0..<count {
                            let transaction = transactions.baseAddress! + index
                            self.table.registerKeys(of: transaction, at: rows[index])
                            var codes = TextFieldValues<UInt32>(repeating: 0)
                            self.text.retainOtherColumnFields(of: transaction, into: &codes)
                            others.initializeElement(at: index, to: codes)
                        }
                    },
                ])
            }
        }
        for index in 0..<count {
            var record = records[index]
            TextField.forEach { field in
                if field.keepsPostings { record.codes[field] = others[index][field] }
            }
            table.write(record, at: rows[index])
        }
        return rows
    }

    /// Writes a new row's record and adds it to its postings and buckets (not the orders).
    private func place(_ record: RowRecord, at row: UInt32) {
        table.write(record, at: row)
        addToPostings(row, record)
        payeesApart.add(payee: record.payee, differs: payeeStandsApart(record))
        buckets.add(record, week: calendar.weekOfDay[record.dayCode])
        buckets.dropCellsUnlessTheyPayOff(rows: count)
    }

    /// Removes a live row; returns the record it held.
    @discardableResult
    func remove(row: UInt32) -> RowRecord {
        let record = self.record(row)
        removeFromOrders(row)
        removeFromPostings(row, record)
        payeesApart.remove(payee: record.payee, differs: payeeStandsApart(record))
        buckets.remove(record, week: calendar.weekOfDay[record.dayCode])
        table.removeKeys(of: row)
        table.free(row)
        buckets.dropCellsUnlessTheyPayOff(rows: count)
        release(record)
        return record
    }

    /// Replaces the transaction in a live row by a validated one (its id unused or the row's);
    /// `previous` is what the row holds now. Returns the old and new records.
    ///
    /// Only what changed is looked up: a text field whose bytes are the same keeps its code
    /// (no pool lookup, no use counted and given back), and so do the day and the descriptor
    /// when the date and the descriptor's four fields are the same. At a million rows each
    /// lookup was a few cache misses, most of an update after a burst of queries.
    @discardableResult
    func replace(row: UInt32, with transaction: Transaction, was previous: Transaction) -> (old: RowRecord, new: RowRecord) {
        replace(row: row, with: transaction, was: previous, changes: RecordChanges(from: previous, to: transaction))
    }

    /// `replace(row:with:was:)` with what differs worked out already (a rule's edits, on two
    /// threads before the rows change: `RuleEdits`).
    @discardableResult
    func replace(row: UInt32, with transaction: Transaction, was previous: Transaction,
                 changes: RecordChanges) -> (old: RowRecord, new: RowRecord) {
        let old = record(row)
        var changes = changes
        let new = makeRecord(transaction, changing: &changes, of: old)
        // The orders break ties by id: a row whose id changes moves in both.
        let idChanges = changes.id
        let dateMoves = idChanges || old.instant != new.instant
        let scales = currencies.scaleBuffer
        let amountMoves = dateMoves
            || old.amount.magnitude &* scales[UInt32(old.currency)] != new.amount.magnitude &* scales[UInt32(new.currency)]
        // A row whose date moves moves in both orders (the amount order's ties go by date).
        if dateMoves {
            removeFromOrders(row)
        } else if amountMoves {
            orders.byAmount.remove(row, order: ChangeOrder(self, byAmount: true))
        }
        if changes.keys { table.replaceKeys(of: row, with: transaction) }
        let capacity = table.rowLimit
        if old.descriptor != new.descriptor {
            text.descriptors.removeRow(row, code: old.descriptor, rowCapacity: capacity)
            text.descriptors.addRow(row, code: new.descriptor, rowCapacity: capacity)
        }
        TextField.forEach { field in
            let (from, to) = (old.codes[field], new.codes[field])
            if field.keepsPostings && from != to {
                text[field].removeRow(row, code: from, rowCapacity: capacity)
                text[field].addRow(row, code: to, rowCapacity: capacity)
            }
        }
        if old.payee != new.payee || old.merchant != new.merchant {
            payeesApart.remove(payee: old.payee, differs: payeeStandsApart(old))
            payeesApart.add(payee: new.payee, differs: payeeStandsApart(new))
        }
        buckets.replace(old, week: calendar.weekOfDay[old.dayCode], with: new, week: calendar.weekOfDay[new.dayCode])
        buckets.dropCellsUnlessTheyPayOff(rows: count)
        table.write(new, at: row)
        if dateMoves {
            insertIntoOrders(row)
        } else if amountMoves {
            orders.byAmount.insert(row, order: ChangeOrder(self, byAmount: true))
        }
        if changes.date { calendar.releaseDay(old.dayCode, month: old.monthCode) }
        TextField.forEach { field in
            if changes.fields[field] { text[field].release(old.codes[field]) }
        }
        if changes.sources { sources.release(old.sources) }
        return (old, new)
    }

    /// The record of a row's new version: `old` with what `changes` names made again (the
    /// new strings and day counted in; the old ones are given back by `replace`). A field
    /// whose string was replaced under its code (`FieldIndex.replaceLastUse`) is taken out of
    /// `changes`: it has nothing to give back.
    private func makeRecord(_ transaction: Transaction, changing changes: inout RecordChanges, of old: RowRecord) -> RowRecord {
        var record = old
        var isCalendarDay = old.flags.contains(.calendarDay)
        if changes.date {
            let (instant, day, calendarDay) = calendar.place(transaction.date)
            (record.dayCode, record.monthCode) = calendar.retainDay(day)
            record.instant = instant
            isCalendarDay = calendarDay
        }
        record.flags = transaction.status == .pending ? [.live, .pending] : [.live]
        if isCalendarDay { record.flags.insert(.calendarDay) }
        record.amount = Int64(clamping: transaction.amount.minorUnits)
        record.currency = currencies.intern(transaction.amount.currency)
        TextField.forEach { field in
            guard changes.fields[field] else { return }
            let value = field.value(in: transaction)
            // A string only this row used, replaced by a new one: the code stays (notes).
            if let value, text[field].replaceLastUse(old.codes[field], with: value) {
                changes.fields[field] = false
                return
            }
            record.codes[field] = text[field].retain(value)
        }
        if changes.sources { record.sources = sources.retain(transaction.sources) }
        if record.merchant != old.merchant || record.category != old.category || record.subcategory != old.subcategory
            || record.payee != old.payee {
            record.descriptor = text.descriptors.code(for: record.descriptorKey)
        }
        return record
    }

    /// The record of a transaction: strings interned (each use counted), day and month worked
    /// out once in the store's zone, the descriptor found or made.
    private func makeRecord(_ transaction: Transaction, retainingColumnFields: Bool = true) -> RowRecord {
        withUnsafePointer(to: transaction) { makeRecord($0, retainingColumnFields: retainingColumnFields) }
    }

    /// The record of a transaction read where it lies (a bulk build's: see
    /// `TextFields.retainDescriptorAndPayee`).
    private func makeRecord(_ transaction: UnsafePointer<Transaction>, retainingColumnFields: Bool = true) -> RowRecord {
        let (instant, day, isCalendarDay) = calendar.place(transaction.pointee.date)
        let (dayCode, monthCode) = calendar.retainDay(day)
        var flags: RowFlags = transaction.pointee.status == .pending ? [.live, .pending] : [.live]
        if isCalendarDay { flags.insert(.calendarDay) }
        var record = RowRecord(
            instant: instant, dayCode: dayCode, monthCode: monthCode,
            amount: Int64(clamping: transaction.pointee.amount.minorUnits),
            currency: currencies.intern(transaction.pointee.amount.currency),
            codes: TextFieldValues(repeating: 0), descriptor: 0, flags: flags,
            sources: sources.retain(transaction.pointee.sources))
        text.retainDescriptorAndPayee(of: transaction, into: &record)
        if retainingColumnFields { text.retainOtherColumnFields(of: transaction, into: &record.codes) }
        return record
    }

    /// Gives back every use a record holds; strings and days no row uses any more are reclaimed.
    private func release(_ record: RowRecord) {
        calendar.releaseDay(record.dayCode, month: record.monthCode)
        text.release(record)
        sources.release(record.sources)
    }

    /// Puts a row into the date and the amount order, one search stepped over both lists.
    private func insertIntoOrders(_ row: UInt32) {
        let (byDate, byAmount) = ChangeOrder.both(self)
        OrderedRowList.insert(row, into: &orders.byDate, order: byDate, and: &orders.byAmount, order: byAmount)
    }

    /// Takes a row out of the date and the amount order, one search stepped over both lists.
    private func removeFromOrders(_ row: UInt32) {
        let (byDate, byAmount) = ChangeOrder.both(self)
        OrderedRowList.remove(row, from: &orders.byDate, order: byDate, and: &orders.byAmount, order: byAmount)
    }

    private func addToPostings(_ row: UInt32, _ record: RowRecord) {
        let capacity = table.rowLimit
        text.descriptors.addRow(row, code: record.descriptor, rowCapacity: capacity)
        TextField.forEach { field in
            if field.keepsPostings { text[field].addRow(row, code: record.codes[field], rowCapacity: capacity) }
        }
    }

    private func removeFromPostings(_ row: UInt32, _ record: RowRecord) {
        let capacity = table.rowLimit
        text.descriptors.removeRow(row, code: record.descriptor, rowCapacity: capacity)
        TextField.forEach { field in
            if field.keepsPostings { text[field].removeRow(row, code: record.codes[field], rowCapacity: capacity) }
        }
    }
}

/// What differs between a row's version and its replacement, by their bytes (a pool keeps
/// what it was given byte for byte, so canonically equivalent spellings differ here too).
struct RecordChanges {
    /// The date (and so the instant, day and month).
    var date: Bool
    /// Each text field.
    var fields: TextFieldValues<Bool>
    /// The id.
    var id: Bool
    /// The id or the import key.
    var keys: Bool
    /// Who set the fields.
    var sources: Bool

    init(from previous: Transaction, to transaction: Transaction) {
        date = previous.date != transaction.date
        fields = TextFieldValues { field in !RecordChanges.sameBytes(field.value(in: previous), field.value(in: transaction)) }
        id = !RecordChanges.sameBytes(previous.id, transaction.id)
        keys = id || !RecordChanges.sameBytes(previous.importKey, transaction.importKey)
        sources = previous.sources != transaction.sources
    }

    /// Whether two texts are both absent or have the same UTF-8 bytes.
    static func sameBytes(_ first: String?, _ second: String?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case (let first?, let second?):
            // Compared as two buffers (the UTF-8 views compared index by index took 4,500
            // instructions a notes update), read in place: a copy to call the mutating
            // `withUTF8` retained and released both strings (a rule's replace compares every
            // field). Only a string that is not contiguous UTF-8 (a bridged one) is copied.
            first.utf8.withContiguousStorageIfAvailable { first in
                second.utf8.withContiguousStorageIfAvailable { second in
                    first.baseAddress == second.baseAddress && first.count == second.count || bytesEqual(first, second)
                }
            }.flatMap { $0 } ?? (Array(first.utf8) == Array(second.utf8))
        default: false
        }
    }
}
