import TransactionSearch

/// What the table says beside the rows: the words matched approximately, above them
/// (`showing results for starbucks (nothing matched 'starbuks' exactly)`), and the facets below
/// the summary, one block per field, each value with its count and sums.
extension ResultTable {
    static let facetTitleWidth = 32

    /// One line per corrected word; none when every word matched as typed.
    var correctionLines: [String] {
        result.corrections.map { correction in
            let spellings = correction.matched.map(VisibleText.escaped).joined(separator: ", ")
            return "showing results for \(spellings) (nothing matched '\(VisibleText.escaped(correction.term))' exactly)"
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
            for value in facet.values { lines.append(facetLine(title: value.title, value.aggregate)) }
            if let other = facet.other { lines.append(facetLine(title: Facet.otherTitle, other)) }
        }
        return lines
    }

    private func facetLine(title: String, _ aggregate: Aggregate) -> String {
        let count = plural(aggregate.count)
        let sums = AmountText.text(of: aggregate.sums) + ResultTable.baseNote(aggregate.base, aggregate.baseProblem)
        return "  \(padded(VisibleText.escaped(title), ResultTable.facetTitleWidth))  \(count) · \(sums)"
    }
}
