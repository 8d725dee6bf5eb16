import Synchronization

/// The live queries of a store: each gets its result at once, then a new one after each
/// mutation that changes it, and none after mutations that do not. A mutation marks the
/// queries the old or new version of its row can match; once the store's lock is released,
/// the marked queries are recomputed and yielded when the answer differs.
///
/// A watched query (`TransactionStore.observe(_:onChange:)`) is marked the same way, but is not
/// recomputed: its watcher is told, and searches on its own schedule (off the main actor).
final class LiveQueries: Sendable {
    /// How an observer hears of a change.
    private enum Delivery {
        /// New results, computed after the change and yielded when they differ.
        case results(AsyncStream<QueryResult>.Continuation)
        /// A call saying that the result may have changed.
        case notice(@Sendable () -> Void)
    }

    private struct Observer {
        let query: Query
        /// What the query depends on, with its relative dates worked out as of `resolvedDay`.
        var predicate: QueryPredicate
        var resolvedDay: CalendarDay
        let delivery: Delivery
        var isDirty = false
        /// The last result yielded and the store sequence it reflects.
        var last: QueryResult?
        var lastSequence: UInt64 = 0
    }

    private let observers = Locked<[UInt64: Observer]>([:])
    private let nextID = Atomic<UInt64>(0)
    private let count = Atomic<Int>(0)
    /// Live and watched queries with relative dates (`date:today`).
    private let relativeCount = Atomic<Int>(0)

    var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }

    /// Whether some live or watched query has relative dates.
    var hasRelativeDates: Bool { relativeCount.load(ordering: .acquiring) > 0 }

    /// Adds a query (normalized, its relative dates as typed) whose results go to
    /// `continuation`, the first at the next `refresh`; its dependencies worked out as of
    /// `today`.
    func add(_ query: Query, today: CalendarDay, continuation: AsyncStream<QueryResult>.Continuation) -> UInt64 {
        add(Observer(query: query, predicate: QueryPredicate(query.resolvingRelativeDates(today: today)), resolvedDay: today,
                     delivery: .results(continuation), isDirty: true))
    }

    /// Adds a query whose watcher `onChange` is called after each mutation that may change its
    /// result, when the exchange rates change, and when its relative dates move to a new day.
    func addWatcher(_ query: Query, today: CalendarDay, onChange: @escaping @Sendable () -> Void) -> UInt64 {
        add(Observer(query: query, predicate: QueryPredicate(query.resolvingRelativeDates(today: today)), resolvedDay: today,
                     delivery: .notice(onChange)))
    }

    private func add(_ observer: Observer) -> UInt64 {
        let id = nextID.add(1, ordering: .relaxed).newValue
        observers.withLock { $0[id] = observer }
        count.add(1, ordering: .releasing)
        if observer.query.hasRelativeDates { relativeCount.add(1, ordering: .releasing) }
        return id
    }

    func remove(_ id: UInt64) {
        let removed = observers.withLock { $0.removeValue(forKey: id) }
        guard let removed else { return }
        count.subtract(1, ordering: .releasing)
        if removed.query.hasRelativeDates { relativeCount.subtract(1, ordering: .releasing) }
    }

    /// Works the relative dates of live and watched queries out again as of `today` and marks those whose
    /// day changed; returns whether any was marked.
    func resolveRelativeDates(today: CalendarDay) -> Bool {
        observers.withLock { observers in
            var marked = false
            for (id, observer) in observers where observer.query.hasRelativeDates && observer.resolvedDay != today {
                observers[id]?.predicate = QueryPredicate(observer.query.resolvingRelativeDates(today: today))
                observers[id]?.resolvedDay = today
                observers[id]?.isDirty = true
                marked = true
            }
            return marked
        }
    }

    /// Marks the queries a version of a changed row matches. Called under the store's write lock.
    func markAffected(by row: RowFacts) {
        // None (a cache alone needs the facts): no lock taken, cold code after a burst of queries.
        guard !isEmpty else { return }
        observers.withLock { observers in
            // In place through the values (no copy of each observer, no lookup by id).
            for index in observers.indices where !observers.values[index].isDirty {
                if observers.values[index].predicate.matches(row) { observers.values[index].isDirty = true }
            }
        }
    }

    /// Marks every query (the exchange rates changed).
    func markAll() {
        observers.withLock { observers in
            for id in observers.keys { observers[id]?.isDirty = true }
        }
    }

    /// Tells the watchers of marked queries, then recomputes the other marked queries with
    /// `answer` (a result and the sequence it reflects) and yields those whose answer changed.
    /// Results never go back in time: one computed for an older sequence than the last yielded
    /// is dropped.
    func refresh(_ answer: (Query) -> (QueryResult, UInt64)) {
        let (dirty, notices) = observers.withLock { observers -> ([(UInt64, Query)], [@Sendable () -> Void]) in
            var dirty: [(UInt64, Query)] = []
            var notices: [@Sendable () -> Void] = []
            for (id, observer) in observers where observer.isDirty {
                observers[id]?.isDirty = false
                switch observer.delivery {
                case .results: dirty.append((id, observer.query))
                case .notice(let onChange): notices.append(onChange)
                }
            }
            return (dirty, notices)
        }
        for onChange in notices { onChange() }
        for (id, query) in dirty {
            let (result, sequence) = answer(query)
            observers.withLock { observers in
                guard var observer = observers[id], sequence >= observer.lastSequence,
                      case .results(let continuation) = observer.delivery
                else { return }
                observer.lastSequence = sequence
                if observer.last != result {
                    observer.last = result
                    continuation.yield(result)
                }
                observers[id] = observer
            }
        }
    }
}
