extension TransactionStore {
    /// How the store would answer a query: its plan and the estimate behind it (see
    /// `QueryPlan`), for diagnostics and `bench`.
    package func explainPlan(_ query: Query) -> String {
        let resolved = query.resolvingRelativeDates(today: today)
        return lock.withReadLock {
            "\(QueryPlanner(contents: contents, query: QueryCompiler(contents: contents).compile(resolved)).plan())"
        }
    }
}
