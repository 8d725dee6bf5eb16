import Dispatch

/// Values handed to another thread only to be released there.
private final class ReleaseBox<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }
    func release() { value = nil }
}

/// What the result cache has done since the store was created.
public struct CacheStatistics: Hashable, Sendable {
    /// Queries answered from the cache.
    public var hits = 0
    /// Queries computed (and then cached).
    public var misses = 0
    /// Cached results dropped because a mutation touched rows they depend on.
    public var invalidations = 0
    /// Cached results dropped to make room (least recently used first).
    public var evictions = 0
    /// Results in the cache now.
    public var entries = 0
}

/// Query results by normalized query. Each entry knows what it depends on: the rows its query
/// can match. A mutation drops only the entries that the old or the new version of the changed
/// row can match (its days, cards, categories, accounts, merchants, words: all of the query's
/// conditions at once), never the whole cache. Bounded: the least recently used entry goes.
final class ResultCache: Sendable {
    private struct Entry {
        var result: QueryResult
        var lastUse: UInt64
    }

    /// A query with its hash worked out once: removing an entry then hashes one integer,
    /// not the whole query (texts, terms, filters).
    private struct Key: Hashable {
        let query: Query
        let hash: Int

        init(_ query: Query) {
            self.query = query
            hash = query.hashValue
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.query == rhs.query }
    }

    /// An entry's key and what it depends on (a struct, not a tuple: an array of tuples of
    /// these types is copied through the runtime's generic tuple witnesses, measured).
    private struct Dependency {
        let key: Key
        let predicate: QueryPredicate
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// What each entry depends on, scanned by every mutation: kept apart from the
        /// dictionary so the scan reads a flat array and copies nothing.
        var dependencies: [Dependency] = []
        var clock: UInt64 = 0
        var statistics = CacheStatistics()

        mutating func remove(_ key: Key) {
            entries[key] = nil
            if let index = dependencies.firstIndex(where: { $0.key == key }) { dependencies.remove(at: index) }
        }
    }

    private let state = Locked(State())
    /// Entries kept at most: each mutation checks every entry, so this bounds that cost too.
    let capacity: Int

    init(capacity: Int = 128) {
        self.capacity = capacity
    }

    var statistics: CacheStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.entries = state.entries.count
            return statistics
        }
    }

    var isEmpty: Bool { state.withLock { $0.entries.isEmpty } }

    /// The cached result of a normalized query (counting a hit or a miss).
    func result(for query: Query) -> QueryResult? {
        let key = Key(query)
        return state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key] else {
                state.statistics.misses += 1
                return nil
            }
            entry.lastUse = state.clock
            state.entries[key] = entry
            state.statistics.hits += 1
            return entry.result
        }
    }

    /// Caches a result computed under the store's read lock (so no mutation came between).
    func store(_ result: QueryResult, for query: Query) {
        let predicate = QueryPredicate(query, widenedWords: result.widenedWords)
        let key = Key(query)
        state.withLock { state in
            state.clock += 1
            if state.entries[key] == nil && state.entries.count >= capacity,
               let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.remove(oldest)
                state.statistics.evictions += 1
            }
            if state.entries[key] == nil { state.dependencies.append(Dependency(key: key, predicate: predicate)) }
            state.entries[key] = Entry(result: result, lastUse: state.clock)
        }
    }

    /// Drops the entries a version of a changed row matches.
    /// The dropped results are released on a background queue: freeing a result's rows (and
    /// their strings) is most of an invalidation's cost, and the mutation need not wait for it.
    func invalidate(matching row: RowFacts) {
        let dropped = state.withLock { state -> [Entry] in
            // Each predicate is read in place (no copy); the matching entries are then taken out
            // in one pass (not one `remove(at:)` each, which shifts the rest).
            let touched = state.dependencies.withUnsafeBufferPointer { dependencies in
                dependencies.indices.filter { dependencies[$0].predicate.matches(row) }
            }
            guard !touched.isEmpty else { return [] }
            var dropped: [Entry] = []
            dropped.reserveCapacity(touched.count)
            for index in touched {
                if let entry = state.entries.removeValue(forKey: state.dependencies[index].key) { dropped.append(entry) }
            }
            // Compacted in place by swaps (no copies, no new array); the touched ones end last.
            var isTouched = [Bool](repeating: false, count: state.dependencies.count)
            for index in touched { isTouched[index] = true }
            var write = 0
            for read in state.dependencies.indices where !isTouched[read] {
                if write != read { state.dependencies.swapAt(write, read) }
                write += 1
            }
            state.dependencies.removeLast(state.dependencies.count - write)
            state.statistics.invalidations += touched.count
            return dropped
        }
        if !dropped.isEmpty {
            let box = ReleaseBox(dropped)
            DispatchQueue.global(qos: .utility).async { box.release() }
        }
    }

    /// Drops everything (the exchange rates changed: every base total may change).
    func invalidateAll() {
        state.withLock { state in
            state.statistics.invalidations += state.entries.count
            state.entries.removeAll()
            state.dependencies.removeAll()
        }
    }
}
