import CommandLineSupport
import Foundation
import TransactionSearch

/// The query options shared by search and saved searches: words through the search syntax,
/// then the filters, grouping and page (`options`, the list both commands declare).
enum QueryOptions {
    /// The options of a query's scope, grouping, filters, sort and page.
    static let options: [CommandSpec.Option] = [
        .value("scope", "SCOPE", help: "all|merchant|category|notes|amount (default all)."),
        .value("group", "BY", short: "g", help: "none|day|week|month|year|card|category|merchant|account|payee (default none)."),
        .value("group-order", "ORDER", help: "title|count|total: groups in their natural order (dates by date), most rows first, "
               + "or largest total first (the base total with --rates, else the largest currency's sum; default title)."),
        .value("from", "DAY", help: "First day included: YYYY-MM-DD, or today, yesterday, this-week, last-week, this-month, last-month, this-year, last-year, last-N-days (its first day)."),
        .value("to", "DAY", help: "Last day included: YYYY-MM-DD or a period as for --from (its last day)."),
        .value("card", "CARD", repeatable: true, help: "Card by name, ****4242 or 4242; none for no card."),
        .value("category", "NAME", repeatable: true, help: "Category; none for uncategorized."),
        .value("account", "NAME", repeatable: true, help: "Account; none for no account."),
        .value("status", "STATUS", help: "pending|posted."),
        .value("min", "AMOUNT", help: "Smallest signed amount, e.g. -50."),
        .value("max", "AMOUNT", help: "Largest signed amount."),
        .value("kind", "KIND", help: "expense|income."),
        .value("sort", "ORDER", help: "date-desc|date-asc|amount-desc|amount-asc (default date-desc)."),
        .value("limit", "N", help: "Rows shown (default 50; csv: every matching row)."),
        .value("offset", "N", help: "Matching rows skipped before the first shown."),
    ]

    /// The options of facets.
    static let facetOptions: [CommandSpec.Option] = [
        .value("facets", "FIELDS", help: "Count the matches by category,merchant,payee,card,account,month,status (comma-separated)."),
        .value("facet-limit", "N", help: "Values listed per facet (default 10); the rest are summed as Other."),
        .flag("disjunctive-facets", help: "Facets ignore the query's own filter on their field (other cards still counted)."),
    ]

    /// The query of the words (the search box syntax) and the options; relative `--from`/`--to`
    /// count from `today`.
    static func query(from arguments: ParsedArguments, today: CalendarDay) throws(FSearchError) -> Query {
        let text = arguments.arguments.joined(separator: " ")
        var query: Query
        do throws(SearchSyntaxError) {
            query = try Query(parsing: text)
        } catch {
            throw FSearchError.query(error)
        }
        try apply(arguments, to: &query, today: today)
        return query
    }

    /// Sets what the options given say, leaving the rest of `query` as it is (a saved search's
    /// options, overridden only where the command line says otherwise); relative `--from`/`--to`
    /// count from `today`.
    static func apply(_ arguments: ParsedArguments, to query: inout Query, today: CalendarDay) throws(FSearchError) {
        if let scope = arguments.value("scope") {
            query.scope = try Choice.parse(scope, option: "scope", among: SearchScope.allCases)
        }
        if let group = arguments.value("group") {
            query.grouping = try Choice.parse(group, option: "group", among: Grouping.allCases)
        }
        if let order = arguments.value("group-order") {
            query.groupOrdering = try Choice.parse(order, option: "group-order", among: GroupOrdering.allCases)
        }
        if let sort = arguments.value("sort") {
            query.sort = try Choice.parse(sort, option: "sort", among: ResultOrder.allCases)
        }
        if let from = arguments.value("from") { query.filters.from = try Choice.dayBound(from, option: "from", today: today, isLower: true) }
        if let to = arguments.value("to") { query.filters.to = try Choice.dayBound(to, option: "to", today: today, isLower: false) }
        func names(_ option: String) -> [String?] {
            arguments.allValues(option).map { $0.lowercased() == "none" ? nil : $0 }
        }
        if !names("card").isEmpty { query.filters.cards = names("card") }
        if !names("category").isEmpty { query.filters.categories = names("category") }
        if !names("account").isEmpty { query.filters.accounts = names("account") }
        if let status = arguments.value("status") {
            query.filters.status = try Choice.parse(status, option: "status", among: TransactionStatus.allCases)
        }
        if let kind = arguments.value("kind"), kind.lowercased() != "all" {  // all: both kinds (fsearch report)
            query.filters.kind = try Choice.parse(kind, option: "kind", among: TransactionKind.allCases)
        }
        if let minimum = arguments.value("min") { query.filters.minimumAmount = try Choice.amount(minimum, option: "min") }
        if let maximum = arguments.value("max") { query.filters.maximumAmount = try Choice.amount(maximum, option: "max") }
        if let limit = arguments.value("limit") { query.limit = try Choice.count(limit, option: "limit") }
        if let offset = arguments.value("offset") { query.offset = try Choice.count(offset, option: "offset") }
        let facets = try facets(from: arguments)
        if !facets.isEmpty { query.facets = facets }
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
