/// Turning a decoded snapshot back into a store.
extension StoreContents {
    /// Fills this new, empty store from a snapshot. The string pools take the tables as they
    /// are (codes are table numbers; folded bytes and trigram indexes come from the file, so
    /// nothing is folded or indexed again), the currencies take theirs, each row goes into the
    /// columns in file order (its id hashed once, its day worked out in the store's zone, its
    /// descriptor found from the file's and its payee), and the indexes are built in bulk
    /// (`buildIndexes`); the file's rows are in date order, which is checked rather than
    /// sorted again. The pools and the key indexes are restored in two parts side by side
    /// (`BuildParallelism`), as the indexes are built.
    ///
    /// Returns why the snapshot cannot be a store (an id, string or descriptor twice, a string
    /// or descriptor no row uses), nil when restored. After a failure the state is unusable
    /// and the caller discards it.
    func restore(_ snapshot: SnapshotRows) -> String? {
        precondition(table.rowLimit == 0, "StoreContents.restore on a store in use")
        let count = snapshot.count
        // Uses per string: rows per string of a field with a column (card, account, note); a
        // merchant, category or subcategory counts the rows of the descriptors naming it.
        let descriptorRows = StoreContents.rowsPerNumber(snapshot.descriptors, limit: snapshot.descriptorCount)
        guard !descriptorRows.dropFirst().contains(0) else { return "a descriptor no row uses" }
        var textUses = TextField.allCases.map { [UInt32](repeating: 0, count: snapshot.table($0).count + 1) }
        for descriptor in 0..<snapshot.descriptorCount {
            for (part, field) in SnapshotRows.descriptorFields.enumerated() {
                textUses[field.rawValue][Int(snapshot.descriptorKeys[descriptor * 3 + part])] += descriptorRows[descriptor + 1]
            }
        }
        for field in SnapshotRows.columnFields {
            textUses[field.rawValue] = StoreContents.rowsPerNumber(snapshot.numbers(of: field), limit: snapshot.table(field).count)
        }
        // The payees' strings go into the merchants' pool, restored first: their codes are
        // the table numbers renumbered (`payeeCodes`).
        var payeeCodes: [UInt32] = []
        func restorePools(of fields: [TextField]) -> String? {
            for field in fields {
                if field.sharesStrings != nil {
                    guard let codes = text.restorePayees(snapshot.table(field), uses: textUses[field.rawValue]) else {
                        return "a string appears twice or is used by no row in the \(field) table"
                    }
                    payeeCodes = codes
                    continue
                }
                guard let pool = StringPool(restoring: snapshot.table(field), references: textUses[field.rawValue]) else {
                    return "a string appears twice or is used by no row in the \(field) table"
                }
                text[field].restore(pool, trigrams: snapshot.table(field).trigrams)
            }
            return nil
        }
        // In two parts side by side, split as a bulk build splits its fields (`fillInTwoParts`):
        // the merchants, the categories and subcategories, then the payees sharing the
        // merchants' strings; beside them the fields with postings of their own (cards,
        // accounts, notes), then the ids and import keys. Each part writes only its own
        // fields' pools and indexes, or the table's key indexes. (Long-tail data, callgrind,
        // an open: the first part 133 M instructions, the second 60 M, the keys 41 M.)
        let fieldsInParts = [TextField.allCases.filter { !$0.keepsPostings }, TextField.allCases.filter(\.keepsPostings)]
        // A variable each: the parts must not write one variable at the same time.
        var (firstFailure, secondFailure): (String?, String?)
        BuildParallelism.run(rows: count, [
            { firstFailure = restorePools(of: fieldsInParts[0]) },
            { secondFailure = restorePools(of: fieldsInParts[1]) ?? self.table.restoreKeys(from: snapshot) },
        ])
        if let failure = firstFailure ?? secondFailure { return failure }
        guard StoreContents.areDistinct(descriptorKeys: snapshot.descriptorKeys) else { return "a descriptor appears twice" }
        guard Set(snapshot.sourceEntries).count == snapshot.sourceEntries.count else { return "an entry of who set the fields appears twice" }
        if let failure = insertRows(of: snapshot, payeeCodes: payeeCodes) { return failure }
        buildIndexes(ofRows: Array(0..<UInt32(count)))
        state = snapshot.state
        return nil
    }

