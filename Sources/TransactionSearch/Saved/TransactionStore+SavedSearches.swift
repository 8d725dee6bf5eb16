extension TransactionStore {
    /// The saved searches the store keeps, by name. A store directory's are read from its
    /// files when it opens (`DurableStore`).
    public var savedSearches: [SavedSearch] { savedSearchBook.all }

    /// The saved search of a name, or nil.
    public func savedSearch(named name: String) -> SavedSearch? {
        savedSearchBook.search(named: name)
    }

    /// Keeps a saved search in memory, replacing one of the same name; returns the one it
    /// replaced. A store directory's searches are saved with `DurableStore.save(_:)`, which
    /// writes them to its files first (this alone would be lost when it closes).
    @discardableResult
    public func save(_ search: SavedSearch) -> SavedSearch? {
        savedSearchBook.save(search)
    }

    /// Forgets a saved search (in memory; see `save(_:)`); returns it, or nil when there is
    /// none of that name.
    @discardableResult
    public func removeSavedSearch(named name: String) -> SavedSearch? {
        savedSearchBook.remove(named: name)
    }

    /// The saved searches now, then again after each one saved or removed: what a list of
    /// saved searches subscribes to (the newest list kept for a slow consumer).
    public func observeSavedSearches() -> AsyncStream<[SavedSearch]> {
        savedSearchBook.observe()
    }

    /// The current result of a saved search, then a new one after each mutation that changes
    /// it (see `observe(_:buffering:)` of a `Query`).
    public func observe(_ search: SavedSearch,
                        buffering: AsyncStream<QueryResult>.Continuation.BufferingPolicy = .bufferingNewest(1)) -> AsyncStream<QueryResult> {
        observe(search.query, buffering: buffering)
    }

    /// Each saved search with its count and sums now (its query with no page, answered through
    /// the result cache), by name.
    public var savedSearchSummaries: [SavedSearchSummary] {
        savedSearches.map { search in
            var query = search.query
            (query.limit, query.offset, query.facets) = (0, 0, [])
            return SavedSearchSummary(search: search, total: self.search(query).total)
        }
    }
}
