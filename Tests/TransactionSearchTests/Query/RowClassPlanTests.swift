import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Status and kind filters answered from the row classes (`RowClasses`), not by testing every
/// row, and large scans split over two threads: the plans are the intended ones and the answers
/// equal a plain filter over the transactions.
@Suite struct RowClassPlanTests {
    /// 4,000 rows: every 40th pending, every 25th income, every 100th zero.
    private func store() throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(contentsOf: (0..<4000).map { index in
            var draft = TransactionDraft.sample("r\(index)", merchant: ["Lidl", "Shell", "Starbucks"][index % 3],
                                                amount: DecimalAmount(significand: index % 100 == 0 ? 0 : (index % 25 == 0 ? 1 : -1) * Int64(100 + index),
                                                                      fractionDigits: 2))
            draft.status = index % 40 == 0 ? .pending : .posted
            return draft
        })
        return store
    }

    private func plan(_ store: TransactionStore, _ query: Query) -> QueryPlan {
        store.lock.withReadLock { QueryPlanner(contents: store.contents, query: QueryCompiler(contents: store.contents).compile(query)).plan() }
    }

    /// The rows a plain filter keeps, as ids.
    private func expected(_ store: TransactionStore, _ keep: (Transaction) -> Bool) -> Set<String> {
        Set(store.transactions().filter(keep).map(\.id))
    }

    private func ids(_ store: TransactionStore, _ query: Query) -> Set<String> {
        var all = query
        all.limit = 10_000
        return Set(store.search(all, usingCache: false).rows.map(\.transaction.id))
    }

    @Test func aStatusOrKindAloneIsReadFromItsClass() throws {
        let store = try store()
        var pending = Query(grouping: .category)
        pending.filters.status = .pending
        #expect(plan(store, pending) == .scan(.rowClass(.pending), estimate: 100))
        #expect(ids(store, pending) == expected(store) { $0.status == .pending })

        var posted = Query(grouping: .day)
        posted.filters.status = .posted
        #expect(plan(store, posted) == .subtract([.outsideClass(.posted)], estimate: 100))
        #expect(ids(store, posted) == expected(store) { $0.status == .posted })

        var expenses = Query(grouping: .month)
        expenses.filters.kind = .expense
        #expect(plan(store, expenses) == .subtract([.outsideClass(.expense)], estimate: 160))  // 120 income, 40 zero
        #expect(ids(store, expenses) == expected(store) { $0.amount.minorUnits < 0 })

        var income = Query()
        income.filters.kind = .income
        #expect(plan(store, income) == .scan(.rowClass(.income), estimate: 120))
        #expect(ids(store, income) == expected(store) { $0.amount.minorUnits > 0 })
    }

    @Test func classesFollowUpdatesAndDeletes() throws {
        let store = try store()
        for index in stride(from: 0, to: 4000, by: 7) {
            var patch = TransactionPatch()
            patch.status = .set(index % 2 == 0 ? .pending : .posted)
            patch.amount = .set(DecimalAmount(significand: Int64(index % 3) - 1, fractionDigits: 2))
            _ = try store.update(id: "r\(index)", patch)
        }
        for index in stride(from: 3, to: 4000, by: 11) { _ = try store.delete(id: "r\(index)") }
        try store.add(contentsOf: (0..<50).map { .sample("n\($0)") })  // reuses freed rows
        store.checkInvariants()
        var query = Query(text: "s")
        query.filters.status = .pending
        query.filters.kind = .income
        #expect(ids(store, query) == expected(store) {
            $0.status == .pending && $0.amount.minorUnits > 0 && ($0.merchant.lowercased().contains("s") || ($0.category ?? "").lowercased().contains("s"))
        })
    }

    @Test func aScanSplitOverTwoThreadsGivesTheSameAnswer() throws {
        let single = try store()
        let split = try store()
        split.lock.withWriteLock { split.contents.parallelScanMinimum = 2 }
        var queries = [Query(text: "s", grouping: .day), Query(text: "li", grouping: .card), Query(text: "a", grouping: .merchant),
                       Query(text: "1", grouping: .month, sort: .amountAscending), Query(text: "shell", sort: .dateAscending, offset: 30)]
        var pending = Query(text: "st", grouping: .category)
        pending.filters.status = .posted
        queries.append(pending)
        for query in queries {
            #expect(split.search(query, usingCache: false) == single.search(query, usingCache: false), "\(query)")
        }
    }

    @Test func aFilterOnTheGroupingsOwnFieldStartsFromItsBuckets() throws {
        let store = TransactionStore()
        try store.add(contentsOf: (0..<3000).map { index in
            var draft = TransactionDraft.sample("r\(index)", merchant: index % 20 == 0 ? "Lidl" : "Shell Station",
                                                category: ["Food", "Fuel", nil][index % 3], card: ["Visa 4242", "Amex 1005", nil][index % 3])
            draft.account = index % 2 == 0 ? "Main" : "Joint"
            return draft
        })
        let reference = PlainScan(transactions: store.transactions(), timeZone: store.timeZone)
        var byCard = Query(text: "s", grouping: .card)
        byCard.filters.cards = ["4242"]
        var byCategory = Query(text: "st", grouping: .category)
        byCategory.filters.categories = ["Fuel", nil]
        var byAccount = Query(text: "s")
        byAccount.filters.accounts = ["Joint"]
        var wrongGrouping = Query(text: "s", grouping: .day)
        wrongGrouping.filters.cards = ["4242"]
        for (query, subtracts) in [(byCard, true), (byCategory, true), (byAccount, true), (wrongGrouping, false)] {
            let plan = plan(store, query)
            if case .subtract = plan { #expect(subtracts, "\(query): \(plan)") } else { #expect(!subtracts, "\(query): \(plan)") }
            #expect(store.search(query, usingCache: false) == reference.search(query, rates: nil), "\(query)")
        }
    }

    /// Rows added one at a time after a batch sized the columns exactly: the class bitsets grow
    /// with the columns (they once grew only when the flags column did, and a row past the bits'
    /// capacity wrote outside them).
    @Test func classesGrowWithRowsAddedOneAtATime() throws {
        let store = TransactionStore()
        try store.add(contentsOf: (0..<100).map { TransactionDraft.sample("b\($0)", merchant: "Lidl", amount: DecimalAmount(significand: -100, fractionDigits: 2)) })
        for index in 0..<9_000 {
            var draft = TransactionDraft.sample("o\(index)", merchant: "Shell", amount: DecimalAmount(significand: index % 3 == 0 ? 250 : -250, fractionDigits: 2))
            draft.status = index % 7 == 0 ? .pending : .posted
            try store.add(draft)
        }
        store.checkInvariants()
        let contents = store.contents
        store.lock.withReadLock {
            for row in 0..<UInt32(contents.table.rowLimit) {
                #expect(contents.table.classes.contains(.live, row) == contents.table.isLive(row))
            }
        }
        var income = Query()
        income.filters.kind = .income
        #expect(ids(store, income) == expected(store) { $0.amount.minorUnits > 0 })
        var pending = Query()
        pending.filters.status = .pending
        #expect(ids(store, pending) == expected(store) { $0.status == .pending })
    }
}
