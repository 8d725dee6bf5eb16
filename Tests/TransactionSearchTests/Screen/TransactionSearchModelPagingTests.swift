import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Paging a long list through the model: every position's row, loaded on demand, is the row a
/// direct search puts there; section headers cover every position once; a store change that
/// changes the result forgets the pages loaded for the old one.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TransactionSearchModelPagingTests {
    static let store: TransactionStore = {
        let store = TransactionStore()
        _ = try! store.add(contentsOf: TransactionGenerator(rows: 20_000, seed: 7).generate())
        return store
    }()

    /// The row a direct search puts at `position` of the model's query.
    func directRow(_ model: TransactionSearchModel, at position: Int) -> ResultRow? {
        var query = model.query
        query.offset = position
        query.limit = 1
        return model.store.search(query, usingCache: false).rows.first
    }

    @Test func rowsOfAnyPositionAreTheDirectSearchsRows() async throws {
        let model = TransactionSearchModel(store: Self.store, query: Query(text: "a", grouping: .day))
        await until { model.answeredQuery != nil }
        let total = model.result.total.count
        #expect(total > 5_000)
        #expect(model.row(at: 0) == model.result.rows[0] && model.row(at: 49) == model.result.rows[49])
        #expect(model.row(at: -1) == nil && model.row(at: total) == nil)

        #expect(model.row(at: 4_321) == nil)  // not loaded yet: its page is requested
        await until { model.row(at: 4_321) != nil }
        #expect(model.row(at: 4_321) == directRow(model, at: 4_321))

        model.loadRows(in: 1_000..<1_250)
        await until { (1_000..<1_250).allSatisfy { model.row(at: $0) != nil } }
        var query = model.query
        query.offset = 1_000
        query.limit = 250
        let direct = Self.store.search(query, usingCache: false).rows
        let paged = (1_000..<1_250).compactMap { model.row(at: $0) }
        #expect(paged.count == 250 && paged == direct, "paged rows differ from the direct search's")
        #expect(await model.rows(in: 1_000..<1_250) == direct, "rows(in:) differs from the direct search")
        #expect(await model.rows(in: (total - 3)..<(total + 10)).count == 3)

        let last = total - 1
        await until { model.row(at: last) != nil }
        #expect(model.row(at: last) == directRow(model, at: last))
    }

    @Test func sectionsCoverEveryPositionOnceWithTheirGroupsTotals() async throws {
        let model = TransactionSearchModel(store: Self.store, query: Query(text: "st", grouping: .month))
        await until { model.answeredQuery != nil }
        let sections = model.sections
        #expect(sections.map(\.group) == Array(model.result.groups))
        #expect(sections.first?.positions.lowerBound == 0 && sections.last?.positions.upperBound == model.result.total.count)
        #expect(zip(sections, sections.dropFirst()).allSatisfy { $0.positions.upperBound == $1.positions.lowerBound })
        #expect(sections.allSatisfy { $0.positions.count == $0.group.count })
        for position in stride(from: 0, to: model.result.total.count, by: 397) {
            let section = try #require(model.section(containing: position))
            #expect(section.positions.contains(position))
            #expect(directRow(model, at: position)?.group == section.group.key)
        }
        #expect(model.section(containing: model.result.total.count) == nil)

        model.grouping = .none
        await until { model.answeredQuery?.grouping == Grouping.none }
        #expect(model.sections.isEmpty && model.section(containing: 0) == nil)
    }

    @Test func aChangeOfTheResultForgetsThePagesOfTheOldOne() async throws {
        let store = TransactionStore()
        _ = try store.add(contentsOf: TransactionGenerator(rows: 3_000, seed: 11).generate())
        let model = TransactionSearchModel(store: store, query: Query(text: "a"))
        await until { model.answeredQuery != nil }
        await until { model.row(at: 700) != nil }
        let before = model.row(at: 700)

        // The newest row: every position moves down by one.
        try store.add(TransactionDraft(date: try TransactionDate(parsing: "2027-01-01", in: .utc), merchant: "Alabama Diner",
                                       amount: -5))
        await until { model.result.rows.first?.transaction.merchant == "Alabama Diner" }
        await until { model.row(at: 701) != nil }
        #expect(model.row(at: 701) == before)
        #expect(model.row(at: 701) == directRow(model, at: 701))
    }
}
