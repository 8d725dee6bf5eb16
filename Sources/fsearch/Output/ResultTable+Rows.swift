import TerminalUI
import TransactionSearch

/// The page's rows as lines that fit the terminal: written by `ResultRowLines`, which the
/// interactive search's list shares (the columns, what shrinks and drops first, the styles).
extension ResultTable {
    /// One line per row of the page, in page order.
    func rowLines() -> [String] {
        ResultRowLines(rows: result.rows, store: store, settings: settings, spansAccounts: spansAccounts).lines()
    }
}
