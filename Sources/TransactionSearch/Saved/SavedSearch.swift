/// A name for a search box text and the options that go with it (scope, filters, grouping and
/// its order, sort, page size, facets): what a person keeps to run again, such as `coffee`
/// for `starbucks OR costa --group month`. A store keeps them (`TransactionStore.save(_:)`,
/// in a store directory `DurableStore.save(_:)`) and answers them live (`observe(_:)`).
///
/// Valid by construction: the name is one a command line can type after `@`, and the text
/// parses with no problem, so `query` always answers.
public struct SavedSearch: Hashable, Sendable {
    /// Letters, digits, `-`, `_` and `.`, 1 to `maximumNameLength` characters, starting with a
    /// letter or digit.
    public let name: String
    /// The search box text as typed (docs/SPEC.md sections 3b and 11).
    public let searchText: String
    /// Everything but the search box: scope, filters, grouping, group order, sort, limit,
    /// offset and facets. Its text and terms are empty (they are `searchText`'s).
    public let options: Query

    /// The longest name, in characters.
    public static let maximumNameLength = 64

    /// A saved search from its parts; `options`' own text and terms are dropped.
    /// - Throws: `SavedSearchError` for a name that cannot be typed, or a text with a
    ///   problem (its position and what was expected).
    public init(name: String, searchText: String, options: Query = Query()) throws(SavedSearchError) {
        if let problem = SavedSearch.problem(withName: name) { throw SavedSearchError(name: name, reason: .badName(problem)) }
        do throws(SearchSyntaxError) {
            _ = try SearchSyntax.parse(searchText)
        } catch {
            throw SavedSearchError(name: name, reason: .badSearch(error))
        }
        self.name = name
        self.searchText = searchText
        var options = options
        options.text = ""
        options.terms = []
        self.options = options
    }

    /// What is wrong with a name, or nil when it is one a saved search may have.
    public static func problem(withName name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "a name is needed" }
        guard name.count <= maximumNameLength else { return "at most \(maximumNameLength) characters" }
        guard first.properties.isAlphabetic || first.properties.numericType != nil else {
            return "it must start with a letter or a digit"
        }
        for scalar in name.unicodeScalars
        where !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" || scalar == ".") {
            return "only letters, digits, '-', '_' and '.' (not '\(VisibleText.escaped(String(scalar)))')"
        }
        return nil
    }

    /// The query it asks: its text parsed, with its options.
    public var query: Query {
        SearchSyntax.parseLeniently(searchText).applied(to: options)
    }

    /// The query with more search box text ANDed to it (`fsearch @coffee -date:2026-03`): a
    /// saved `a OR b` with `c` is `(a OR b) c`, never `a OR (b c)`.
    /// - Throws: `SearchSyntaxError` for a problem in `moreText`.
    public func query(adding moreText: String) throws(SearchSyntaxError) -> Query {
        let more = try SearchSyntax.parse(moreText)
        var query = self.query
        query.text = [query.text, more.text].filter { !$0.isEmpty }.joined(separator: " ")
        query.terms += more.terms
        return query
    }
}

extension SavedSearch: Codable {
    private enum Keys: String, CodingKey {
        case name, search, options
    }

    /// Reads a saved search written by `encode(to:)`, checked as `init` checks it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let name = try container.decode(String.self, forKey: .name)
        let search = try container.decode(String.self, forKey: .search)
        let options = try container.decodeIfPresent(Query.self, forKey: .options) ?? Query()
        do throws(SavedSearchError) {
            try self.init(name: name, searchText: search, options: options)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: error.description)
        }
    }

    /// Writes `name`, `search` (the text as typed) and `options` (a `Query`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(name, forKey: .name)
        try container.encode(searchText, forKey: .search)
        try container.encode(options, forKey: .options)
    }
}

/// A saved search with its live count and sums, as `TransactionStore.savedSearchSummaries`
/// answers them.
public struct SavedSearchSummary: Hashable, Sendable {
    /// The saved search.
    public let search: SavedSearch
    /// Its matching rows' count and exact sums per currency (and base total with rates).
    public let total: Aggregate
}
