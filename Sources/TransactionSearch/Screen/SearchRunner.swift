import Dispatch
import Synchronization

/// How `TransactionSearchModel` runs a search: on a serial dispatch queue of its own, off the
/// main actor, by default. Tests give the model a runner with gates in it, to hold a search at
/// a chosen moment and so decide deterministically which of two searches ends first.
struct SearchRunner: Sendable {
    /// Answers a query with its result and the store sequence it reflects; nil when cancelled
    /// before it started. `usingCache: false` for pages of rows, which would only crowd out
    /// the cache's useful entries. Called on the main actor, as the model is, so that a
    /// search starts without a hop through Swift's cooperative threads (a nonisolated async
    /// closure would take one); its answer still comes back through one, as every resumed
    /// continuation does.
    var search: @MainActor @Sendable (_ store: TransactionStore, _ query: Query, _ usingCache: Bool) async -> (result: QueryResult, sequence: UInt64)?

    /// Searches on a new serial queue: one model's searches run one at a time, in the order
    /// asked, and never on the main actor. Nor on Swift's cooperative threads (one per core):
    /// a long search there would hold one from the app's other async work, and a serial queue
    /// gets a thread of its own.
    static func ownQueue() -> SearchRunner {
        onQueue(DispatchQueue(label: "TransactionSearchModel.search", qos: .userInitiated)) { store, query, usingCache in
            store.searchWithSequence(query, usingCache: usingCache)
        }
    }

    /// Runs `work` on `queue` (tests pass work that also notes where it runs). Cancelling the
    /// caller before the work starts skips it (the answer is then nil); work under way finishes.
    /// The continuation is resumed exactly once, by the queue's block; cancellation only sets
    /// the flag that block reads (before the block, when the caller was cancelled already).
    static func onQueue(
        _ queue: DispatchQueue,
        _ work: @escaping @Sendable (TransactionStore, Query, Bool) -> (result: QueryResult, sequence: UInt64)
    ) -> SearchRunner {
        SearchRunner { store, query, usingCache in
            let cancelled = Atomic<Bool>(false)
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    queue.async {
                        continuation.resume(returning: cancelled.load(ordering: .acquiring) ? nil : work(store, query, usingCache))
                    }
                }
            } onCancel: {
                cancelled.store(true, ordering: .releasing)
            }
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
