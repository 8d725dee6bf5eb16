/// `Query` as JSON: every property under its name; `facets` is written only when there are
/// some and `groupOrder` only when it is not `title`, each read as its default when absent,
/// so queries saved before they existed still read.
extension Query: Codable {
    private enum Keys: String, CodingKey {
        case text, scope, terms, filters, grouping, groupOrder, sort, limit, offset, facets
    }

    /// Reads a query written by `encode(to:)`; a missing `facets` key means none, a missing
    /// `groupOrder` the natural order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            scope: try container.decode(SearchScope.self, forKey: .scope),
            terms: try container.decode([SearchTerm].self, forKey: .terms),
            filters: try container.decode(QueryFilters.self, forKey: .filters),
            grouping: try container.decode(Grouping.self, forKey: .grouping),
            groupOrdering: try container.decodeIfPresent(GroupOrdering.self, forKey: .groupOrder) ?? .title,
            sort: try container.decode(ResultOrder.self, forKey: .sort),
            limit: try container.decode(Int.self, forKey: .limit),
            offset: try container.decode(Int.self, forKey: .offset),
            facets: try container.decodeIfPresent([FacetRequest].self, forKey: .facets) ?? [])
    }

    /// Writes every property under its name (`facets` only when there are some, `groupOrder`
    /// only when it is not `title`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(text, forKey: .text)
        try container.encode(scope, forKey: .scope)
        try container.encode(terms, forKey: .terms)
        try container.encode(filters, forKey: .filters)
        try container.encode(grouping, forKey: .grouping)
        if groupOrdering != .title { try container.encode(groupOrdering, forKey: .groupOrder) }
        try container.encode(sort, forKey: .sort)
        try container.encode(limit, forKey: .limit)
        try container.encode(offset, forKey: .offset)
        if !facets.isEmpty { try container.encode(facets, forKey: .facets) }
    }
}
