import Synchronization

/// How `TransactionSearchModel` runs a search: on a detached task, off the main actor, by
/// default. Tests give the model a runner with gates in it, to hold a search at a chosen
/// moment and so decide deterministically which of two searches ends first.
struct SearchRunner: Sendable {
    /// Answers a query with its result and the store sequence it reflects; nil when cancelled
    /// before it started. `usingCache: false` for pages of rows, which would only crowd out
    /// the cache's useful entries.
    var search: @Sendable (_ store: TransactionStore, _ query: Query, _ usingCache: Bool) async -> (result: QueryResult, sequence: UInt64)?

    /// Searches on a detached task: the store's read lock and the query's work never touch
    /// the caller's actor. Cancelling the caller cancels the task; one that has not started
    /// does not search.
    static let detached = SearchRunner.detached { store, query, usingCache in
        store.searchWithSequence(query, usingCache: usingCache)
    }

    /// Runs `work` on a detached task, as `detached` runs the store's search (tests pass work
    /// that also notes the thread it runs on).
    static func detached(
        _ work: @escaping @Sendable (TransactionStore, Query, Bool) -> (result: QueryResult, sequence: UInt64)
    ) -> SearchRunner {
        SearchRunner { store, query, usingCache in
            let task = Task.detached(priority: .userInitiated) { () -> (result: QueryResult, sequence: UInt64)? in
                guard !Task.isCancelled else { return nil }
                return work(store, query, usingCache)
            }
            return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        }
    }
}

/// Whether a store change has been passed to the main actor and not handled yet, so that a
/// burst of mutations on another thread sends one hop, not one per mutation.
final class PendingChange: Sendable {
    private let isPending = Atomic<Bool>(false)

    /// Marks a change; true when none was pending (the caller then sends the hop).
    func mark() -> Bool {
        !isPending.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Clears the mark, before the change is handled: a change after this sends a new hop.
    func clear() {
        isPending.store(false, ordering: .releasing)
    }
}
