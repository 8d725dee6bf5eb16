import Foundation
import TerminalUI
import TransactionSearch

/// The result as a terminal table, fitted to the terminal's width (`TableSettings`): each
/// group's header (title, count, sums), its rows (`+Rows`: id, date, merchant with the match
/// highlighted, category, card, account, amount, pending), a summary of every group when the
/// page does not show them all (`+Groups`), then the summary line; the words matched
/// approximately above, the facets below (`+SearchAids`). No line is wider than the terminal:
/// cells are cut with `…`, and a header or summary breaks between its parts. Text from the
/// data or the command line is shown through `VisibleText`, so a control character in it is
/// printed escaped (`\u{1B}`) and never reaches the terminal raw.
struct ResultTable {
    let store: TransactionStore
    let result: QueryResult
    let query: Query
    let settings: TableSettings
    /// What was typed, for the line that says nothing matched.
    let searchText: String
    /// Filter values that no row has (`no category 'Fod'; did you mean Food?`): said instead of
    /// blaming the words when nothing matches.
    var missingFilterValues: [String] = []
    /// Whether the matching rows come from more than one account (then rows show theirs).
    var spansAccounts = false

    var text: String {
        var lines: [String] = correctionLines
        if result.total.count == 0 {
            if !missingFilterValues.isEmpty {
                let reasons = missingFilterValues.map(VisibleText.escaped)
                lines += TextFitting.joined(["No transactions: " + reasons[0]] + reasons.dropFirst(), separator: "; ", width: settings.width)
            } else {
                let what = searchText.isEmpty ? "the filters" : "'\(VisibleText.escaped(searchText))'"
                lines.append("No transactions match \(what).")
            }
            return lines.joined(separator: "\n") + "\n"
        }
        if !lines.isEmpty { lines.append("") }
        let rows = rowLines()
        var groupIndex = 0
        var lastGroup: GroupKey??
        for (row, line) in zip(result.rows, rows) {
            if result.grouping != .none, lastGroup != .some(row.group) {
                while groupIndex < result.groups.count && result.groups[groupIndex].key != row.group { groupIndex += 1 }
                if groupIndex < result.groups.count {
                    if !lines.isEmpty { lines.append("") }
                    lines += header(result.groups[groupIndex])
                }
                lastGroup = .some(row.group)
            }
            lines.append(line)
        }
        let summaryOfGroups = groupSummaryLines
        if !summaryOfGroups.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += summaryOfGroups
        }
        lines.append("")
        lines += summary
        lines += facetLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// A group's title as the table writes it: a day in the chosen form, else the group's
    /// title, control characters escaped.
    func title(of group: ResultGroup) -> String {
        SummaryText.title(of: group, dates: settings.dates)
    }

    /// `Title · 3 transactions · -12.30 EUR`, the title bold, on more lines when narrow.
    func header(_ group: ResultGroup) -> [String] {
        let title = title(of: group)
        let lines = TextFitting.joined([title, plural(group.count), group.sums.amountsText + ResultTable.baseNote(group.base, group.baseProblem)],
                                       width: settings.width)
        return emphasizing(TextFitting.truncated(title, toWidth: settings.width), in: lines)
    }

    /// ` (≈ -12.30 EUR)`, or ` (base total unavailable: no rate for USD)` when rates are set but
    /// the sums cannot be converted; nothing without rates.
    static func baseNote(_ base: Money?, _ problem: BaseTotalProblem?) -> String {
        SummaryText.baseNote(base, problem)
    }

    /// `56 transactions · -290.11 EUR · showing 1-4 of 56 · 0.25 ms`, on more lines when narrow.
    private var summary: [String] {
        var pieces = [plural(result.total.count), result.total.sums.amountsText + ResultTable.baseNote(result.total.base, result.total.baseProblem)]
        if result.rows.count < result.total.count {
            // The offset may be anything up to Int.max: rows shown start within the total.
            let skipped = min(max(query.offset, 0), result.total.count)
            pieces.append("showing \(result.rows.isEmpty ? "none" : "\(skipped + 1)-\(skipped + result.rows.count)") of \(result.total.count)")
        }
        let milliseconds = Double(result.elapsedMicroseconds) / 1000
        pieces.append(String(format: "%.2f ms", milliseconds))
        return TextFitting.joined(pieces, width: settings.width)
    }

    /// `1 transaction`, `3 transactions`.
    func plural(_ count: Int) -> String { SummaryText.count(count) }

    /// `text` bold when styles are on.
    func bold(_ text: String) -> String { settings.styler.apply(.bold, to: text) }

    /// The lines with `prefix` bold where the first one starts with it.
    func emphasizing(_ prefix: String, in lines: [String]) -> [String] {
        guard let first = lines.first, !prefix.isEmpty, first.hasPrefix(prefix) else { return lines }
        return [bold(prefix) + first.dropFirst(prefix.count)] + lines.dropFirst()
    }
}
