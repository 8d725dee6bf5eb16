import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The search screen over a million rows: each keystroke's result is the direct search's,
/// keystrokes in one turn search only the last, a mutation from another thread shows, and a
/// row in the middle of the list pages in.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct MillionRowModelTests {
    @Test func typingPagingAndAMutationOnAMillionRows() async throws {
        // Built off the main actor, which other suites' tests share.
        let store = try await Task.detached {
            let store = TransactionStore()
            _ = try store.add(contentsOf: TransactionGenerator(rows: 1_000_000, seed: 3).generate())
            return store
        }.value
        func direct(_ query: Query) -> QueryResult { store.search(query, usingCache: false) }

        let model = TransactionSearchModel(store: store, query: Query(grouping: .day))
        await until { model.answeredQuery != nil }
        #expect(model.result.total.count == 1_000_000)

        for text in ["s", "st", "sta", "star"] {
            model.searchText = text
            await until { model.answeredQuery?.text == text }
            #expect(model.result == direct(model.query), "after typing \(text)")
        }

        for text in ["starb", "starbu", "starbuc"] { model.searchText = text }
        await until { model.answeredQuery?.text == "starbuc" && !model.isSearching }
        #expect(model.result == direct(model.query))
        let count = model.result.total.count
        #expect(count > 1_000)

        _ = try await Task.detached {
            try store.add(TransactionDraft(date: try TransactionDate(parsing: "2026-11-01T08:00:00Z", in: .utc),
                                           merchant: "Starbucks Reserve", amount: -3))
        }.value
        await until { model.result.total.count == count + 1 }
        #expect(model.result == direct(model.query))

        let middle = count / 2
        await until { model.row(at: middle) != nil }
        var query = model.query
        query.offset = middle
        query.limit = 1
        #expect(model.row(at: middle) == direct(query).rows.first)
        #expect(model.section(containing: middle)?.group.key == model.row(at: middle)?.group)
    }
}
