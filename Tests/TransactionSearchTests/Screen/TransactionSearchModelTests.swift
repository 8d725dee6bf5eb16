import Foundation
import Testing
@testable import TransactionSearch

/// The search screen's model: its result follows its inputs and the store, searches that an
/// input overtakes never show, and a result never replaces a newer one. Searches are held at a
/// `SearchGate`, so the tests decide which one ends first; nothing depends on timing.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TransactionSearchModelTests {
    func store() throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(.sample("a", "2026-03-01", merchant: "Starbucks"))
        try store.add(.sample("b", "2026-03-02", merchant: "Stadtwerke"))
        try store.add(.sample("c", "2026-03-03", merchant: "Lidl", category: "Groceries"))
        try store.add(.sample("d", "2026-03-04", merchant: "Star Market", category: "Groceries"))
        try store.add(.sample("e", "2026-03-05", merchant: "Uber", amount: -23))
        return store
    }

    /// The model's query answered directly: what its result must equal.
    func expected(_ model: TransactionSearchModel) -> QueryResult {
        model.store.search(model.query, usingCache: false)
    }

    @Test func theResultFollowsTheSearchTextTheOtherInputsAndTheStore() async throws {
        let model = TransactionSearchModel(store: try store())
        await until { !model.isSearching }
        #expect(model.result.total.count == 5)

        model.searchText = "star"
        await until { model.answeredQuery?.text == "star" && !model.isSearching }
        #expect(model.result == expected(model) && model.result.total.count == 2)

        model.grouping = .category
        await until { model.answeredQuery?.grouping == .category }
        #expect(model.result.groups.map(\.title) == ["Food & Drink", "Groceries"])
        #expect(model.sections.map(\.positions) == [0..<1, 1..<2])

        model.filters = QueryFilters(from: try CalendarDay(year: 2026, month: 3, day: 2))
        await until { model.answeredQuery?.filters == model.filters }
        #expect(model.result.rows.map(\.transaction.id) == ["d"])

        try model.store.add(.sample("f", "2026-03-06", merchant: "Starbucks Reserve"))
        await until { model.result.total.count == 2 && model.result.rows.first?.transaction.id == "f" }
        #expect(model.result == expected(model))

        model.sort = .dateAscending
        model.scope = .merchant
        await until { model.answeredQuery?.sort == .dateAscending && model.answeredQuery?.scope == .merchant }
        #expect(model.result.rows.map(\.transaction.id) == ["f", "d"])  // by category, then oldest first
        #expect(model.result == expected(model))
    }

    @Test func aHalfTypedFieldTermKeepsTheRestAndReportsTheProblem() async throws {
        let model = TransactionSearchModel(store: try store())
        model.searchText = "star amount>"
        #expect(model.problems.count == 1 && model.problems[0].term == "amount>")  // at once, before the search
        await until { model.answeredQuery?.text == "star" }
        #expect(model.result.total.count == 2 && model.query.terms.isEmpty)

        model.searchText = "star amount>5"
        #expect(model.problems.isEmpty)
        await until { model.answeredQuery?.terms.isEmpty == false }
        #expect(model.result.total.count == 0)
    }

    @Test func settingTheQuerySetsEveryInputAndSearchesOnce() async throws {
        let gate = SearchGate()
        let model = TransactionSearchModel(store: try store(), query: Query(), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        try #require(await arrivals.next()).release()
        await until { log.ended.count == 1 }

        model.query = try Query(parsing: "star -market", scope: .merchant, grouping: .day, limit: 1)
        #expect(model.searchText == "star -market" && model.scope == .merchant && model.grouping == .day)
        let held = try #require(await arrivals.next())
        #expect(held.query == model.query)
        held.release()
        await until { log.ended.count == 2 }
        #expect(log.ended.map(\.shown) == [true, true])
        #expect(model.result == expected(model) && model.result.rows.count == 1)
    }

    @Test func eachKeystrokeTypedAfterTheLastResultGetsItsOwnResultInOrder() async throws {
        let gate = SearchGate()
        let model = TransactionSearchModel(store: try store(), query: Query(), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        try #require(await arrivals.next()).release()
        await until { log.ended.count == 1 }
        for (index, text) in ["s", "st", "sta", "star"].enumerated() {
            model.searchText = text
            let held = try #require(await arrivals.next())
            #expect(held.query.text == text)
            held.release()
            await until { log.ended.count == index + 2 }
            #expect(model.answeredQuery?.text == text && model.result == expected(model))
        }
        #expect(log.ended.map(\.text) == ["", "s", "st", "sta", "star"] && log.ended.allSatisfy(\.shown))
    }

    @Test func keystrokesInOneTurnSearchOnlyTheLast() async throws {
        let gate = SearchGate()
        let model = TransactionSearchModel(store: try store(), query: Query(), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        try #require(await arrivals.next()).release()
        await until { log.ended.count == 1 }

        for text in ["s", "st", "sta", "star"] { model.searchText = text }
        let held = try #require(await arrivals.next())
        #expect(held.query.text == "star")  // the three before were cancelled before they started
        held.release()
        await until { log.ended.count == 5 }
        #expect(Set(log.ended.dropFirst().filter { !$0.shown }.map(\.text)) == ["s", "st", "sta"])
        #expect(log.ended.last?.text == "star" && log.ended.last?.shown == true)
        #expect(model.result == expected(model))
    }

    @Test func anOvertakenSearchNeverReplacesANewerResult() async throws {
        let gate = SearchGate()
        let model = TransactionSearchModel(store: try store(), query: Query(), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        try #require(await arrivals.next()).release()
        await until { log.ended.count == 1 }

        model.searchText = "s"
        let first = try #require(await arrivals.next())
        model.searchText = "st"  // cancels the search of "s", which is already computed and held
        let second = try #require(await arrivals.next())
        second.release()
        await until { log.ended.count == 2 }
        #expect(model.answeredQuery?.text == "st")
        first.release()  // ends last, and is dropped
        await until { log.ended.count == 3 }
        #expect(log.ended.map(\.text) == ["", "st", "s"] && log.ended.map(\.shown) == [true, true, false])
        #expect(model.answeredQuery?.text == "st" && model.result == expected(model))
        #expect(!model.isSearching)
    }

    @Test func aMutationDuringASearchIsShownAfterIt() async throws {
        let gate = SearchGate()
        let store = try store()
        let model = TransactionSearchModel(store: store, query: Query(text: "star"), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        let before = try #require(await arrivals.next())  // computed before the mutation, held
        #expect(before.answer.result.total.count == 2)

        try store.add(.sample("f", "2026-03-06", merchant: "Starbucks Reserve"))
        before.release()  // its result is shown (nothing newer is), then the model searches again
        let after = try #require(await arrivals.next())
        #expect(after.answer.result.total.count == 3)
        after.release()
        await until { log.ended.count == 2 }
        #expect(log.ended.map(\.shown) == [true, true])
        #expect(model.result.total.count == 3 && model.result == expected(model) && !model.isSearching)
    }

    @Test func mutationsInOneTurnStartOneSearch() async throws {
        let gate = SearchGate()
        let store = try store()
        let model = TransactionSearchModel(store: store, query: Query(text: "star"), runner: gate.runner)
        let log = SearchLog(model)
        var arrivals = gate.arrivals.makeAsyncIterator()
        try #require(await arrivals.next()).release()
        await until { log.ended.count == 1 }

        try store.add(.sample("g", merchant: "Starbucks"))
        try store.add(.sample("h", merchant: "Starbucks"))  // its notice joins the one pending
        let held = try #require(await arrivals.next())
        #expect(held.answer.result.total.count == 4 && held.answer.sequence == store.sequence)
        held.release()
        await until { log.ended.count == 2 }
        await Task.yield()
        #expect(model.result.total.count == 4 && !model.isSearching && log.ended.count == 2)
    }

    @Test func aBurstOfMutationsFromAnotherThreadEndsInTheCurrentResult() async throws {
        let store = try store()
        let model = TransactionSearchModel(store: store, query: Query(text: "star", grouping: .day))
        await until { model.answeredQuery != nil }
        try await Task.detached {
            for index in 0..<300 {
                try store.add(.sample("x\(index)", "2026-04-\(10 + index % 20)", merchant: index % 3 == 0 ? "Starbucks" : "Aldi"))
            }
        }.value
        await until { model.result.total.count == 102 && !model.isSearching }
        #expect(model.result == expected(model))
    }

    @Test func aReleasedModelStopsWatchingTheStore() async throws {
        let store = try store()
        var model: TransactionSearchModel? = TransactionSearchModel(store: store, query: Query(text: "star"))
        await until { model?.isSearching == false }
        #expect(!store.liveQueries.isEmpty)
        model = nil
        #expect(store.liveQueries.isEmpty)
        try store.add(.sample("f", merchant: "Starbucks"))  // nobody to tell
    }

    @Test func theMainActorRunsWhileASearchRuns() async throws {
        // The search waits, mid-way, for the main actor to do something. Were it running on
        // the main actor, the test below could not run until the wait gave up.
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let proceed = DispatchSemaphore(value: 0)
        let outcomes = Locked<[Bool]>([])
        let runner = SearchRunner.onQueue(DispatchQueue(label: "test")) { store, query, usingCache in
            startedContinuation.yield()
            let mainActorRan = proceed.wait(timeout: .now() + 30) == .success
            outcomes.withLock { $0.append(mainActorRan) }
            return store.searchWithSequence(query, usingCache: usingCache)
        }
        let model = TransactionSearchModel(store: try store(), query: Query(text: "star"), runner: runner)
        var starts = started.makeAsyncIterator()
        await starts.next()
        proceed.signal()  // the main actor runs this while the search is under way
        await until { model.answeredQuery != nil }
        #expect(outcomes.withLock { $0 } == [true] && model.result == expected(model))
    }
}
