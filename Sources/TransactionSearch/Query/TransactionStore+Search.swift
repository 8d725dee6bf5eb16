extension TransactionStore {
    /// Answers a query: total count and exact sums of every matching row, the groups, and one
    /// page of rows (SPEC sections 2 and 3).
    public func search(_ query: Query) -> QueryResult {
        let start = ContinuousClock.now
        var result = lock.withReadLock {
            QueryExecutor(state: state, query: state.compile(query), rates: state.exchangeRates).run()
        }
        result.elapsedMicroseconds = TransactionStore.microseconds(since: start)
        return result
    }

    /// Sets (or, with nil, removes) exact rates to the base currency: `[USD: 0.92]` means 1 USD
    /// is 0.92 of the base. Results then carry totals in the base currency.
    public func setExchangeRates(_ rates: [Currency: DecimalAmount]?) {
        lock.withWriteLock {
            state.exchangeRates = rates.map { ExchangeRates(base: baseCurrency, rates: $0) }
        }
    }

    static func microseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
    }
}
