import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `updateMatches`: a screen's "change all" acts on every row the current search matches, as
/// the reference finds them, and the model follows the change.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TransactionSearchModelActionTests {
    @Test func changeAllChangesEveryMatchAndTheModelFollows() async throws {
        let store = TransactionStore(timeZone: .utc)
        for index in 0..<120 {
            let day = 1 + index % 28
            try store.add(.sample("t\(index)", "2026-03-" + (day < 10 ? "0\(day)" : "\(day)"), merchant: index % 3 == 0 ? "Starbucks \(index)" : "Lidl \(index)"))
        }
        let model = TransactionSearchModel(store: store, query: Query(grouping: .day, limit: 10))
        model.searchText = "starbucks -amount>100"
        let before = await model.settledResult()
        #expect(before.total.count == 40 && before.rows.count == 10)
        let expected = PlainScan(transactions: store.transactions(), timeZone: .utc)
            .matchingTransactions(model.query, today: store.today, exactly: false).map(\.id)

        var patch = TransactionPatch()
        patch.category = .set("Coffee")
        let preview = try model.updateMatches(patch, dryRun: true)
        #expect(preview.isDryRun && preview.rows.count == 40 && store.transactions().allSatisfy { $0.category != "Coffee" })

        let change = try model.updateMatches(patch)
        #expect(Set(change.rows.map(\.after.id)) == Set(expected) && change.rows.count == 40)
        #expect(store.transactions().filter { $0.category == "Coffee" }.count == 40)
        model.searchText = "category:coffee"
        #expect(await model.settledResult().total.count == 40)
        try store.undo()
        model.searchText = "category:coffee -zzzz"
        #expect(await model.settledResult().total.count == 0)
    }
}
