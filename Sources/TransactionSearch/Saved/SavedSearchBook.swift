/// The saved searches a store keeps, by name, behind a lock of their own (never the store's),
/// with the streams that follow the list.
final class SavedSearchBook: Sendable {
    private struct State {
        var searches: [String: SavedSearch] = [:]
        var observers: [UInt64: AsyncStream<[SavedSearch]>.Continuation] = [:]
        var nextObserver: UInt64 = 0

        var sorted: [SavedSearch] { searches.values.sorted { $0.name < $1.name } }
    }

    private let state = Locked(State())

    /// Every saved search, by name.
    var all: [SavedSearch] { state.withLock { $0.sorted } }

    func search(named name: String) -> SavedSearch? {
        state.withLock { $0.searches[name] }
    }

    /// Keeps a search, replacing one of its name; returns the one replaced.
    func save(_ search: SavedSearch) -> SavedSearch? {
        change { $0.updateValue(search, forKey: search.name) }
    }

    /// Forgets a search; returns it, or nil when there is none of that name.
    func remove(named name: String) -> SavedSearch? {
        change { $0.removeValue(forKey: name) }
    }

    /// Replaces every search (a store directory's, as read from its file).
    func replaceAll(with searches: [SavedSearch]) {
        change { all in
            all = Dictionary(searches.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        }
    }

    /// The list now, then again after each change, until the consumer stops.
    func observe() -> AsyncStream<[SavedSearch]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [SavedSearch].self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = continuation
            continuation.yield(state.sorted)
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Changes the searches and tells the observers (under the lock: in order).
    private func change<Value>(_ body: (inout [String: SavedSearch]) -> Value) -> Value {
        state.withLock { state in
            let value = body(&state.searches)
            let list = state.sorted
            for continuation in state.observers.values { continuation.yield(list) }
            return value
        }
    }
}
