import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct SummariesTests {
    @Test func anUpdateThatMovesAnAccountMovesItsAmount() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "a", date: try! .day(2026, 3, 1), merchant: "Rent", account: "Main", amount: -90_000))
        try store.add(TransactionDraft(id: "b", date: try! .day(2026, 3, 2), merchant: "Salary", account: "Main", amount: 250_000, status: .pending))
        #expect(store.balances().map(\.balance) == [[Money(minorUnits: 16_000_000, currency: .eur)]])
        var patch = TransactionPatch()
        patch.account = .set("Savings")
        try store.update(id: "a", patch)
        let balances = store.balances()
        #expect(balances.map(\.account) == ["Main", "Savings"])
        #expect(balances[0].balance == [Money(minorUnits: 25_000_000, currency: .eur)])
        #expect(balances[0].pending == [Money(minorUnits: 25_000_000, currency: .eur)])
        #expect(balances[0].posted == [Money(minorUnits: 0, currency: .eur)])
        #expect(balances[1].balance == [Money(minorUnits: -9_000_000, currency: .eur)])
    }

    /// Balances and summaries, kept by events, equal a plain recount after random mutations.
    @Test(arguments: 0..<6)
    func balancesAndSummariesEqualAPlainRecount(seedIndex: Int) throws {
        var world = RandomWorld(seed: UInt64(7000 + seedIndex))
        let zone = TimeZone(identifier: world.pick(RandomWorld.zones))!
        let store = TransactionStore(timeZone: zone)
        try store.add(contentsOf: (0..<40).map { world.draft(id: "s\($0)") })
        var ids = (0..<40).map { "s\($0)" }
        for _ in 0..<(150 * RandomScale.factor) {
            switch world.random.int(in: 0...2) {
            case 0: ids.append(try store.add(world.draft(id: nil)).id)
            case 1: _ = try? store.update(id: world.pick(ids), world.patch())
            default:
                if ids.count > 1 {
                    let id = world.pick(ids)
                    try store.delete(id: id)
                    ids.removeAll { $0 == id }
                }
            }
        }
        let all = store.transactions()
        func sums(_ rows: [Transaction]) -> [Money] {
            Dictionary(grouping: rows, by: \.amount.currency).map { Money(minorUnits: $1.reduce(0) { $0 + $1.amount.minorUnits }, currency: $0) }
                .sorted { $0.currency < $1.currency }
        }
        for balance in store.balances() {
            let rows = all.filter { $0.account == balance.account }
            #expect(balance.count == rows.count)
            #expect(balance.balance == sums(rows))
            #expect(balance.pending == sums(rows.filter { $0.status == .pending }))
        }
        #expect(store.balances().reduce(0) { $0 + $1.count } == all.count)

        let reference = PlainScan(transactions: all, timeZone: zone)
        let byMonth = reference.search(Query(grouping: .month, sort: .dateAscending, limit: 0)).groups
        let summaries = store.monthlySummaries()
        #expect(summaries.map { GroupKey.month($0.month) } == byMonth.map(\.key))
        for (summary, group) in zip(summaries, byMonth) {
            #expect(summary.count == group.count)
            #expect(summary.net == group.sums)
            let income = reference.search(Query(filters: QueryFilters(from: summary.month.firstDay, to: summary.month.lastDay, kind: .income), limit: 0))
            #expect(summary.income.filter { $0.minorUnits != 0 } == income.total.sums.filter { $0.minorUnits != 0 })
        }
        for item in store.spending() {
            let rows = reference.search(Query(filters: QueryFilters(from: item.month.firstDay, to: item.month.lastDay,
                                                                     categories: [item.category], kind: .expense), limit: 0))
            #expect(item.count == rows.total.count)
            #expect(item.spent == rows.total.sums)
        }
        #expect(store.spending().reduce(0) { $0 + $1.count } == all.filter { $0.amount.minorUnits < 0 }.count)
    }
}
