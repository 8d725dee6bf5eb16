/// `Query` as JSON: every property under its name; `facets` is written only when there are
/// some and read as none when absent, so queries saved before facets existed still read.
extension Query: Codable {
    private enum Keys: String, CodingKey {
        case text, scope, terms, filters, grouping, sort, limit, offset, facets
    }

    /// Reads a query written by `encode(to:)`; a missing `facets` key means none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            scope: try container.decode(SearchScope.self, forKey: .scope),
            terms: try container.decode([SearchTerm].self, forKey: .terms),
            filters: try container.decode(QueryFilters.self, forKey: .filters),
            grouping: try container.decode(Grouping.self, forKey: .grouping),
            sort: try container.decode(ResultOrder.self, forKey: .sort),
            limit: try container.decode(Int.self, forKey: .limit),
            offset: try container.decode(Int.self, forKey: .offset),
            facets: try container.decodeIfPresent([FacetRequest].self, forKey: .facets) ?? [])
    }

    /// Writes every property under its name (`facets` only when there are some).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(text, forKey: .text)
        try container.encode(scope, forKey: .scope)
        try container.encode(terms, forKey: .terms)
        try container.encode(filters, forKey: .filters)
        try container.encode(grouping, forKey: .grouping)
        try container.encode(sort, forKey: .sort)
        try container.encode(limit, forKey: .limit)
        try container.encode(offset, forKey: .offset)
        if !facets.isEmpty { try container.encode(facets, forKey: .facets) }
    }
}
