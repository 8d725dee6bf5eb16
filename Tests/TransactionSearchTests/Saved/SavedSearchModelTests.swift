import Foundation
import Testing
@testable import TransactionSearch

/// The search screen opens a saved search: its text as typed in the box, its options as the
/// other inputs, one search.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct SavedSearchModelTests {
    @Test func theModelOpensASavedSearch() async throws {
        let store = try SavedSearchTests.store()
        let model = TransactionSearchModel(store: store)
        await until { !model.isSearching }
        let coffee = try SavedSearch(name: "coffee", searchText: "starbucks OR  costa",
                                     options: Query(grouping: .merchant, groupOrdering: .count, sort: .amountAscending))
        model.open(coffee)
        #expect(model.searchText == "starbucks OR  costa")  // as typed
        #expect(model.grouping == .merchant && model.groupOrdering == .count && model.sort == .amountAscending)
        await until { model.answeredQuery == coffee.query && !model.isSearching }
        #expect(model.result == store.search(coffee.query, usingCache: false))
        #expect(model.result.groups.map(\.title) == ["Starbucks", "Costa Coffee"])  // most rows first
    }
}
