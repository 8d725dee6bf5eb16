extension TransactionStore {
    /// Answers a query: total count and exact sums of every matching row, the groups, and one
    /// page of rows (docs/SPEC.md sections 2 and 3), with the facets it asks for and the words
    /// it matched approximately (section 8). Relative dates count from `today` (the store's
    /// clock). Results are cached by normalized query, its relative dates worked out, until a
    /// mutation touches rows the query can match (`diagnostics.searchWithoutCache(_:)`
    /// computes afresh and leaves the cache alone, for measuring).
    public func search(_ query: Query) -> QueryResult {
        searchWithSequence(query).result
    }

    /// Answers a query from the cache or, with `usingCache: false`, afresh (see `search(_:)`).
    package func search(_ query: Query, usingCache: Bool) -> QueryResult {
        searchWithSequence(query, usingCache: usingCache).result
    }

    /// The answer and the sequence number of the store contents it reflects.
    func searchWithSequence(_ query: Query, usingCache: Bool = true) -> (result: QueryResult, sequence: UInt64) {
        let start = ContinuousClock.now
        let key = (query.hasRelativeDates ? query.resolvingRelativeDates(today: today) : query).normalized
        var (result, sequence) = lock.withReadLock { () -> (QueryResult, UInt64) in
            guard usingCache else {
                return (QueryExecutor(contents: contents, query: QueryCompiler(contents: contents).compile(key), rates: contents.exchangeRates).run(), contents.sequence)
            }
            if let cached = cache.result(for: key) { return (cached, contents.sequence) }
            let result = QueryExecutor(contents: contents, query: QueryCompiler(contents: contents).compile(key), rates: contents.exchangeRates).run()
            cache.store(result, for: key)  // still under the read lock: no mutation came between
            return (result, contents.sequence)
        }
        result.elapsedMicroseconds = TransactionStore.microseconds(since: start)
        return (result, sequence)
    }

    /// The current result of a query, then a new one after each mutation that changes it (and
    /// none after mutations that do not): what a list screen subscribes to. A slow consumer
    /// sees the newest result; results in between may be skipped (pass `.unbounded` to keep
    /// every one). Ends when the stream's consumer stops iterating. A query with relative dates
    /// (`date:today`) is answered again when the day changes (see `refreshRelativeDates()`).
    public func observe(_ query: Query,
                        buffering: AsyncStream<QueryResult>.Continuation.BufferingPolicy = .bufferingNewest(1)) -> AsyncStream<QueryResult> {
        let (stream, continuation) = AsyncStream.makeStream(of: QueryResult.self, bufferingPolicy: buffering)
        let id = liveQueries.add(query.normalized, today: today, continuation: continuation)
        let liveQueries = self.liveQueries
        continuation.onTermination = { _ in liveQueries.remove(id) }
        if query.hasRelativeDates && clock.moves { dayWatcher.start(for: self) }
        liveQueries.refresh { query in self.searchWithSequence(query) }
        return stream
    }

    /// What the result cache has done: hits, misses, invalidations, evictions, entries.
    package var cacheStatistics: CacheStatistics { cache.statistics }

    /// Exact rates to a base currency, which need not be the store's, or nil for none:
    /// `ExchangeRates(base: .eur, rates: [.usd: 0.92])` means 1 USD is 0.92 EUR. Results then
    /// carry totals in that currency, or why one cannot be converted. Rates convert totals
    /// only: a transaction's currency is its own, or the store's base currency when it has
    /// none, whatever the rates. Setting them drops every cached result (every base total may
    /// change).
    public var exchangeRates: ExchangeRates? {
        get { lock.withReadLock { contents.exchangeRates } }
        set { replaceExchangeRates(newValue) }
    }

    /// Installs the rates (nil: none) and drops every cached result.
    private func replaceExchangeRates(_ rates: ExchangeRates?) {
        lock.withWriteLock {
            contents.exchangeRates = rates
            cache.invalidateAll()
            liveQueries.markAll()
        }
        afterMutation()
    }

    static func microseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
    }
}
