/// The size of a store: rows, distinct values, and the bytes each structure holds (as the
/// structures count them: capacities of their arrays, not allocator overhead).
public struct StoreStatistics: Hashable, Sendable {
    public var rows: Int
    public var merchants: Int
    public var categories: Int
    public var cards: Int
    public var accounts: Int
    public var notes: Int
    /// Distinct (merchant, category, subcategory) combinations.
    public var descriptors: Int
    public var days: Int
    public var currencies: Int
    /// Bytes by structure: columns, ids, each field's pool and index, orders, buckets.
    public var bytesByStructure: [(name: String, bytes: Int)]

    /// All of them.
    public var totalBytes: Int { bytesByStructure.reduce(0) { $0 + $1.bytes } }

    public static func == (lhs: StoreStatistics, rhs: StoreStatistics) -> Bool {
        lhs.rows == rhs.rows && lhs.totalBytes == rhs.totalBytes && lhs.merchants == rhs.merchants
    }

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
                rows: state.count, merchants: state.text[.merchant].pool.liveCount, categories: state.text[.category].pool.liveCount,
                cards: state.text[.card].pool.liveCount, accounts: state.text[.account].pool.liveCount, notes: state.text[.notes].pool.liveCount,
                descriptors: state.text.descriptors.liveCount, days: state.calendar.days.liveCount, currencies: state.currencies.count,
                bytesByStructure: [
                    ("columns", state.table.memoryUse),
                    ("ids", state.table.ids.memoryUse),
                    ("merchants", state.text[.merchant].memoryUse),
                    ("categories", state.text[.category].memoryUse + state.text[.subcategory].memoryUse),
                    ("descriptors", state.text.descriptors.memoryUse),
                    ("notes", state.text[.notes].memoryUse),
                    ("cards and accounts", state.text[.card].memoryUse + state.text[.account].memoryUse),
                    ("date order", state.orders.byDate.memoryUse),
                    ("amount order", state.orders.byAmount.memoryUse),
                    ("days and months", state.calendar.days.memoryUse + state.calendar.months.memoryUse),
                    ("buckets", state.buckets.memoryUse),
                ])
        }
    }
}
