extension Query {
    /// The query with everything that cannot change its answer taken out: the words folded,
    /// deduplicated and sorted, filter values folded and sorted, terms (and the clauses of
    /// groups) deduplicated and sorted, a group of one clause spliced in, one facet per field
    /// in `FacetField` order (the first request of a field kept), no group order without
    /// groups. Two queries with the same normalized form have the same result; the cache is
    /// keyed by it.
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
        // Words of the terms (a clause spliced in, a library's `.word`) join the text's.
        var words = query.text.isEmpty ? [] : query.text.split(separator: " ").map(String.init)
        query.terms = []
        for term in SearchTerm.normalizedClause(terms) {
            if case .word(let word) = term.condition, !term.isExcluded { words.append(word) } else { query.terms.append(term) }
        }
        query.text = Set(words).sorted().joined(separator: " ")
        if grouping == .none { query.groupOrdering = .title }  // no groups to order
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
    /// The terms of one clause normalized: texts folded, a word split into its folded words
    /// (as the text's are), a group of one clause spliced in, a group's clauses normalized and
    /// sorted (a clause that is only a group replaced by its clauses); repeated terms dropped,
    /// the rest sorted.
    static func normalizedClause(_ terms: [SearchTerm]) -> [SearchTerm] {
        var result: [SearchTerm] = []
        var seen = Set<SearchTerm>()
        func keep(_ term: SearchTerm) {
            if seen.insert(term).inserted { result.append(term) }
        }
        for term in terms {
            switch term.condition {
            case .text(let text, let field):
                keep(SearchTerm(.text(String(decoding: TermFolding.phrase(text), as: UTF8.self), field: field), isExcluded: term.isExcluded))
            case .word(let word):
                let words = TermFolding.words(of: word).map { SearchTerm(.word(String(decoding: $0, as: UTF8.self))) }
                if term.isExcluded && words.count > 1 {
                    keep(.anyOf([SearchClause(inKeyOrder(words, by: \.orderKey))], isExcluded: true))  // not all of them
                } else {
                    for folded in words { keep(SearchTerm(folded.condition, isExcluded: term.isExcluded)) }
                }
            case .anyOf(let clauses):
                // Repeated clauses are kept: `(a OR a)` answers as `a` does, but its structure
                // decides what a disjunctive facet leaves out (`Query.relaxed(for:)`).
                var alternatives: [SearchClause] = []
                for clause in clauses {
                    let normalized = normalizedClause(clause.terms)
                    // A clause that is only a group of alternatives is those alternatives.
                    if normalized.count == 1, !normalized[0].isExcluded, case .anyOf(let inner) = normalized[0].condition {
                        alternatives += inner
                    } else {
                        alternatives.append(SearchClause(normalized))
                    }
                }
                if !term.isExcluded && alternatives.count == 1 {
                    for inner in alternatives[0].terms { keep(inner) }  // `(a b)` is `a b`
                    continue
                }
                keep(.anyOf(inKeyOrder(alternatives, by: \.orderKey), isExcluded: term.isExcluded))
            default:
                keep(term)
            }
        }
        return inKeyOrder(result, by: \.orderKey)
    }

    /// `items` sorted by a key worked out once for each.
    private static func inKeyOrder<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        guard items.count > 1 else { return items }
        return items.map { (key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// What normalized terms are sorted by: the term written out by hand, each text with its
    /// length, so that different terms have different keys. (Their reflected descriptions,
    /// `"\(term)"`, built through `Mirror`, took two thirds of the instructions of the first
    /// uncached `la OR shop` search of a process.) Any order serves: it only makes a canonical
    /// form, which the cache is keyed by.
    var orderKey: String {
        var key = isExcluded ? "-" : "+"
        switch condition {
        case .text(let text, let field): key += "t\(field.rawValue) \(text.utf8.count) \(text)"
        case .word(let word): key += "w\(word.utf8.count) \(word)"
        case .magnitude(let range):
            key += "m\(SearchTerm.key(of: range.lower))\(range.lowerInclusive ? "[" : "(")\(SearchTerm.key(of: range.upper))\(range.upperInclusive ? "]" : ")")"
        case .dates(let from, let to): key += "d\(from.map { String($0.daysSince1970) } ?? "_") \(to.map { String($0.daysSince1970) } ?? "_")"
        case .relativeDates(let from, let to): key += "r\(String(describing: from)) \(String(describing: to))"
        case .status(let status): key += "s\(status.rawValue)"
        case .amountNear(let value, let tolerance): key += "n\(SearchTerm.key(of: value)) \(SearchTerm.key(of: tolerance))"
        case .anyOf(let clauses): key += "o\(clauses.count)" + clauses.map(\.orderKey).joined()
        }
        return key
    }

    /// An amount in a key: its significand and fraction digits, trailing zeros dropped as
    /// `DecimalAmount` compares (`4.10` is `4.1`); "_" for none.
    private static func key(of amount: DecimalAmount?) -> String {
        guard let amount else { return "_" }
        var (value, digits) = (amount.significand, amount.fractionDigits)
        while digits > 0 && value % 10 == 0 {
            value /= 10
            digits -= 1
        }
        return "\(value)e\(digits)"
    }
}

extension SearchClause {
    /// What the clauses of a normalized group are sorted by: its terms' keys, counted.
    var orderKey: String { "{\(terms.count)" + terms.map(\.orderKey).joined(separator: ";") + "}" }
}

extension Query {
    /// One request per field (the first given), in `FacetField` order, limits at least 0.
    static func normalizedFacets(_ facets: [FacetRequest]) -> [FacetRequest] {
        FacetField.allCases.compactMap { field in
            facets.first { $0.field == field }.map { FacetRequest($0.field, limit: max(0, $0.limit), isDisjunctive: $0.isDisjunctive) }
        }
    }
}
