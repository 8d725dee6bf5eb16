import Foundation
import TransactionSearch
import TransactionSearchSupport

enum Probe {
    static func run() {
        let drafts = TransactionGenerator(rows: 100_000, seed: 42).generate()
        if ProcessInfo.processInfo.environment["PROBE_BUILD"] != nil {
            for _ in 0..<8 {
                let start = ContinuousClock.now
                try! TransactionStore().add(contentsOf: drafts)
                print("build", ContinuousClock.now - start)
            }
            return
        }
        let store = TransactionStore()
        var start = ContinuousClock.now
        try! store.add(contentsOf: drafts)
        print("build", ContinuousClock.now - start)
        let queries: [Query] = [
            Query(text: "star", grouping: .day),
            Query(text: "a", grouping: .day),
            Query(text: "s", grouping: .category),
            Query(text: "zzzz", grouping: .day),
            Query(text: "café", grouping: .month),
            Query(text: "12.5", scope: .amount, grouping: .none),
            Query(grouping: .day),
            Query(grouping: .month),
            Query(grouping: .card),
            Query(grouping: .category),
            Query(grouping: .merchant),
            Query(text: "uber", filters: QueryFilters(cards: ["4242"]), grouping: .day),
            Query(text: "lidl", filters: QueryFilters(from: CalendarDay(year: 2025, month: 1, day: 1), to: CalendarDay(year: 2025, month: 6, day: 30)), grouping: .merchant),
        ]
        if let index = ProcessInfo.processInfo.environment["PROBE_QUERY"].flatMap(Int.init) {
            var total = 0
            let iterations = ProcessInfo.processInfo.environment["PROBE_ITER"].flatMap(Int.init) ?? 2000
            for _ in 0..<iterations { total += store.search(queries[index]).total.count }
            print(total)
            return
        }
        for query in queries {
            var times: [Duration] = []
            var count = 0
            for _ in 0..<50 {
                start = ContinuousClock.now
                let result = store.search(query)
                times.append(ContinuousClock.now - start)
                count = result.total.count
            }
            times.sort()
            print(store.explainPlan(query).replacingOccurrences(of: "TransactionSearch.QueryExecutor.", with: "")); print(String(describing: query.text).padding(toLength: 8, withPad: " ", startingAt: 0), query.grouping, count, "p50", times[25], "max", times.last!)
        }
    }
}

extension Probe {
    static func explain(_ store: TransactionStore, _ query: Query) -> String {
        store.explainPlan(query)
    }
}
