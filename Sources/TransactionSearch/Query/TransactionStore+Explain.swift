extension TransactionStore {
    /// How the store would answer a query (its plan and estimate), for diagnostics and `bench`.
    public func explainPlan(_ query: Query) -> String {
        lock.withReadLock {
            let executor = QueryExecutor(state: state, query: state.compile(query), rates: nil)
            return "\(executor.plan())"
        }
    }
}
