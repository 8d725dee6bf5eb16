/// The size of a store: rows, distinct values, and the bytes each structure holds (as the
/// structures count them: capacities of their arrays, not allocator overhead).
public struct StoreStatistics: Hashable, Sendable {
    /// Transactions in the store.
    public var rows: Int
    /// Distinct merchants.
    public var merchants: Int
    /// Distinct categories.
    public var categories: Int
    /// Distinct cards.
    public var cards: Int
    /// Distinct accounts.
    public var accounts: Int
    /// Distinct notes.
    public var notes: Int
    /// Distinct (merchant, category, subcategory, payee) combinations (before 0.6.9, without
    /// the payee).
    public var descriptors: Int
    /// Distinct local days with at least one row.
    public var days: Int
    /// Currencies the store has seen.
    public var currencies: Int
    /// Bytes by structure: columns, ids, each field's pool and index, orders, buckets.
    public var bytesByStructure: [(name: String, bytes: Int)]

    /// All of them.
    public var totalBytes: Int { bytesByStructure.reduce(0) { $0 + $1.bytes } }

    /// Equal when the rows, merchants and total bytes are (the breakdown is not compared).
    public static func == (lhs: StoreStatistics, rhs: StoreStatistics) -> Bool {
        lhs.rows == rhs.rows && lhs.totalBytes == rhs.totalBytes && lhs.merchants == rhs.merchants
    }

    /// Hashes the rows and total bytes, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(totalBytes)
    }
}

extension TransactionStore {
    /// Rows, distinct values and memory by structure.
    public var statistics: StoreStatistics {
        lock.withReadLock {
            StoreStatistics(
                rows: contents.count, merchants: contents.text[.merchant].liveCount, categories: contents.text[.category].liveCount,
                cards: contents.text[.card].liveCount, accounts: contents.text[.account].liveCount, notes: contents.text[.notes].liveCount,
                descriptors: contents.text.descriptors.liveCount, days: contents.calendar.days.liveCount, currencies: contents.currencies.count,
                bytesByStructure: StoreStatistics.bytesByStructure(of: contents))
        }
    }
}

extension StoreStatistics {
    /// Bytes by structure of `contents`: the columns, the keys, each text field's pool and
    /// index (fields that share a `TextField.structureName` added up, those in the descriptor
    /// first, then the descriptors; the payees with `PayeesApart`), the orders, the calendar
    /// and the buckets.
    static func bytesByStructure(of contents: StoreContents) -> [(name: String, bytes: Int)] {
        let (table, text, orders, calendar) = (contents.table, contents.text, contents.orders, contents.calendar)
        let (buckets, sources, state) = (contents.buckets, contents.sources, contents.state)
        var structures: [(name: String, bytes: Int)] = [
            ("columns", table.memoryUse),
            ("ids", table.keysMemoryUse),
        ]
        func add(_ field: TextField) {
            let bytes = text[field].memoryUse
            if let index = structures.firstIndex(where: { $0.name == field.structureName }) {
                structures[index].bytes += bytes
            } else {
                structures.append((field.structureName, bytes))
            }
        }
        TextField.inDescriptor.forEach(add)
        structures.append(("descriptors", text.descriptors.memoryUse))
        TextField.withColumns.forEach(add)
        // The count of the payees' rows apart from their merchants counts with the payees.
        if let index = structures.firstIndex(where: { $0.name == TextField.payee.structureName }) {
            structures[index].bytes += contents.payeesApart.memoryUse
        }
        structures += [
            ("date order", orders.byDate.memoryUse),
            ("amount order", orders.byAmount.memoryUse),
            ("days and months", calendar.days.memoryUse + calendar.months.memoryUse),
            ("buckets", buckets.memoryUse),
            ("sources", sources.memoryUse),
            ("undo history", state.history.memoryBytes),
        ]
        return structures
    }
}
