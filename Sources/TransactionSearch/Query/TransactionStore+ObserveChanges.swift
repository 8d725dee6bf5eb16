extension TransactionStore {
    /// Calls `onChange` after each mutation that may change the result of `query` (and after
    /// the exchange rates change), without computing the result: for a caller that searches
    /// on its own schedule, such as `TransactionSearchModel`, which searches off the main
    /// actor. `observe(_:buffering:)` computes the new results instead.
    ///
    /// `onChange` runs on the thread that mutated, after the store's lock is released and after
    /// the events handed to `observe(_:)`; keep it short (start a task). It may be called for a
    /// change that leaves the result as it was. A query with relative dates (`date:today`) is
    /// also told when the day changes (see `refreshRelativeDates()`). The observation lasts until
    /// the returned observation is cancelled or released.
    public func observe(_ query: Query, onChange: @escaping @Sendable () -> Void) -> StoreObservation {
        let id = liveQueries.addWatcher(query.normalized, today: today, onChange: onChange)
        if query.hasRelativeDates && clock.moves { dayWatcher.start(for: self) }
        let liveQueries = self.liveQueries
        return StoreObservation { liveQueries.remove(id) }
    }
}
