import TerminalUI
import TransactionSearch

/// What the table says beside the rows: the words matched approximately, above them
/// (`showing results for starbucks (nothing matched 'starbuks' exactly)`), and the facets below
/// the summary, one block per field, each value with its count and sums; the months in date
/// order (the direction of the sort's dates), the others as the library orders them (count,
/// then title).
extension ResultTable {
    /// One line per corrected word; none when every word matched as typed.
    var correctionLines: [String] {
        result.corrections.map { correction in
            let spellings = correction.matched.map(VisibleText.escaped).joined(separator: ", ")
            return TextFitting.truncated("showing results for \(spellings) (nothing matched '\(VisibleText.escaped(correction.term))' exactly)",
                                         toWidth: settings.width)
        }
    }

    /// A blank line, then per facet its field and its values (the "none" value, then Other,
    /// last).
    var facetLines: [String] {
        var lines: [String] = []
        for facet in result.facets {
            lines.append("")
            lines.append(bold(facet.field.rawValue))
            if facet.values.isEmpty && facet.other == nil { lines.append("  (no transactions)") }
            var values = facet.values
            if facet.field == .month {
                let oldestFirst = query.sort == .dateAscending
                values.sort { left, right in
                    guard let l = left.key, let r = right.key else { return right.key == nil && left.key != nil }
                    return oldestFirst ? l < r : l > r
                }
            }
            var entries = values.map { (VisibleText.escaped($0.title), $0.aggregate) }
            if let other = facet.other { entries.append((Facet.otherTitle, other)) }
            lines += aggregateLines(entries)
        }
        return lines
    }
}
