extension Query {
    /// The query a disjunctive facet on `field` counts: without the filters and terms on that
    /// field (included or excluded), without facets, no groups and no page.
    ///
    /// - `category`: the category filter and `category:` terms;
    /// - `merchant`: `merchant:` terms;
    /// - `card`, `account`: their filters and `card:` / `account:` terms;
    /// - `month`: the date filter and `date:` terms (fixed or relative);
    /// - `status`: the status filter and `status:` terms.
    ///
    /// The words of the query's text stay: they are the search, not a filter on one field.
    func relaxed(for field: FacetField) -> Query {
        var query = self
        query.facets = []
        query.grouping = .none
        query.limit = 0
        query.offset = 0
        query.terms = terms.filter { !$0.condition.filters(field) }
        switch field {
        case .category: query.filters.categories = []
        case .merchant, .payee: break
        case .card: query.filters.cards = []
        case .account: query.filters.accounts = []
        case .month: (query.filters.from, query.filters.to) = (nil, nil)
        case .status: query.filters.status = nil
        }
        return query
    }

    /// Whether a facet on `field` counts other rows when it is disjunctive: the query has a
    /// filter or a term on that field.
    func hasOwnFilter(on field: FacetField) -> Bool {
        var plain = self
        plain.facets = []
        var relaxed = plain.relaxed(for: field)
        (relaxed.grouping, relaxed.limit, relaxed.offset) = (plain.grouping, plain.limit, plain.offset)
        return relaxed != plain
    }
}

extension SearchTerm.Condition {
    /// Whether this condition is a filter on the field a facet counts: a term on that field,
    /// or a group all of whose terms are (`(category:food OR category:travel)`).
    func filters(_ field: FacetField) -> Bool {
        switch (self, field) {
        case (.anyOf(let clauses), _):
            !clauses.isEmpty && clauses.allSatisfy { !$0.terms.isEmpty && $0.terms.allSatisfy { $0.condition.filters(field) } }
        case (.text(_, let termField), .category): termField == .category
        case (.text(_, let termField), .merchant): termField == .merchant
        case (.text(_, let termField), .card): termField == .card
        case (.text(_, let termField), .account): termField == .account
        case (.text(_, let termField), .payee): termField == .payee
        case (.dates, .month), (.relativeDates, .month): true
        case (.status, .status): true
        default: false
        }
    }
}
