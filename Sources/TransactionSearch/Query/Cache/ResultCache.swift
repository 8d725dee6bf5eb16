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
/// can match. A change drops only the entries that the old or the new version of the changed
/// row can match (its days, cards, categories, accounts, merchants, words: all of the query's
/// conditions at once), never the whole cache. Bounded: the least recently used entry goes.
///
/// The check is deferred: a mutation only appends the changed row's versions to a short list
/// (`State.pending`), and the next lookup or store (a search, on the reading side) checks them
/// against every entry before it reads one. No entry is ever read unchecked, so no stale result
/// is ever returned; the mutation's own cost stays constant however many entries there are.
/// More than `pendingLimit` row versions with no search between drop every entry at once instead
/// (after a burst of changes most entries are stale anyway, and the next search stays cheap).
final class ResultCache: Sendable {
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

    /// One cached result with its key and what it depends on. A class: the scan of every
    /// mutation reads each predicate in place and moves references, never copies of the
    /// predicate or the query (copying those structs, with their arrays, was half of an
    /// invalidation's instructions, measured).
    private final class Slot {
        let key: Key
        let predicate: QueryPredicate
        var result: QueryResult
        var lastUse: UInt64
        /// Set when a mutation invalidated it: its key stays in `entries` until the next
        /// `store`, and a lookup that finds it counts a miss.
        var isDropped = false

        init(key: Key, predicate: QueryPredicate, result: QueryResult, lastUse: UInt64) {
            self.key = key
            self.predicate = predicate
            self.result = result
            self.lastUse = lastUse
        }
    }

    private struct State {
        /// The live slots by key, and the dropped ones not yet swept (see `dropped`).
        var entries: [Key: Slot] = [:]
        /// The live slots in one flat array, scanned by every mutation.
        var slots: ContiguousArray<Slot> = []
        /// Each slot's predicate screen, at the slot's index: plain values read in order, so a
        /// mutation touches a slot only when its screen admits the row.
        var screens: ContiguousArray<PredicateScreen> = []
        /// Slots a mutation invalidated, swept (their keys removed, their results freed) by the
        /// next `store`, on the reading side: a mutation then neither hashes and compares
        /// queries nor frees results. At most the slots stored since the last sweep, so at
        /// most `capacity` beyond the live ones.
        var dropped: ContiguousArray<Slot> = []
        /// Versions of changed rows (old and new) not yet checked against the entries, oldest
        /// first; at most `pendingLimit`.
        var pending: ContiguousArray<RowFacts> = []
        var clock: UInt64 = 0
        var statistics = CacheStatistics()

        /// Checks every pending version against every entry (see `drop(matching:)`).
        mutating func applyPending() {
            guard !pending.isEmpty else { return }
            for row in pending { drop(matching: row) }
            pending.removeAll(keepingCapacity: true)
        }

        /// Drops the entries a version of a changed row matches: each entry's screen first,
        /// its full predicate only when the screen admits the row. The dropped slots are only
        /// marked and set aside (`dropped`): the next `store` removes their keys and frees
        /// their results.
        mutating func drop(matching row: RowFacts) {
            // One pass; a dropped slot's place is taken by the last slot (the order of slots
            // means nothing: recency is in `lastUse`), so only dropped places are written.
            var index = 0
            var count = slots.count
            while index < count {
                guard screens[index].admits(row) && slots[index].predicate.matchesUnscreened(row) else {
                    index += 1
                    continue
                }
                count -= 1
                dropSlot(at: index, replacingWith: count)
            }
        }

        /// Drops every entry (the pending list overflowed).
        mutating func dropAll() {
            while !slots.isEmpty { dropSlot(at: slots.count - 1, replacingWith: slots.count - 1) }
            pending.removeAll(keepingCapacity: true)
        }

        /// Marks the slot at `index` dropped and moves the slot at `last` (the last one) into
        /// its place.
        private mutating func dropSlot(at index: Int, replacingWith last: Int) {
            slots[index].isDropped = true
            dropped.append(slots[index])
            if index != last {
                slots[index] = slots[last]
                screens[index] = screens[last]
            }
            slots.removeLast()
            screens.removeLast()
            statistics.invalidations += 1
        }

        mutating func remove(_ slot: Slot) {
            entries[slot.key] = nil
            if let index = slots.firstIndex(where: { $0 === slot }) {
                slots.remove(at: index)
                screens.remove(at: index)
            }
        }

        /// Removes the dropped slots' keys; returns the slots, to be released outside the lock.
        mutating func sweep() -> ContiguousArray<Slot> {
            guard !dropped.isEmpty else { return [] }
            for slot in dropped where entries[slot.key] === slot { entries[slot.key] = nil }
            var swept: ContiguousArray<Slot> = []
            swept.reserveCapacity(dropped.capacity)
            swap(&swept, &dropped)
            return swept
        }
    }

    private let state = Locked(State())
    /// Entries kept at most: each change is checked against every entry, so this bounds that
    /// cost too.
    let capacity: Int
    /// Versions of changed rows kept waiting for the next lookup (an update notes two, its
    /// old and new row; an add or delete one); one more drops every entry.
    static let pendingLimit = 64

    init(capacity: Int = 128) {
        self.capacity = capacity
    }

    var statistics: CacheStatistics {
        state.withLock { state in
            state.applyPending()
            var statistics = state.statistics
            statistics.entries = state.slots.count
            return statistics
        }
    }

    var isEmpty: Bool { state.withLock { $0.slots.isEmpty } }

    /// The cached result of a normalized query (counting a hit or a miss).
    func result(for query: Query) -> QueryResult? {
        let key = Key(query)
        return state.withLock { state in
            state.applyPending()
            state.clock += 1
            guard let slot = state.entries[key], !slot.isDropped else {
                state.statistics.misses += 1
                return nil
            }
            slot.lastUse = state.clock
            state.statistics.hits += 1
            return slot.result
        }
    }

    /// Caches a result computed under the store's read lock (so no mutation came between).
    /// Sweeps the slots mutations dropped first (their results are freed here, after the lock).
    func store(_ result: QueryResult, for query: Query) {
        let predicate = QueryPredicate(query, widenedWords: result.widenedWords)
        let key = Key(query)
        // The swept slots come back out of the lock and are released there.
        _ = state.withLock { state in
            state.applyPending()
            let swept = state.sweep()
            state.clock += 1
            if let slot = state.entries[key] {
                slot.result = result
                slot.lastUse = state.clock
                return swept
            }
            if state.slots.count >= capacity, let oldest = state.slots.min(by: { $0.lastUse < $1.lastUse }) {
                state.remove(oldest)
                state.statistics.evictions += 1
            }
            let slot = Slot(key: key, predicate: predicate, result: result, lastUse: state.clock)
            state.entries[key] = slot
            state.slots.append(slot)
            state.screens.append(predicate.screen)
            return swept
        }
    }

    /// Notes a version (old or new) of a changed row: checked against the entries by the next
    /// lookup or store, not here (see the type's comment). Past `pendingLimit` waiting
    /// changes, every entry is dropped.
    func invalidate(matching row: RowFacts) {
        state.withLock { state in
            guard !state.slots.isEmpty else { return }
            if state.pending.count >= ResultCache.pendingLimit {
                state.dropAll()
            } else {
                state.pending.append(row)
            }
        }
    }

    /// Drops everything (the exchange rates changed: every base total may change).
    func invalidateAll() {
        state.withLock { state in
            state.statistics.invalidations += state.slots.count
            state.entries.removeAll()
            state.slots.removeAll()
            state.screens.removeAll()
            state.dropped.removeAll()
            state.pending.removeAll()
        }
    }
}
