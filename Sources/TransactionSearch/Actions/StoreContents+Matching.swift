extension StoreContents {
    /// Every row `query` matches, whatever its page, grouping and facets ask, in its sort
    /// order (the caller holds the lock). `exactly`: words that match nothing stay unmatched
    /// instead of being widened to the spellings they almost match (a rule's search).
    func matchingRows(of query: Query, today: CalendarDay, exactly: Bool) -> [UInt32] {
        var query = query.hasRelativeDates ? query.resolvingRelativeDates(today: today) : query
        query.grouping = .none
        query.facets = []
        query.limit = Int.max
        query.offset = 0
        let compiled = QueryCompiler(contents: self).compile(query.normalized, widening: !exactly)
        return QueryExecutor(contents: self, query: compiled, rates: nil).run(materializingRows: false).page.map(\.row)
    }
}
