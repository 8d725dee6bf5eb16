import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch [QUERY...]`: search, group, and print a table, JSON or CSV.
enum SearchCommand {
    static let spec = CommandSpec(
        name: "fsearch", abstract: "Search and group card and bank transactions.",
        arguments: "[QUERY...]",
        argumentsHelp: "Words and search syntax: star, \"two words\", merchant:lidl, amount>50, date:2026-03, -uber.",
        acceptsArguments: true,
        options: DataSource.options + [
            .value("scope", "SCOPE", help: "all|merchant|category|notes|amount (default all)."),
            .value("group", "BY", short: "g", help: "none|day|month|card|category|merchant (default none)."),
            .value("from", "YYYY-MM-DD", help: "First day included."),
            .value("to", "YYYY-MM-DD", help: "Last day included."),
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
            .value("rates", "FILE", help: "Exchange rates, JSON: {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}."),
            .value("format", "FORMAT", help: "table|json|csv (default table)."),
            .flag("skip-bad", help: "Search a file's good rows, reporting the bad ones (default: refuse the file)."),
            .flag("quiet", short: "q", help: "Print nothing; exit 1 when nothing matches."),
            .flag("version", help: "Print the version."),
        ],
        discussion: """
            COMMANDS:
              fsearch import FILE --store DIR     Import CSV or JSON into a store directory.
              fsearch add --store DIR ...         Add a transaction; prints its id.
              fsearch update ID --store DIR ...   Change fields (an empty value clears one).
              fsearch delete ID --store DIR       Delete a transaction.
              fsearch export --store DIR          Write every transaction as CSV or JSON.
              fsearch stats                       Rows, distinct strings, memory, load time.
              fsearch check --store DIR           Verify a store (or --file: list every bad row).
              fsearch compact --store DIR         Fold the log into a new snapshot.
            Each command has --help.

            EXAMPLES:
              fsearch coffee
              fsearch star --group day --card 4242
              fsearch 'amount>100 category:travel -uber' --group month
              fsearch --file data.csv --format json lidl
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        let arguments: ParsedArguments
        do throws(UsageError) { arguments = try ArgumentParser.parse(words, for: spec) } catch { throw FSearchError.arguments(error, command: "") }
        if arguments.wantsHelp {
            Console.write(spec.helpText + "\n")
            return 0
        }
        if arguments.has("version") {
            Console.write("fsearch \(FSearch.version)\n")
            return 0
        }
        let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "json", "csv"])
        let rates = try arguments.value("rates").map { path throws(FSearchError) in try RatesFile.read(path) }
        let source = try DataSource.from(arguments)
        // The rates convert totals only: rows without a currency take the store's base (EUR for
        // a file), whatever the rates file's base.
        let loaded = try source.load(timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
                                     skipBad: arguments.has("skip-bad"), recovering: arguments.has("recover"))
        if let rates { loaded.store.setExchangeRates(rates) }
        var query = try QueryOptions.query(from: arguments)
        if format == "csv" && arguments.value("limit") == nil { query.limit = Int.max }
        if arguments.has("quiet") {
            query.limit = 0
            return loaded.store.search(query).total.count == 0 ? 1 : 0
        }
        switch format {
        case "json", "csv":
            SearchCommand.stream(query, from: loaded.store, asJSON: format == "json")
        default:
            let result = loaded.store.search(query)
            Console.write(ResultTable(store: loaded.store, result: result, query: query, color: Console.usesColor,
                                      searchText: arguments.arguments.joined(separator: " ")).text)
        }
        return 0
    }

    /// Writes the result as JSON (docs/SPEC.md section 6) or its rows as CSV, a chunk of rows at a
    /// time: a page of every row of a large store is never held whole, as rows or as text.
    static func stream(_ query: Query, from store: TransactionStore, asJSON: Bool) {
        // 1,024 rows is a few hundred KiB of transactions at a time: small beside the store,
        // large enough that the per-chunk cost (one array) is lost in the per-row work.
        var output = store.search(query, rowsInChunksOf: 1024) { result, chunks in
            if asJSON {
                var writer = ResultJSONWriter(output: BufferedOutput())
                writer.write(result, rows: chunks)
                return writer.output
            }
            var output = BufferedOutput()
            output.write(TransactionStore.render([], as: .csv))
            for chunk in chunks {
                output.write(TransactionStore.render(chunk.map(\.transaction), as: .csv, includingHeader: false))
            }
            return output
        }
        output.flush()
    }
}

/// The query options shared by search: words through the search syntax, then the filters.
enum QueryOptions {
    static func query(from arguments: ParsedArguments) throws(FSearchError) -> Query {
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
        filters.from = try arguments.value("from").map { text throws(FSearchError) in try Choice.day(text, option: "from") }
        filters.to = try arguments.value("to").map { text throws(FSearchError) in try Choice.day(text, option: "to") }
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
        return query
    }
}

/// Option values checked, with errors that say what is allowed.
enum Choice {
    static func parse(_ text: String, option: String, among allowed: [String]) throws(FSearchError) -> String {
        guard allowed.contains(text.lowercased()) else {
            throw FSearchError.usage("--\(option) '\(text)' is not one of \(allowed.joined(separator: "|"))")
        }
        return text.lowercased()
    }

    static func parse<Value: RawRepresentable & CaseIterable>(_ text: String, option: String, among: Value.AllCases) throws(FSearchError) -> Value
    where Value.RawValue == String {
        let raw = try parse(text, option: option, among: among.map(\.rawValue))
        return Value(rawValue: raw)!
    }

    static func day(_ text: String, option: String) throws(FSearchError) -> CalendarDay {
        let date: TransactionDate
        do throws(ValidationError) { date = try TransactionDate(parsing: text, in: .utc) } catch {
            if case .dateOutOfRange = error.reason { throw FSearchError.usage("--\(option): \(error.reasonText)") }
            throw FSearchError.usage("--\(option) '\(text)' is not a date as YYYY-MM-DD")
        }
        guard case .day(let day) = date else { throw FSearchError.usage("--\(option) '\(text)' is not a date as YYYY-MM-DD") }
        return day
    }

    static func amount(_ text: String, option: String) throws(FSearchError) -> DecimalAmount {
        do throws(ValidationError) { return try DecimalAmount(parsing: text) } catch {
            if case .tooManyDigits = error.reason {
                throw FSearchError.usage("--\(option) '\(text)' has too many digits: at most 18, and at most 18 after the point")
            }
            throw FSearchError.usage("--\(option) '\(text)' is not an amount such as -50 or 12.50")
        }
    }

    /// A count of rows: 0 to `Int.max`. The library takes any `Int` (a negative one as 0), but
    /// a negative or larger number typed here is more likely a mistake than a wish.
    static func count(_ text: String, option: String) throws(FSearchError) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw FSearchError.usage("--\(option) needs a whole number from 0 to \(Int.max), not '\(text)'")
        }
        return value
    }

    static func timeZone(_ identifier: String?) throws(FSearchError) -> TimeZone? {
        guard let identifier else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw FSearchError.usage("--tz '\(identifier)' is not a time zone", hint: "use an IANA name such as Europe/Madrid or UTC")
        }
        return zone
    }
}

/// `--rates FILE`: `{"base": "EUR", "rates": {"USD": "0.92"}}`, one unit of each currency in
/// the base currency, exact (see `ExchangeRates.init(parsingJSON:)`). The base may differ from
/// the store's: the totals are then in the rates' base.
enum RatesFile {
    static func read(_ path: String) throws(FSearchError) -> ExchangeRates {
        let bytes = try DataSource.read(path)
        do throws(ExchangeRatesError) {
            return try ExchangeRates(parsingJSON: bytes)
        } catch {
            throw FSearchError.badData("\(path): \(error)", hint: "expected {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}")
        }
    }
}
