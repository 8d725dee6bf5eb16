/// The least work any engine does to answer a grouped query, for `bench` to show how far an
/// answer is from it: reading each matching row's amount and group code from the columns,
/// adding it to its group, and visiting each group with rows (one currency; no page, no
/// strings). The rows are found once, before any timing; `run()` is what is timed.
package struct AnswerFloor: Sendable {
    private let store: TransactionStore
    private let rows: [UInt32]
    private let grouping: Grouping
    /// The groups of a grouping by week or year (the engine's own), nil otherwise.
    private let periods: PeriodGroups?
    /// One past the largest group code of the rows.
    private let groupLimit: Int

    /// The matching rows of `query` (its page widened to all of them).
    package var matches: Int { rows.count }

    init(store: TransactionStore, query: Query) {
        self.store = store
        grouping = query.grouping
        (rows, periods, groupLimit) = store.lock.withReadLock {
            let contents = store.contents
            let rows = contents.insightRows(matching: query, today: store.today)
            let periods = query.grouping == .week || query.grouping == .year
                ? PeriodGroups(days: contents.calendar.days, grouping: query.grouping) : nil
            let view = contents.rows
            var limit = 1
            for row in rows {
                limit = max(limit, Int(view.groupCode(Int(row), query.grouping, periodOfDay: periods?.groupOfDay)) + 1)
            }
            return (rows, periods, limit)
        }
    }

    /// Tallies the rows into their groups and visits the groups; returns a checksum (so the
    /// work is not optimised away).
    package func run() -> Int {
        store.lock.withReadLock {
            let view = store.contents.rows, periodOfDay = periods?.groupOfDay
            var counts = [Int32](repeating: 0, count: groupLimit)
            var sums = [Int64](repeating: 0, count: groupLimit)
            for row in rows {
                let index = Int(row)
                let code = Int(view.groupCode(index, grouping, periodOfDay: periodOfDay))
                counts[code] &+= 1
                sums[code] &+= view.amount[index]
            }
            var checksum = 0
            for code in 0..<groupLimit where counts[code] > 0 {
                checksum = checksum &+ Int(counts[code]) &+ Int(truncatingIfNeeded: sums[code])
            }
            return checksum
        }
    }
}

extension StoreDiagnostics {
    /// The floor of `query`'s answer (`AnswerFloor`): what `bench` compares each query's time
    /// with.
    package func answerFloor(_ query: Query) -> AnswerFloor { AnswerFloor(store: store, query: query) }
}
