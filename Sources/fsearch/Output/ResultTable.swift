import TransactionSearch

/// The result as a terminal table: each group's header (title, count, sums), its rows (date,
/// merchant with the match highlighted, category, card, amount, pending marker), then a
/// summary line; the words matched approximately above, the facets below (`+SearchAids`). Text from the data or the command line is shown through `VisibleText`, so a
/// control character in it is printed escaped (`\u{1B}`) and never reaches the terminal raw.
struct ResultTable {
    let store: TransactionStore
    let result: QueryResult
    let query: Query
    let color: Bool
    let searchText: String

    static let merchantWidth = 32
    static let categoryWidth = 18
    static let cardWidth = 12

    var text: String {
        var lines: [String] = correctionLines
        if result.total.count == 0 {
            let what = searchText.isEmpty ? "the filters" : "'\(VisibleText.escaped(searchText))'"
            return (lines + ["No transactions match \(what)."]).joined(separator: "\n") + "\n"
        }
        if !lines.isEmpty { lines.append("") }
        var groupIndex = 0
        var lastGroup: GroupKey??
        for row in result.rows {
            if result.grouping != .none, lastGroup != .some(row.group) {
                while groupIndex < result.groups.count && result.groups[groupIndex].key != row.group { groupIndex += 1 }
                if groupIndex < result.groups.count {
                    if !lines.isEmpty { lines.append("") }
                    lines.append(header(result.groups[groupIndex]))
                }
                lastGroup = .some(row.group)
            }
            lines.append(line(row))
        }
        if result.rows.isEmpty && result.grouping != .none {
            for group in result.groups { lines.append(header(group)) }
        }
        lines.append("")
        lines.append(summary)
        lines += facetLines
        return lines.joined(separator: "\n") + "\n"
    }

    private func header(_ group: ResultGroup) -> String {
        let text = "\(bold(VisibleText.escaped(group.title))) · \(plural(group.count)) · \(AmountText.text(of: group.sums))"
        return text + ResultTable.baseNote(group.base, group.baseProblem)
    }

    /// ` (≈ -12.30 EUR)`, or ` (base total unavailable: no rate for USD)` when rates are set but
    /// the sums cannot be converted; nothing without rates.
    static func baseNote(_ base: Money?, _ problem: BaseTotalProblem?) -> String {
        if let base { return " (≈ \(AmountText.text(of: base)))" }
        if let problem { return " (base total unavailable: \(problem))" }
        return ""
    }

    private func line(_ row: ResultRow) -> String {
        let transaction = row.transaction
        let day = ShortDate.title(of: store.localDay(of: transaction.date))
        let merchant = highlighted(transaction.merchant, row.matches, width: ResultTable.merchantWidth)
        let category = padded(VisibleText.escaped(transaction.category ?? ""), ResultTable.categoryWidth)
        let card = padded(VisibleText.escaped(transaction.card.map(CardMask.title(of:)) ?? ""), ResultTable.cardWidth)
        let amount = AmountText.text(of: transaction.amount)
        let pending = transaction.status == .pending ? "  pending" : ""
        return "  \(day)  \(merchant)  \(category)  \(card)  \(String(repeating: " ", count: max(0, 16 - amount.count)))\(amount)\(pending)"
    }

    private var summary: String {
        var text = "\(plural(result.total.count)) · \(AmountText.text(of: result.total.sums))"
        text += ResultTable.baseNote(result.total.base, result.total.baseProblem)
        if result.rows.count < result.total.count {
            // The offset may be anything up to Int.max: rows shown start within the total.
            let skipped = min(max(query.offset, 0), result.total.count)
            text += " · showing \(result.rows.isEmpty ? "none" : "\(skipped + 1)-\(skipped + result.rows.count)") of \(result.total.count)"
        }
        let milliseconds = Double(result.elapsedMicroseconds) / 1000
        return text + " · " + String(format: "%.2f ms", milliseconds)
    }

    func plural(_ count: Int) -> String { count == 1 ? "1 transaction" : "\(count) transactions" }

    func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    /// Pads or cuts to `width` characters (a cut ends with …).
    func padded(_ text: String, _ width: Int) -> String {
        if text.count > width { return String(text.prefix(width - 1)) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }

    /// The merchant shown through `VisibleText`, cut to `width`, the matched ranges (in Unicode
    /// scalars of the stored text) in bold yellow.
    private func highlighted(_ text: String, _ matches: [Range<Int>], width: Int) -> String {
        // Each shown scalar remembers the stored scalar it comes from, so that the matched
        // ranges still fall on the right characters when an escape stands for one.
        var visibleText = VisibleText.escaped(text)
        var origins = Array(0..<text.unicodeScalars.count)
        if visibleText.utf8.count != text.utf8.count {  // something was escaped (an escape is longer)
            var shown = String.UnicodeScalarView()
            origins = []
            for (offset, scalar) in text.unicodeScalars.enumerated() {
                let piece = VisibleText.escaped(String(scalar)).unicodeScalars
                shown.append(contentsOf: piece)
                origins.append(contentsOf: repeatElement(offset, count: piece.count))
            }
            visibleText = String(shown)
        }
        let cut = visibleText.count > width
        let visible = cut ? String(visibleText.prefix(width - 1)) : visibleText
        var output = ""
        if color && !matches.isEmpty {
            var inMatch = false
            for (index, scalar) in visible.unicodeScalars.enumerated() {
                let matched = matches.contains { $0.contains(origins[index]) }
                if matched != inMatch {
                    output += matched ? "\u{1B}[1;33m" : "\u{1B}[0m"
                    inMatch = matched
                }
                output.unicodeScalars.append(scalar)
            }
            if inMatch { output += "\u{1B}[0m" }
        } else {
            output = visible
        }
        if cut { output += "…" }
        return output + String(repeating: " ", count: max(0, width - visible.count - (cut ? 1 : 0)))
    }
}
