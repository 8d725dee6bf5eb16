import Testing
@testable import TransactionSearch

/// `TransactionStore.observe(_:onChange:)`: told, on the mutating thread, of each mutation whose
/// old or new row the query can match, of new exchange rates and of a new day for relative
/// dates; never of the others; never after the watch ends.
@Suite struct StoreWatchTests {
    @Test func aWatchIsToldOfTheChangesThatMayMatterOnly() throws {
        let store = TransactionStore()
        try store.add(.sample("a", merchant: "Starbucks"))
        try store.add(.sample("b", merchant: "Lidl"))
        let notices = Locked(0)
        var count: Int { notices.withLock { $0 } }
        let watch = store.observe(Query(text: "star")) { notices.withLock { $0 += 1 } }

        try store.add(.sample("c", merchant: "Uber"))
        var notes = TransactionPatch()
        notes.notes = .set("bus")
        try store.update(id: "b", notes)
        #expect(count == 0)

        try store.add(.sample("d", merchant: "Starbucks Reserve"))
        #expect(count == 1)
        try store.update(id: "a", notes)
        #expect(count == 2)
        var rename = TransactionPatch()
        rename.merchant = .set("Star Market")  // b did not match and now does
        try store.update(id: "b", rename)
        #expect(count == 3)
        try store.delete(id: "d")
        #expect(count == 4)
        try store.add(contentsOf: [.sample("e", merchant: "Starbucks"), .sample("f", merchant: "Starbucks")])
        #expect(count == 5)  // one notice for a batch
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: 1])
        #expect(count == 6)

        watch.cancel()
        try store.add(.sample("g", merchant: "Starbucks"))
        #expect(count == 6 && store.liveQueries.isEmpty)
    }

    @Test func releasingTheSubscriptionEndsTheWatch() throws {
        let store = TransactionStore()
        let notices = Locked(0)
        var watch: StoreObservation? = store.observe(Query()) { notices.withLock { $0 += 1 } }
        try store.add(.sample("a"))
        #expect(notices.withLock { $0 } == 1 && watch != nil)
        watch = nil
        try store.add(.sample("b"))
        #expect(notices.withLock { $0 } == 1 && store.liveQueries.isEmpty)
    }

    @Test func aWatchWithRelativeDatesIsToldWhenTheDayChanges() throws {
        let store = TransactionStore()
        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 3, day: 14))
        try store.add(.sample("a", "2026-03-14", merchant: "Starbucks"))
        let notices = Locked(0)
        let watch = store.observe(try Query(parsing: "star date:today")) {
            notices.withLock { $0 += 1 }
        }
        try store.add(.sample("b", "2026-03-10", merchant: "Starbucks"))  // not today
        #expect(notices.withLock { $0 } == 0)
        try store.add(.sample("c", "2026-03-15", merchant: "Starbucks"))  // tomorrow's row
        #expect(notices.withLock { $0 } == 0)

        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 3, day: 15))
        #expect(notices.withLock { $0 } == 1)
        try store.add(.sample("d", "2026-03-15", merchant: "Starbucks"))  // today's now
        #expect(notices.withLock { $0 } == 2)
        store.refreshRelativeDates()  // the same day: nothing to tell
        #expect(notices.withLock { $0 } == 2)
        watch.cancel()
        #expect(!store.liveQueries.hasRelativeDates)
    }
}
