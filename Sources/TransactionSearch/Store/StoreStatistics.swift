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
                rows: state.count, merchants: state.merchants.pool.liveCount, categories: state.categories.pool.liveCount,
                cards: state.cards.pool.liveCount, accounts: state.accounts.pool.liveCount, notes: state.notes.pool.liveCount,
                descriptors: state.descriptors.liveCount, days: state.days.liveCount, currencies: state.currencies.count,
                bytesByStructure: [
                    ("columns", state.columns.memoryUse),
                    ("ids", state.ids.memoryUse),
                    ("merchants", state.merchants.memoryUse),
                    ("categories", state.categories.memoryUse + state.subcategories.memoryUse),
                    ("descriptors", state.descriptors.memoryUse),
                    ("notes", state.notes.memoryUse),
                    ("cards and accounts", state.cards.memoryUse + state.accounts.memoryUse),
                    ("date order", state.dateOrder.memoryUse),
                    ("amount order", state.amountOrder.memoryUse),
                    ("days and months", state.days.memoryUse + state.months.memoryUse),
                    ("buckets", state.buckets.memoryUse),
                ])
        }
    }
}
