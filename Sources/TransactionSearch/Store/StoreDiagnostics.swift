/// What a store shows for checking and measuring it, apart from what an app needs: how it would
/// answer a query, what its result cache has done, a fresh answer that leaves the cache alone,
/// and whether its indexes agree with its rows. Reached through `TransactionStore.diagnostics`,
/// so that the store's own surface is what a search screen uses.
public struct StoreDiagnostics: Sendable {
    let store: TransactionStore

    /// How the store would answer a query: its plan and the estimate behind it (`QueryPlan`),
    /// for `bench` and for finding out why a query is slow.
    public func explainPlan(_ query: Query) -> String { store.explainPlan(query) }

    /// What the result cache has done: hits, misses, invalidations, evictions, entries.
    public var cacheStatistics: CacheStatistics { store.cacheStatistics }

    /// Answers a query afresh, neither reading nor filling the result cache: what measuring a
    /// query, or comparing a cached answer with a fresh one, needs.
    public func searchWithoutCache(_ query: Query) -> QueryResult { store.search(query, usingCache: false) }

    /// Recomputes every distinct string's folded text and trigram postings and compares them
    /// with what the store holds (a store directory loads them from its snapshot); the first
    /// difference, or nil. `fsearch check` reports it; `compact(rebuildingText: true)` mends it.
    /// - Complexity: O(distinct strings).
    public func textIndexProblem() -> String? { store.textIndexProblem() }

    /// Verifies every index, order, pool and bucket against the rows, and the text index of
    /// every string against this build's folding; what disagrees (empty when all is well), at
    /// most 100 problems and a last one counting the rest.
    /// - Complexity: O(n).
    public func verify() -> [IntegrityProblem] { store.verify() }

    /// Verifies like `verify()` but traps on the first mismatch: for tests and debug checks.
    /// - Complexity: O(n).
    public func checkInvariants() { store.checkInvariants() }
}

extension TransactionStore {
    /// Diagnostics of the store: plans, cache statistics, uncached answers, integrity checks.
    public var diagnostics: StoreDiagnostics { StoreDiagnostics(store: self) }
}