    /// Writes every row of the snapshot to the columns, ids and day pools; why it cannot when an id
    /// repeats.
    private func insertRows(of snapshot: SnapshotRows, payeeCodes: [UInt32]) -> String? {
        let count = snapshot.count
        let currencyNumbers = snapshot.currencies.map { currencies.intern($0) }
        table.reserve(count)
        // The store's descriptors hold the payee too: each row's is found from its file
        // descriptor and its payee, the last one found for a file descriptor tried first
        // (a merchant has nearly always one payee).
        let keys = snapshot.descriptorKeys
        let payeeNumbers = snapshot.numbers(of: .payee)
        let (cardNumbers, accountNumbers, noteNumbers) = (snapshot.numbers(of: .card), snapshot.numbers(of: .account), snapshot.numbers(of: .notes))
        text.descriptors.reserve(snapshot.descriptorCount)
        var lastFound = [(payee: UInt32, code: UInt32)](repeating: (0, 0), count: snapshot.descriptorCount + 1)
        for position in 0..<count {
            let row = table.allocateRow()
            assert(row == UInt32(position), "a restore writes rows 0..<count in order")
            let flags = snapshot.flags[position]
            let isCalendarDay = flags & SnapshotRows.calendarDayFlag != 0
            let date: TransactionDate = isCalendarDay
                ? .day(CalendarDay(daysSince1970: Int32(truncatingIfNeeded: snapshot.dates[position])))
                : .instant(millisecondsSince1970: snapshot.dates[position])
            let (instant, day, _) = calendar.place(date)
            let (dayCode, monthCode) = calendar.retainDay(day)
            var rowFlags: RowFlags = [.live]
            if isCalendarDay { rowFlags.insert(.calendarDay) }
            if flags & SnapshotRows.pendingFlag != 0 { rowFlags.insert(.pending) }
            let fileDescriptor = Int(snapshot.descriptors[position])
            // The strings' codes are their table numbers (the payees' renumbered).
            var codes = TextFieldValues<UInt32>(repeating: 0)
            let first = (fileDescriptor - 1) * 3
            (codes.merchant, codes.category, codes.subcategory) = (keys[first], keys[first + 1], keys[first + 2])
            codes.payee = payeeCodes[Int(payeeNumbers[position])]
            (codes.card, codes.account, codes.notes) = (cardNumbers[position], accountNumbers[position], noteNumbers[position])
            var record = RowRecord(
                instant: instant, dayCode: dayCode, monthCode: monthCode,
                amount: snapshot.amounts[position], currency: currencyNumbers[Int(snapshot.currencyIndexes[position])],
                codes: codes, descriptor: 0, flags: rowFlags, sources: snapshot.sourceCodes[position])
            if lastFound[fileDescriptor].code != 0 && lastFound[fileDescriptor].payee == codes.payee {
                record.descriptor = lastFound[fileDescriptor].code
            } else {
                record.descriptor = text.descriptors.code(for: record.descriptorKey)
                lastFound[fileDescriptor] = (codes.payee, record.descriptor)
            }
            table.write(record, at: row)
        }
        var sourceUses = [Int](repeating: 0, count: snapshot.sourceEntries.count)
        for code in snapshot.sourceCodes { sourceUses[Int(code)] += 1 }
        sources = SourcesPool(restoring: snapshot.sourceEntries, uses: sourceUses)
        return nil
    }

    /// Whether a snapshot's descriptor keys (three numbers a key) are all different.
    private static func areDistinct(descriptorKeys keys: [UInt32]) -> Bool {
        var seen = Set<DescriptorIndex.Key>(minimumCapacity: keys.count / 3)
        for first in stride(from: 0, to: keys.count - 2, by: 3) {
            let key = DescriptorIndex.Key(merchant: keys[first], category: keys[first + 1], subcategory: keys[first + 2], payee: 0)
            guard seen.insert(key).inserted else { return false }
        }
        return true
    }

    /// How many times each number `0...limit` occurs.
    private static func rowsPerNumber(_ numbers: [UInt32], limit: Int) -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: limit + 1)
        for number in numbers { counts[Int(number)] += 1 }
        return counts
    }
}
