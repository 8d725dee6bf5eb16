/// What a search box string says: its plain words, its other terms (field terms, ranges,
/// phrases, exclusions), and, from a lenient parse, the problems skipped over. Codable, so an
/// app can save a search as typed and as understood.
public struct ParsedSearch: Hashable, Sendable, Codable {
    /// The plain words, separated by single spaces: they become `Query.text`.
    public var text: String
    /// Everything else, in the order typed: they become `Query.terms`.
    public var terms: [SearchTerm]
    /// Terms left out because their value did not fit their field (always empty from a
    /// strict parse, which throws the first instead).
    public var problems: [SearchSyntaxError]

    /// A parsed search from its parts.
    public init(text: String = "", terms: [SearchTerm] = [], problems: [SearchSyntaxError] = []) {
        self.text = text
        self.terms = terms
        self.problems = problems
    }

    /// `query` with its text and terms replaced by these; its scope, filters, grouping, sort
    /// and page are kept.
    public func applied(to query: Query) -> Query {
        var query = query
        query.text = text
        query.terms = terms
        return query
    }
}

extension Query {
    /// The query a search box string asks for, with the other settings given.
    /// - Throws: `SearchSyntaxError` for the first known field with a bad value.
    public init(
        parsing searchText: String, scope: SearchScope = .all, filters: QueryFilters = QueryFilters(),
        grouping: Grouping = .none, groupOrdering: GroupOrdering = .title, sort: ResultOrder = .dateDescending,
        limit: Int = 50, offset: Int = 0, facets: [FacetRequest] = []
    ) throws(SearchSyntaxError) {
        self = try SearchSyntax.parse(searchText).applied(
            to: Query(scope: scope, filters: filters, grouping: grouping, groupOrdering: groupOrdering, sort: sort,
                      limit: limit, offset: offset, facets: facets))
    }

    /// The text and terms in the search box syntax: parsing it gives them back.
    public var searchText: String { SearchSyntax.format(self) }
}

extension Query: CustomStringConvertible {
    /// The query's words and terms in the search box syntax (`searchText`): parsing it gives
    /// the same words and terms back for every query the parser makes (its other settings,
    /// such as grouping and filters, are not part of the text).
    public var description: String { searchText }
}
