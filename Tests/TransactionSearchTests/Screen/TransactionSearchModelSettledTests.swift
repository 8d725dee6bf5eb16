import Testing
@testable import TransactionSearch

/// `settledResult()`: the result once no search runs, waited for without polling; searches
/// are held at a `SearchGate`, so the test decides when each ends.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TransactionSearchModelSettledTests {
    func store() throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(.sample("a", "2026-03-01", merchant: "Starbucks"))
        try store.add(.sample("b", "2026-03-02", merchant: "Lidl"))
        return store
    }

    /// A waiter returns only when the last search started has ended, with its result; a search
    /// overtaken meanwhile does not end the wait.
    @Test func waitsForTheLastSearch() async throws {
        let gate = SearchGate()
        let model = TransactionSearchModel(store: try store(), query: Query(), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        let first = try #require(await arrivals.next())
        let waiter = Task { await model.settledResult() }
        first.release()
        let all = await waiter.value
        #expect(all.total.count == 2 && !model.isSearching)

        model.searchText = "star"
        let star = try #require(await arrivals.next())
        var ended = false
        let second = Task {
            let result = await model.settledResult()
            ended = true
            return result
        }
        model.searchText = "lidl"  // overtakes "star" (already running, so it ends unshown)
        let lidl = try #require(await arrivals.next())
        star.release()
        await until { log.ended.count == 2 }
        #expect(log.ended.last?.text == "star" && log.ended.last?.shown == false)
        #expect(!ended && model.isSearching)
        lidl.release()
        let result = await second.value
        #expect(ended && result.total.count == 1 && result.rows.first?.transaction.id == "b")
        #expect(model.answeredQuery?.text == "lidl")
    }

    /// With nothing running, it answers at once.
    @Test func answersAtOnceWhenSettled() async throws {
        let model = TransactionSearchModel(store: try store())
        _ = await model.settledResult()
        #expect(!model.isSearching)
        let again = await model.settledResult()
        #expect(again == model.result && again.total.count == 2)
    }
}
