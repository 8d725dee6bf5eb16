import Foundation
import TransactionSearch
import TransactionSearchSupport

/// Times the insights (docs/SPEC.md section 5): recurring payments over every row, and a
/// report of the latest 24 months by category (spending), checked against a plain loop.
struct InsightsRun {
    let store: TransactionStore
    let quick: Bool

    func measure() -> BenchReport.Insights {
        var figures = BenchReport.Insights()
        for _ in 0..<(quick ? 1 : 3) {
            let start = ContinuousClock.now
            figures.seriesFound = store.recurringSeries().count
            figures.recurringMilliseconds.append(Double((ContinuousClock.now - start) / .microseconds(1)) / 1000)
        }
        guard let latest = store.monthlySummaries().last?.month else { return figures }
        let first = CalendarMonth(monthsSince1970: latest.monthsSince1970 - 23)
        let request = ReportRequest(query: Query(filters: QueryFilters(from: first.firstDay, to: latest.lastDay)),
                                    period: .month, dimension: .category, kind: .expense)
        var report = store.report(request)
        for _ in 0..<(quick ? 20 : 200) {
            let start = ContinuousClock.now
            report = store.report(request)
            figures.reportMicroseconds.append(Double((ContinuousClock.now - start) / .nanoseconds(1)) / 1000)
        }
        figures.reportCells = report.cells.count
        figures.reportFromBuckets = report.isFromBuckets
        figures.mismatches = check(report, from: first.firstDay, to: latest.lastDay)
        return figures
    }

    /// The report's sums against a loop over every transaction; a line for each difference.
    private func check(_ report: Report, from: CalendarDay, to: CalendarDay) -> [String] {
        var expected: [String: (Int, Int128)] = [:]
        for transaction in store.transactions() where transaction.amount.minorUnits < 0 {
            let day = store.localDay(of: transaction.date)
            guard day >= from && day <= to else { continue }
            let key = "\(day.calendarMonth) \(transaction.category ?? "-") \(transaction.amount.currency.code)"
            let old = expected[key] ?? (0, 0)
            expected[key] = (old.0 + 1, old.1 + transaction.amount.minorUnits)
        }
        var actual: [String: (Int, Int128)] = [:]
        for cell in report.cells {
            for amount in cell.amounts {
                actual["\(cell.period.text ?? "") \(cell.group?.text ?? "-") \(amount.sum.currency.code)"] = (amount.count, amount.sum.minorUnits)
            }
        }
        return Set(expected.keys).union(actual.keys).sorted().compactMap { key in
            expected[key].map { e in actual[key].map { $0 == e } ?? false } == true ? nil : "report cell \(key) differs from the plain loop"
        }
    }
}
