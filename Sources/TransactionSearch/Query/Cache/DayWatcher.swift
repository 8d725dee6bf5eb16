/// Wakes a store's live and watched queries with relative dates (`date:today`) when the day
/// changes: a task that sleeps until the next local midnight of the store's clock (at most a
/// minute at a time, so that a changed system clock or a sleeping machine is noticed), then
/// asks the store to look again (`TransactionStore.refreshRelativeDates()`). It runs only
/// while such a live query or watch exists and the clock moves, and ends when the store is
/// gone.
final class DayWatcher: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    /// The longest sleep, in milliseconds.
    static let longestSleep: Int64 = 60_000
    /// Slept past midnight, so that the clock has surely moved on, in milliseconds.
    static let margin: Int64 = 20

    /// Starts watching for `store` unless already watching.
    func start(for store: TransactionStore) {
        task.withLock { task in
            guard task == nil else { return }
            task = Task.detached(priority: .utility) { [weak store] in
                while !Task.isCancelled {
                    guard let wait = store?.millisecondsUntilTomorrow() else { break }
                    let sleep = min(wait + DayWatcher.margin, DayWatcher.longestSleep)
                    try? await Task.sleep(nanoseconds: UInt64(sleep) * 1_000_000)
                    guard let current = store, current.liveQueries.hasRelativeDates, current.clock.moves else { break }
                    current.refreshRelativeDates()
                }
                store?.dayWatcher.finish(for: store)
            }
        }
    }

    /// Whether a task is watching (for tests).
    var isWatching: Bool { task.withLock { $0 != nil } }

    /// Forgets the ended task; starts another when a live query came in the meantime.
    private func finish(for store: TransactionStore?) {
        task.withLock { $0 = nil }
        guard let store else { return }
        if store.liveQueries.hasRelativeDates && store.clock.moves { start(for: store) }
    }
}
