import TransactionSearch

extension PlainScan {
    /// Every transaction a query matches, whatever its page, grouping and facets ask, in no
    /// particular order: what a bulk edit or a rule acts on. `exactly`: words that match
    /// nothing are not widened to typos (a rule's search).
    public func matchingTransactions(_ query: Query, today: CalendarDay? = nil, exactly: Bool) -> [Transaction] {
        var query = query
        query.grouping = .none
        query.facets = []
        query.offset = 0
        query.limit = Int.max
        guard exactly else { return search(query, today: today).rows.map(\.transaction) }
        let resolved = resolvingRelativeDates(query, today: today ?? systemToday)
        return filter(resolved, words: PlainScan.words(resolved.text), widened: [:]).map(\.transaction)
    }
}
