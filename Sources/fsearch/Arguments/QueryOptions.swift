import CommandLineSupport
import Foundation
import TransactionSearch

/// The query options shared by search: words through the search syntax, then the filters.
enum QueryOptions {
    /// The query the words and options ask for; relative `--from`/`--to` count from `today`.
    static func query(from arguments: ParsedArguments, today: CalendarDay) throws(FSearchError) -> Query {
        let text = arguments.arguments.joined(separator: " ")
        var query: Query
        do throws(SearchSyntaxError) {
            query = try Query(parsing: text)
        } catch {
            throw FSearchError.query(error)
        }
        if let scope = arguments.value("scope") {
            query.scope = try Choice.parse(scope, option: "scope", among: SearchScope.allCases)
        }
        if let group = arguments.value("group") {
            query.grouping = try Choice.parse(group, option: "group", among: Grouping.allCases)
        }
        if let sort = arguments.value("sort") {
            query.sort = try Choice.parse(sort, option: "sort", among: ResultOrder.allCases)
        }
        var filters = QueryFilters()
        filters.from = try arguments.value("from").map { text throws(FSearchError) in
            try Choice.dayBound(text, option: "from", today: today, isLower: true)
        }
        filters.to = try arguments.value("to").map { text throws(FSearchError) in
            try Choice.dayBound(text, option: "to", today: today, isLower: false)
        }
        func names(_ option: String) -> [String?] {
            arguments.allValues(option).map { $0.lowercased() == "none" ? nil : $0 }
        }
        filters.cards = names("card")
        filters.categories = names("category")
        filters.accounts = names("account")
        if let status = arguments.value("status") {
            filters.status = try Choice.parse(status, option: "status", among: TransactionStatus.allCases)
        }
        if let kind = arguments.value("kind") {
            filters.kind = try Choice.parse(kind, option: "kind", among: TransactionKind.allCases)
        }
        filters.minimumAmount = try arguments.value("min").map { text throws(FSearchError) in try Choice.amount(text, option: "min") }
        filters.maximumAmount = try arguments.value("max").map { text throws(FSearchError) in try Choice.amount(text, option: "max") }
        query.filters = filters
        if let limit = arguments.value("limit") { query.limit = try Choice.count(limit, option: "limit") }
        if let offset = arguments.value("offset") { query.offset = try Choice.count(offset, option: "offset") }
        query.facets = try facets(from: arguments)
        return query
    }

    /// `--facets category,card` with `--facet-limit` and `--disjunctive-facets`.
    static func facets(from arguments: ParsedArguments) throws(FSearchError) -> [FacetRequest] {
        let limit = try arguments.value("facet-limit").map { text throws(FSearchError) in try Choice.count(text, option: "facet-limit") }
        guard let list = arguments.value("facets") else {
            if limit != nil || arguments.has("disjunctive-facets") {
                throw FSearchError.usage("--facet-limit and --disjunctive-facets go with --facets", hint: "e.g. --facets category,card --facet-limit 5")
            }
            return []
        }
        var requests: [FacetRequest] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            let field: FacetField = try Choice.parse(name.trimmingCharacters(in: .whitespaces), option: "facets", among: FacetField.allCases)
            guard !requests.contains(where: { $0.field == field }) else { throw FSearchError.usage("--facets names \(field.rawValue) twice") }
            requests.append(FacetRequest(field, limit: limit ?? FacetRequest.defaultLimit, isDisjunctive: arguments.has("disjunctive-facets")))
        }
        return requests
    }
}
