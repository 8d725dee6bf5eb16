/// The rows an insight (recurring series, a report that the buckets cannot give) reads: every
/// live row for a query that matches everything, else the rows the query engine matches, its
/// page widened to all of them and never turned into transactions.
extension StoreContents {
    /// The live rows `query` matches (its grouping, sort and page ignored), ascending for the
    /// whole store, in the engine's order otherwise. Called under the store's read lock.
    func insightRows(matching query: Query, today: CalendarDay) -> [UInt32] {
        var wide = query.hasRelativeDates ? query.resolvingRelativeDates(today: today) : query
        wide.grouping = .none
        wide.groupOrdering = .title
        wide.limit = Int.max
        wide.offset = 0
        wide.facets = []
        if wide.text.isEmpty && wide.terms.isEmpty && wide.filters.isEmpty {
            var rows: [UInt32] = []
            rows.reserveCapacity(table.liveCount)
            for row in 0..<UInt32(table.rowLimit) where table.isLive(row) { rows.append(row) }
            return rows
        }
        let compiled = QueryCompiler(contents: self).compile(wide.normalized)
        return QueryExecutor(contents: self, query: compiled, rates: nil).run(materializingRows: false).page.map(\.row)
    }
}
