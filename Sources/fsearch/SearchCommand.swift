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

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        let arguments: ParsedArguments
        do throws(UsageError) { arguments = try ArgumentParser.parse(words, for: spec) } catch { throw CLIError(error, command: "") }
        if arguments.wantsHelp {
            Console.write(spec.helpText + "\n")
            return 0
        }
        if arguments.has("version") {
            Console.write("fsearch \(FSearch.version)\n")
            return 0
        }
        let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "json", "csv"])
        let rates = try arguments.value("rates").map { path throws(CLIError) in try RatesFile.read(path) }
        let source = try DataSource.from(arguments)
        let loaded = try source.load(timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: rates?.base,
                                     skipBad: arguments.has("skip-bad"), recovering: arguments.has("recover"))
        if let rates {
            guard rates.base == loaded.store.baseCurrency else {
                throw CLIError(.usage, "--rates: base \(rates.base) differs from the store's base currency \(loaded.store.baseCurrency)")
            }
            loaded.store.setExchangeRates(rates.rates)
        }
        var query = try QueryOptions.query(from: arguments)
        if format == "csv" && arguments.value("limit") == nil { query.limit = Int.max }
        let result = loaded.store.search(query)
        if arguments.has("quiet") { return result.total.count == 0 ? 1 : 0 }
        switch format {
        case "json":
            Console.write(try ResultJSON.text(of: result) + "\n")
        case "csv":
            Console.write(TransactionStore.render(result.rows.map(\.transaction), as: .csv))
        default:
            Console.write(ResultTable(store: loaded.store, result: result, query: query, color: Console.usesColor,
                                      searchText: arguments.arguments.joined(separator: " ")).text)
        }
        return 0
    }
}

/// The query options shared by search: words through the search syntax, then the filters.
enum QueryOptions {
    static func query(from arguments: ParsedArguments) throws(CLIError) -> Query {
        let text = arguments.arguments.joined(separator: " ")
        var query: Query
        do throws(SearchSyntaxError) {
            query = try Query(parsing: text)
        } catch {
            throw CLIError(.usage, "query \(error)", hint: "quote a word to search it as text: '\"amount>abc\"'")
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
        filters.from = try arguments.value("from").map { text throws(CLIError) in try Choice.day(text, option: "from") }
        filters.to = try arguments.value("to").map { text throws(CLIError) in try Choice.day(text, option: "to") }
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
        filters.minimumAmount = try arguments.value("min").map { text throws(CLIError) in try Choice.amount(text, option: "min") }
        filters.maximumAmount = try arguments.value("max").map { text throws(CLIError) in try Choice.amount(text, option: "max") }
        query.filters = filters
        if let limit = arguments.value("limit") { query.limit = try Choice.count(limit, option: "limit") }
        if let offset = arguments.value("offset") { query.offset = try Choice.count(offset, option: "offset") }
        return query
    }
}

/// Option values checked, with errors that say what is allowed.
enum Choice {
    static func parse(_ text: String, option: String, among allowed: [String]) throws(CLIError) -> String {
        guard allowed.contains(text.lowercased()) else {
            throw CLIError(.usage, "--\(option) '\(text)' is not one of \(allowed.joined(separator: "|"))")
        }
        return text.lowercased()
    }

    static func parse<Value: RawRepresentable & CaseIterable>(_ text: String, option: String, among: Value.AllCases) throws(CLIError) -> Value
    where Value.RawValue == String {
        let raw = try parse(text, option: option, among: among.map(\.rawValue))
        return Value(rawValue: raw)!
    }

    static func day(_ text: String, option: String) throws(CLIError) -> CalendarDay {
        guard case .day(let day)? = try? TransactionDate(parsing: text, in: .utc) else {
            throw CLIError(.usage, "--\(option) '\(text)' is not a date as YYYY-MM-DD")
        }
        return day
    }

    static func amount(_ text: String, option: String) throws(CLIError) -> DecimalAmount {
        do throws(ValidationError) { return try DecimalAmount(parsing: text) } catch {
            throw CLIError(.usage, "--\(option) '\(text)' is not an amount such as -50 or 12.50")
        }
    }

    static func count(_ text: String, option: String) throws(CLIError) -> Int {
        guard let value = Int(text), value >= 0 else { throw CLIError(.usage, "--\(option) needs a whole number ≥ 0, not '\(text)'") }
        return value
    }

    static func timeZone(_ identifier: String?) throws(CLIError) -> TimeZone? {
        guard let identifier else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw CLIError(.usage, "--tz '\(identifier)' is not a time zone", hint: "use an IANA name such as Europe/Madrid or UTC")
        }
        return zone
    }
}

/// `--rates FILE`: `{"base": "EUR", "rates": {"USD": "0.92"}}`, one unit of each currency in
/// the base currency, as decimal strings (exact).
enum RatesFile {
    static func read(_ path: String) throws(CLIError) -> (base: Currency, rates: [Currency: DecimalAmount]) {
        let bytes = try DataSource.read(path)
        func bad(_ reason: String) -> CLIError {
            CLIError(.badData, "\(path): \(reason)", hint: "expected {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { throw bad("not a JSON object") }
        guard let baseText = object["base"] as? String, let base = Currency(baseText) else { throw bad("no valid \"base\" currency") }
        guard let table = object["rates"] as? [String: Any] else { throw bad("no \"rates\" object") }
        var rates: [Currency: DecimalAmount] = [:]
        for (code, value) in table {
            guard let currency = Currency(code) else { throw bad("'\(code)' is not a currency code") }
            guard let text = value as? String, let rate = try? DecimalAmount(parsing: text), rate.significand > 0 else {
                throw bad("the rate of \(code) must be a positive decimal string, such as \"0.92\"")
            }
            rates[currency] = rate
        }
        return (base, rates)
    }
}

/// The result as SPEC section 6's JSON.
enum ResultJSON {
    static func text(of result: QueryResult) throws(CLIError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(result), as: UTF8.self)
        } catch {
            throw CLIError(.other, "cannot write the result as JSON: \(error)")
        }
    }
}
