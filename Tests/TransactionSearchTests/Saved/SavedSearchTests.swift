import Foundation
import Testing
@testable import TransactionSearch

/// Saved searches as values and as a store keeps them: names that can be typed, texts that
/// parse, more words ANDed on, JSON, the list observed, live results and totals.
@Suite struct SavedSearchTests {
    static func store() throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(contentsOf: [
            .sample("a", merchant: "Starbucks", amount: -4), .sample("b", merchant: "Costa Coffee", amount: -3),
            .sample("c", merchant: "Lidl", amount: -20), .sample("d", merchant: "Starbucks", amount: -5),
        ])
        return store
    }

    @Test(arguments: ["coffee", "rent-2026", "travel.work", "café_2", "7eleven"])
    func aNameOfLettersDigitsAndDashesIsValid(name: String) throws {
        #expect(try SavedSearch(name: name, searchText: "x").name == name)
    }

    @Test(arguments: ["", "my coffee", "-x", ".x", "a/b", "@x", "x\u{1B}", String(repeating: "a", count: 65)])
    func aNameACommandLineCannotTypeIsRefused(name: String) {
        #expect(throws: SavedSearchError.self) { try SavedSearch(name: name, searchText: "x") }
    }

    @Test func aTextWithAProblemIsRefusedWithItsPosition() {
        do {
            _ = try SavedSearch(name: "x", searchText: "starbucks OR")
            Issue.record("saved")
        } catch {
            guard case .badSearch(let problem) = error.reason else { Issue.record("\(error)"); return }
            #expect(problem.position == 11)
        }
    }

    @Test func moreWordsAreANDedToTheWholeSavedSearch() throws {
        let store = try SavedSearchTests.store()
        let search = try SavedSearch(name: "coffee", searchText: "starbucks OR costa", options: Query(grouping: .merchant, limit: 3))
        #expect(store.search(search.query).total.count == 3)
        let narrowed = try search.query(adding: "amount<4.5")
        #expect(narrowed.grouping == .merchant && narrowed.limit == 3)
        // (starbucks OR costa) amount<4.5, never starbucks OR (costa amount<4.5).
        #expect(store.search(narrowed).rows.map(\.transaction.id).sorted() == ["a", "b"])
        #expect(throws: SearchSyntaxError.self) { try search.query(adding: "amount>") }
    }

    @Test func theOptionsKeepNoTextOfTheirOwnAndSurviveJSON() throws {
        var options = Query(text: "ignored", terms: [SearchTerm(.word("ignored"))], grouping: .week, groupOrdering: .total, sort: .amountAscending)
        options.filters.cards = ["4242"]
        let search = try SavedSearch(name: "w", searchText: "(a OR b) -c amount~12", options: options)
        #expect(search.options.text.isEmpty && search.options.terms.isEmpty)
        let decoded = try JSONDecoder().decode(SavedSearch.self, from: JSONEncoder().encode(search))
        #expect(decoded == search)
        #expect(decoded.query.groupOrdering == .total && decoded.query.filters.cards == ["4242"])
        let broken = Data(#"{"name": "bad name", "search": "x"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedSearch.self, from: broken) }
    }

    @Test func aStoreKeepsReplacesAndRemovesThemAndTellsItsObservers() async throws {
        let store = try SavedSearchTests.store()
        var lists = store.observeSavedSearches().makeAsyncIterator()
        #expect(await lists.next() == [])
        let coffee = try SavedSearch(name: "coffee", searchText: "starbucks OR costa")
        #expect(store.save(coffee) == nil)
        #expect(await lists.next() == [coffee])
        let lidl = try SavedSearch(name: "lidl", searchText: "lidl")
        store.save(lidl)
        #expect(await lists.next()?.map(\.name) == ["coffee", "lidl"])
        let newer = try SavedSearch(name: "coffee", searchText: "starbucks")
        #expect(store.save(newer) == coffee)
        #expect(await lists.next() == [newer, lidl])
        #expect(store.removeSavedSearch(named: "lidl") == lidl)
        #expect(await lists.next() == [newer])
        #expect(store.removeSavedSearch(named: "lidl") == nil)
        #expect(store.savedSearch(named: "coffee") == newer)
    }

    @Test func aSavedSearchIsAnsweredLiveWithItsTotals() async throws {
        let store = try SavedSearchTests.store()
        let coffee = try SavedSearch(name: "coffee", searchText: "starbucks OR costa")
        store.save(coffee)
        #expect(store.savedSearchSummaries.map(\.total.count) == [3])
        #expect(store.savedSearchSummaries.first?.total.sums == [Money(minorUnits: -1200, currency: .eur)])
        var results = store.observe(coffee, buffering: .unbounded).makeAsyncIterator()
        #expect(await results.next()?.total.count == 3)
        try store.add(.sample("e", merchant: "Costa", amount: -2))
        #expect(await results.next()?.total.count == 4)
        #expect(store.savedSearchSummaries.map(\.total.count) == [4])
    }
}
