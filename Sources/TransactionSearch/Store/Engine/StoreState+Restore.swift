/// Turning a decoded snapshot back into a store.
extension StoreState {
    /// Fills this new, empty store from a snapshot. The string pools take the tables as they
    /// are (codes are table numbers; folded bytes and trigram indexes come from the file, so
    /// nothing is folded or indexed again), the descriptors and currencies take theirs, each
    /// row goes into the columns in file order (its id hashed once, its day worked out in the
    /// store's zone), and the indexes are built in bulk (`buildIndexes`); the file's rows are
    /// in date order, which is checked rather than sorted again.
    ///
    /// Returns why the snapshot cannot be a store (an id, string or descriptor twice, a string
    /// or descriptor no row uses), nil when restored. After a failure the state is unusable
    /// and the caller discards it.
    func restore(_ snapshot: SnapshotRows) -> String? {
        precondition(columns.rowLimit == 0, "StoreState.restore on a store in use")
        let count = snapshot.count
        // Uses per string: rows per card, account and note; a merchant, category or
        // subcategory counts the rows of the descriptors naming it.
        let descriptorRows = StoreState.rowsPerNumber(snapshot.descriptors, limit: snapshot.descriptorCount)
        guard !descriptorRows.dropFirst().contains(0) else { return "a descriptor no row uses" }
        var textUses = SnapshotRows.TextField.allCases.map { [UInt32](repeating: 0, count: snapshot.table($0).count + 1) }
        for descriptor in 0..<snapshot.descriptorCount {
            for part in 0..<3 {
                textUses[part][Int(snapshot.descriptorKeys[descriptor * 3 + part])] += descriptorRows[descriptor + 1]
            }
        }
        textUses[SnapshotRows.TextField.card.rawValue] = StoreState.rowsPerNumber(snapshot.cards, limit: snapshot.table(.card).count)
        textUses[SnapshotRows.TextField.account.rawValue] = StoreState.rowsPerNumber(snapshot.accounts, limit: snapshot.table(.account).count)
        textUses[SnapshotRows.TextField.note.rawValue] = StoreState.rowsPerNumber(snapshot.notes, limit: snapshot.table(.note).count)
        for field in SnapshotRows.TextField.allCases {
            guard let pool = StringPool(restoring: snapshot.table(field), references: textUses[field.rawValue]) else {
                return "a string appears twice or is used by no row in the \(field) table"
            }
            let trigrams = snapshot.table(field).trigrams
            switch field {
            case .merchant: merchants.restore(pool, trigrams: trigrams)
            case .category: categories.restore(pool, trigrams: trigrams)
            case .subcategory: subcategories.restore(pool, trigrams: trigrams)
            case .card: cards.restore(pool, trigrams: trigrams)
            case .account: accounts.restore(pool, trigrams: trigrams)
            case .note: notes.restore(pool, trigrams: trigrams)
            }
        }
        guard descriptors.restore(keys: snapshot.descriptorKeys) else { return "a descriptor appears twice" }
        guard insertRows(of: snapshot) else { return "an id appears twice" }
        buildIndexes(ofRows: Array(0..<UInt32(count)))
        return nil
    }

    /// Writes every row of the snapshot to the columns, ids and day pools; false when an id
    /// repeats.
    private func insertRows(of snapshot: SnapshotRows) -> Bool {
        let count = snapshot.count
        let currencyNumbers = snapshot.currencies.map { currencies.intern($0) }
        columns.reserve(count)
        let idsAreUnique = snapshot.idBytes.withUnsafeBytes { file in
            ids.restore(packed: UnsafeRawBufferPointer(rebasing: file[snapshot.idRange]), lengths: snapshot.idLengths)
        }
        guard idsAreUnique else { return false }
        let merchantOf = descriptors.merchantOf, categoryOf = descriptors.categoryOf, subcategoryOf = descriptors.subcategoryOf
        for position in 0..<count {
            let row = columns.allocateRow()
            let flags = snapshot.flags[position]
            let isCalendarDay = flags & SnapshotRows.calendarDayFlag != 0
            let date: TransactionDate = isCalendarDay
                ? .day(CalendarDay(daysSince1970: Int32(truncatingIfNeeded: snapshot.dates[position])))
                : .instant(millisecondsSince1970: snapshot.dates[position])
            let (instant, day, _) = placeInTime(date)
            let (daySlot, monthSlot) = retainDay(day)
            var rowFlags: RowFlags = [.live]
            if isCalendarDay { rowFlags.insert(.calendarDay) }
            if flags & SnapshotRows.pendingFlag != 0 { rowFlags.insert(.pending) }
            let descriptor = snapshot.descriptors[position]
            columns.write(RowRecord(
                instant: instant, daySlot: daySlot, monthSlot: monthSlot,
                amount: snapshot.amounts[position], currency: currencyNumbers[Int(snapshot.currencyIndexes[position])],
                merchant: merchantOf[descriptor], category: categoryOf[descriptor], subcategory: subcategoryOf[descriptor],
                descriptor: descriptor, card: snapshot.cards[position], account: snapshot.accounts[position],
                note: snapshot.notes[position], flags: rowFlags), at: row)
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
