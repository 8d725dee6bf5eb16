import TransactionSearch

/// Facets, the plain way: the matching rows grouped by the field with `Dictionary(grouping:)`,
/// ordered by count, then folded title, title and key, the "none" value last, the values past
/// the limit summed. A disjunctive facet filters the rows again without the query's filters
/// and terms on its field.
extension PlainScan {
    func facets(of query: Query, matching: [Row], widened: [[UInt8]: TypoWord], rates: ExchangeRates?) -> [Facet] {
        FacetField.allCases.compactMap { field in
            guard let request = query.facets.first(where: { $0.field == field }) else { return nil }
            var rows = matching
            if request.isDisjunctive {
                let relaxed = PlainScan.withoutFilters(on: field, query)
                rows = filter(relaxed, words: PlainScan.words(relaxed.text), widened: widened)
            }
            return PlainScan.facet(field, of: rows, limit: max(0, request.limit), rates: rates)
        }
    }

    /// Whether a term is a filter on the facet's field: a term on that field, or a group whose
    /// every clause has terms and only such terms (`(category:food OR category:travel)`).
    static func isFilter(_ condition: SearchTerm.Condition, on field: FacetField) -> Bool {
        switch (condition, field) {
        case (.text(_, .category), .category), (.text(_, .merchant), .merchant), (.text(_, .card), .card),
             (.text(_, .account), .account), (.text(_, .payee), .payee), (.dates, .month), (.relativeDates, .month), (.status, .status):
            return true
        case (.anyOf(let clauses), _):
            return !clauses.isEmpty && clauses.allSatisfy { clause in
                !clause.terms.isEmpty && clause.terms.allSatisfy { isFilter($0.condition, on: field) }
            }
        default:
            return false
        }
    }

    /// The terms with each group of one clause that is not excluded read as that clause's
    /// terms (`(status:posted x)` is `status:posted x`), at every depth: what a query asks of a
    /// field does not depend on such parentheses.
    static func withoutParentheses(_ terms: [SearchTerm]) -> [SearchTerm] {
        terms.flatMap { term -> [SearchTerm] in
            guard case .anyOf(let clauses) = term.condition else { return [term] }
            if clauses.count == 1 && !term.isExcluded { return withoutParentheses(clauses[0].terms) }
            return [SearchTerm(.anyOf(clauses.map { SearchClause(withoutParentheses($0.terms)) }), isExcluded: term.isExcluded)]
        }
    }

    /// The query without its filter and terms on a field.
    static func withoutFilters(on field: FacetField, _ query: Query) -> Query {
        var query = query
        query.terms = withoutParentheses(query.terms).filter { !isFilter($0.condition, on: field) }
        // Rebuilt from no filters: each filter is kept unless it is about the facet's field
        // (docs/SPEC.md: a disjunctive facet counts as if its own field were not filtered).
        let given = query.filters
        var kept = QueryFilters()
        kept.minimumAmount = given.minimumAmount
        kept.maximumAmount = given.maximumAmount
        kept.kind = given.kind
        if field != .category { kept.categories = given.categories }
        if field != .card { kept.cards = given.cards }
        if field != .account { kept.accounts = given.accounts }
        if field != .status { kept.status = given.status }
        if field != .month { (kept.from, kept.to) = (given.from, given.to) }
        query.filters = kept
        return query
    }

    /// A value's key and title (a nil key: the "none" value).
    static func facetValue(of row: Row, _ field: FacetField) -> (key: String?, title: String) {
        let transaction = row.transaction
        switch field {
        case .category: return (transaction.category, transaction.category ?? "Uncategorized")
        case .merchant: return (transaction.merchant, transaction.merchant)
        case .card: return (transaction.card, transaction.cardTitle ?? "No card")
        case .account: return (transaction.account, transaction.account ?? "No account")
        case .payee: return transaction.payee.isEmpty ? (nil, "No payee") : (transaction.payee, transaction.payee)
        case .month: return (row.day.calendarMonth.description, row.day.calendarMonth.title)
        case .status: return (transaction.status.rawValue, transaction.status == .pending ? "Pending" : "Posted")
        }
    }

    static func facet(_ field: FacetField, of rows: [Row], limit: Int, rates: ExchangeRates?) -> Facet {
        struct Value: Hashable {
            var key: String?
            var title: String
        }
        let grouped = Dictionary(grouping: rows) { row -> Value in
            let value = facetValue(of: row, field)
            return Value(key: value.key, title: value.title)
        }
        let keyed = grouped.keys.filter { $0.key != nil }.sorted { a, b in
            let x = grouped[a]!.count, y = grouped[b]!.count
            if x != y { return x > y }
            let (fa, fb) = (Array(Folding.fold(a.title).utf8), Array(Folding.fold(b.title).utf8))
            if fa != fb { return fa.lexicographicallyPrecedes(fb) }
            if a.title != b.title { return Array(a.title.utf8).lexicographicallyPrecedes(Array(b.title.utf8)) }
            return Array(a.key!.utf8).lexicographicallyPrecedes(Array(b.key!.utf8))
        }
        var values = keyed.prefix(limit).map { value -> FacetValue in
            let aggregate = PlainScan.aggregate(grouped[value]!.map(\.transaction), rates: rates)
            return FacetValue(key: value.key, title: value.title, count: aggregate.count, sums: aggregate.sums,
                              base: aggregate.base, baseProblem: aggregate.baseProblem)
        }
        if let none = grouped.keys.first(where: { $0.key == nil }) {
            let aggregate = PlainScan.aggregate(grouped[none]!.map(\.transaction), rates: rates)
            values.append(FacetValue(key: nil, title: none.title, count: aggregate.count, sums: aggregate.sums,
                                     base: aggregate.base, baseProblem: aggregate.baseProblem))
        }
        let rest = keyed.dropFirst(limit)
        let other = rest.isEmpty ? nil : PlainScan.aggregate(rest.flatMap { grouped[$0]!.map(\.transaction) }, rates: rates)
        return Facet(field: field, values: values, other: other)
    }
}
