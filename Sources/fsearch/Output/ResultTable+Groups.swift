import TerminalUI
import TransactionSearch

/// Every group's count and total, when the page does not show every row: a page of 14 rows
/// grouped by category shows the rows of two or three categories, and the totals of the
/// others must not vanish with their rows. Listed in the groups' order, under `N groups`.
extension ResultTable {
    /// The summary of every group; none without grouping or when every row is on the page.
    var groupSummaryLines: [String] {
        guard result.grouping != .none, result.rows.count < result.total.count, !result.groups.isEmpty else { return [] }
        let count = result.groups.count
        var lines = [bold(count == 1 ? "1 group" : "\(count) groups")]
        lines += aggregateLines(result.groups.map { (title(of: $0), $0.aggregate) })
        return lines
    }

    /// `  Title    3 transactions · -12.30 EUR (≈ ...)` per entry. Short of room, the counts
    /// and sums are cut first (a line of many currencies), down to 16 cells, then the titles.
    func aggregateLines(_ entries: [(title: String, aggregate: Aggregate)]) -> [String] {
        let layout = TableLayout(columns: [.text("", minimumWidth: 16, maximumWidth: 32, shrinkOrder: 1),
                                           .text("", minimumWidth: 16, shrinkOrder: 0)], gap: 2, indent: 2)
        let rows = entries.map { entry in
            [entry.title, plural(entry.aggregate.count) + " · " + entry.aggregate.sums.amountsText
                + ResultTable.baseNote(entry.aggregate.base, entry.aggregate.baseProblem)]
        }
        return layout.render(rows, totalWidth: settings.width).rows
    }
}
