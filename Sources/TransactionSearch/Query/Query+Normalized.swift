extension Query {
    /// The query with everything that cannot change its answer taken out: the words folded,
    /// deduplicated and sorted, filter values folded and sorted, terms sorted, one facet per
    /// field in `FacetField` order (the first request of a field kept). Two queries with
    /// the same normalized form have the same result; the cache is keyed by it.
    public var normalized: Query {
        var query = self
        query.text = TermFolding.words(of: text).map { String(decoding: $0, as: UTF8.self) }.sorted().joined(separator: " ")
        func fold(_ values: [String?]) -> [String?] {
            let folded = Set(values.map { $0.map { String(decoding: TermFolding.phrase($0), as: UTF8.self) } })
            return folded.sorted { ($0 ?? "") < ($1 ?? "") || ($0 == nil && $1 != nil) }
        }
        query.filters.cards = fold(filters.cards)
        query.filters.categories = fold(filters.categories)
        query.filters.accounts = fold(filters.accounts)
        var seen = Set<SearchTerm>()
        query.terms = terms.map(\.normalized).filter { seen.insert($0).inserted }.sorted { "\($0)" < "\($1)" }
        query.limit = max(0, limit)
        query.offset = max(0, offset)
        query.facets = Query.normalizedFacets(facets).map { request in
            // Disjunctive only when there is a filter of its own to ignore.
            request.isDisjunctive && !query.hasOwnFilter(on: request.field) ? FacetRequest(request.field, limit: request.limit) : request
        }
        return query
    }
}

extension SearchTerm {
    var normalized: SearchTerm {
        guard case .text(let text, let field) = condition else { return self }
        return SearchTerm(.text(String(decoding: TermFolding.phrase(text), as: UTF8.self), field: field), isExcluded: isExcluded)
    }
}

extension Query {
    /// One request per field (the first given), in `FacetField` order, limits at least 0.
    static func normalizedFacets(_ facets: [FacetRequest]) -> [FacetRequest] {
        FacetField.allCases.compactMap { field in
            facets.first { $0.field == field }.map { FacetRequest($0.field, limit: max(0, $0.limit), isDisjunctive: $0.isDisjunctive) }
        }
    }
}
