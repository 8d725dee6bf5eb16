extension TransactionStore {
    /// Where "today" comes from for relative dates in queries (`date:last-month`): the system
    /// clock unless set. Setting it looks again at live queries with relative dates.
    public var clock: StoreClock {
        get { clockSource.withLock { $0 } }
        set {
            clockSource.withLock { $0 = newValue }
            refreshRelativeDates()
            if newValue.moves && liveQueries.hasRelativeDates { dayWatcher.start(for: self) }
        }
    }

    /// Today in the store's time zone, from its clock.
    public var today: CalendarDay { clock.today(in: contents.clock) }

    /// Looks again at the live queries with relative dates: those whose days changed since
    /// they were last worked out (today moved on, or the clock was set) are answered again,
    /// and yield a new result when it differs. The store calls it itself a few milliseconds
    /// after each local midnight of a moving clock while such a live query exists; call it
    /// after moving a clock of one's own, or when an app comes back to the foreground.
    /// Cached results need nothing: the cache is keyed by the days a query resolved to.
    public func refreshRelativeDates() {
        guard liveQueries.hasRelativeDates else { return }
        if liveQueries.resolveRelativeDates(today: today) {
            liveQueries.refresh { query in self.searchWithSequence(query) }
        }
    }

    /// Milliseconds until the next local midnight; nil for a fixed day.
    func millisecondsUntilTomorrow() -> Int64? {
        clock.millisecondsUntilTomorrow(in: contents.clock)
    }
}
