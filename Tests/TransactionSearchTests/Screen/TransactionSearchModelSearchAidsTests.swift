import Testing
@testable import TransactionSearch

/// What issue 18 added to a search reaches the search screen: the facets asked of the model
/// are in its result, a typo's corrections too, and a search box with relative dates
/// (`date:today`) follows the store's clock to a new day without another keystroke.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TransactionSearchModelSearchAidsTests {
    func store() throws -> TransactionStore {
        let store = TransactionStore()
        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 3, day: 14))
        try store.add(.sample("a", "2026-03-14", merchant: "Starbucks", category: "Coffee"))
        try store.add(.sample("b", "2026-03-14", merchant: "Starbucks Reserve", category: "Coffee", card: "Visa 1111"))
        try store.add(.sample("c", "2026-03-15", merchant: "Starbucks", category: "Food & Drink"))
        try store.add(.sample("d", "2026-03-14", merchant: "Lidl", category: "Groceries"))
        return store
    }

    @Test func theFacetsAskedForAreInTheResultAndKeptWhileTyping() async throws {
        let store = try store()
        let model = TransactionSearchModel(store: store, query: Query(facets: [FacetRequest(.category)]))
        model.searchText = "star"
        await until { model.answeredQuery == model.query && !model.isSearching }
        #expect(model.query.facets == [FacetRequest(.category)])
        #expect(model.result.facets == store.search(model.query).facets)
        #expect(model.result.facets.first?.values.map(\.title) == ["Coffee", "Food & Drink"])

        model.facets = [FacetRequest(.card, isDisjunctive: true)]
        await until { model.answeredQuery == model.query && !model.isSearching }
        #expect(model.result.facets == store.search(model.query).facets)
        #expect(model.result.facets.first?.field == .card)
    }

    @Test func aTypoShowsItsCorrections() async throws {
        let model = TransactionSearchModel(store: try store())
        model.searchText = "starbuks"
        await until { model.answeredQuery?.text == "starbuks" && !model.isSearching }
        #expect(model.result.total.count == 3)
        #expect(model.result.corrections.map(\.term) == ["starbuks"])
    }

    @Test func relativeDatesFollowTheStoresClock() async throws {
        let store = try store()
        let model = TransactionSearchModel(store: store)
        model.searchText = "star date:today"
        await until { model.answeredQuery != nil && !model.isSearching }
        #expect(Set(model.result.rows.map(\.transaction.id)) == ["a", "b"])

        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 3, day: 15))  // no keystroke
        await until { model.result.rows.map(\.transaction.id) == ["c"] && !model.isSearching }
        #expect(model.searchText == "star date:today")
    }
}
