import TransactionSearch

/// The `corrections` and `facets` keys, as `JSONEncoder` writes `QueryResult`'s (see
/// `QueryResult+SearchAids.swift` in the library): written only when there are some.
extension ResultJSONWriter {
    /// `"corrections" : [ { "matched" : [...], "term" : "..." } ],`
    mutating func writeCorrections(_ corrections: [Correction]) {
        key("corrections", indent: 1)
        output.write("[\n")
        for (index, correction) in corrections.enumerated() {
            if index > 0 { output.write(",\n") }
            output.write("    {\n")
            key("matched", indent: 3)
            if correction.matched.isEmpty {
                emptyContainer("[", "]", indent: 3)
            } else {
                output.write("[\n")
                for (position, spelling) in correction.matched.enumerated() {
                    if position > 0 { output.write(",\n") }
                    spaces(4)
                    quoted(spelling)
                }
                output.write("\n      ],\n")
            }
            member("term", .string(correction.term), indent: 3, last: true)
            output.write("    }")
        }
        output.write("\n  ],\n")
    }

    /// `"facets" : { "card" : [ {value}, ..., {other} ], ... },` fields in name order.
    mutating func writeFacets(_ facets: [Facet]) {
        key("facets", indent: 1)
        output.write("{\n")
        let ordered = facets.sorted { $0.field.rawValue < $1.field.rawValue }
        for (index, facet) in ordered.enumerated() {
            let last = index == ordered.count - 1
            key(facet.field.rawValue, indent: 2)
            if facet.values.isEmpty && facet.other == nil {
                emptyContainer("[", "]", indent: 2, last: last)
                continue
            }
            output.write("[\n")
            var first = true
            for value in facet.values {
                if !first { output.write(",\n") }
                first = false
                writeFacetEntry(value.aggregate, key: .some(value.key), title: value.title)
            }
            if let other = facet.other {
                if !first { output.write(",\n") }
                writeFacetEntry(other, key: nil, title: Facet.otherTitle)
            }
            output.write(last ? "\n    ]\n" : "\n    ],\n")
        }
        output.write("  },\n")
    }

    /// One value (`key` given, maybe null) or the other entry (`key` nil: `"other" : true`).
    private mutating func writeFacetEntry(_ aggregate: Aggregate, key valueKey: String??, title: String) {
        output.write("      {\n")
        self.aggregate(base: aggregate.base, problem: aggregate.baseProblem, count: aggregate.count, indent: 4)
        if let valueKey {
            member("key", .optional(valueKey), indent: 4)
        } else {
            member("other", .bool(true), indent: 4)
        }
        sums(aggregate.sums, indent: 4, last: false)
        member("title", .string(title), indent: 4, last: true)
        output.write("      }")
    }
}
