/// The least work any engine does to answer a grouped query, for `bench` to show how far an
/// answer is from it: reading each matching row's amount and group code from the columns,
/// adding it to its group, and visiting each group with rows (one currency; no page, no
/// strings). The rows are found once, before any timing; `run()` is what is timed.
package struct AnswerFloor: Sendable {
    private let store: TransactionStore
    private let rows: [UInt32]
    private let grouping: Grouping
    /// The period code of each day code, for weeks and years (empty otherwise).
    private let periodOfDayCode: [UInt32]
    /// One past the largest group code of the rows.
    private let groupLimit: Int

    /// The matching rows of `query` (its page widened to all of them).
    package var matches: Int { rows.count }

    init(store: TransactionStore, query: Query) {
        self.store = store
        grouping = query.grouping
        (rows, periodOfDayCode, groupLimit) = store.lock.withReadLock {
            let contents = store.contents
            let rows = contents.insightRows(matching: query, today: store.today)
            let calendar = contents.calendar
            let days = calendar.days
            var periods: [UInt32] = []
            if query.grouping == .week || query.grouping == .year {
                periods = (0..<UInt32(days.codeLimit)).map { code in
                    guard code != 0 else { return 0 }
                    return query.grouping == .week ? calendar.weekOfDay[code]
                        : UInt32(truncatingIfNeeded: CalendarDay(daysSince1970: calendar.day(ofCode: code)).year)
                }
            }
            let view = contents.rows
            var limit = 1
            for row in rows {
                let code = periods.isEmpty ? view.groupCode(Int(row), query.grouping) : periods[Int(view.dayCode[Int(row)])]
                limit = max(limit, Int(code) + 1)
            }
            return (rows, periods, limit)
        }
    }

    /// Tallies the rows into their groups and visits the groups; returns a checksum (so the
    /// work is not optimised away).
    package func run() -> Int {
        store.lock.withReadLock {
            let view = store.contents.rows
            var counts = [Int32](repeating: 0, count: groupLimit)
            var sums = [Int64](repeating: 0, count: groupLimit)
            for row in rows {
                let index = Int(row)
                let code = Int(periodOfDayCode.isEmpty ? view.groupCode(index, grouping) : periodOfDayCode[Int(view.dayCode[index])])
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
