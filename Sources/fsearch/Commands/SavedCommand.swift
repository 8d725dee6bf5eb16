import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch saved add NAME QUERY... [options]`, `saved list`, `saved remove NAME`: searches
/// kept by name in a store directory (docs/SPEC.md section 11); `fsearch @NAME` runs one.
enum SavedCommand {
    static let spec = CommandSpec(
        name: "fsearch saved", abstract: "Keep searches by name in a store directory; fsearch @NAME runs one.",
        arguments: "add NAME QUERY... | list | remove NAME",
        argumentsHelp: "add: the name (letters, digits, - _ .) and the search, with its options; list: each with its\n"
            + String(repeating: " ", count: 27) + "count and total now; remove: the name.",
        acceptsArguments: true,
        options: [.value("store", "DIR", help: "The store directory.")] + QueryOptions.options + QueryOptions.facetOptions + [
            .value("format", "FORMAT", help: "list: table|json (default table)."),
        ],
        discussion: """
            EXAMPLES:
              fsearch saved add coffee 'starbucks OR costa' --group month --store DIR
              fsearch saved list --store DIR
              fsearch @coffee --store DIR                   (runs it)
              fsearch @coffee -date:2026-03 --group week --store DIR   (more terms, another grouping)
              fsearch saved remove coffee --store DIR
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard let action = arguments.arguments.first else {
            throw FSearchError.usage("saved needs add, list or remove", hint: spec.usage)
        }
        let rest = Array(arguments.arguments.dropFirst())
        let storePath = try requiredStore(arguments, spec)
        let given = (QueryOptions.options + QueryOptions.facetOptions).map(\.name).filter { arguments.value($0) != nil || arguments.has($0) }
        if action != "add", let option = given.first {
            throw FSearchError.usage("saved \(action) takes no --\(option)", hint: "query options go with saved add")
        }
        if action != "list", arguments.value("format") != nil {
            throw FSearchError.usage("--format goes with saved list")
        }
        switch action {
        case "add":
            guard let name = rest.first, rest.count >= 2 else {
                throw FSearchError.usage("saved add takes a NAME and a QUERY", hint: "fsearch saved add coffee 'starbucks OR costa' --store DIR")
            }
            return try add(name: name, text: rest.dropFirst().joined(separator: " "), arguments: arguments, storePath: storePath)
        case "list":
            guard rest.isEmpty else { throw FSearchError.usage("saved list takes no arguments", hint: spec.usage) }
            let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "json"])
            let durable = try DataSource.open(store: storePath, writable: false)
            defer { durable.close() }
            Console.write(format == "json" ? json(durable.store.savedSearchSummaries) : table(durable.store.savedSearchSummaries))
            return 0
        case "remove":
            guard rest.count == 1 else { throw FSearchError.usage("saved remove takes one NAME", hint: spec.usage) }
            let durable = try DataSource.open(store: storePath, writable: true)
            defer { BackgroundCompaction.close(durable, path: storePath) }
            let removed: SavedSearch?
            do throws(DurableStoreError) { removed = try durable.removeSavedSearch(named: rest[0]) } catch {
                throw FSearchError.change(error, path: storePath)
            }
            guard let removed else { throw unknown(rest[0], storePath: storePath) }
            Console.write("Removed @\(VisibleText.escaped(removed.name)) (\(VisibleText.escaped(removed.searchText))).\n")
            return 0
        default:
            throw FSearchError.usage("saved \(VisibleText.escaped(action)): not add, list or remove", hint: spec.usage)
        }
    }

    private static func add(name: String, text: String, arguments: ParsedArguments, storePath: String) throws(FSearchError) -> Int32 {
        // A saved search keeps days, not periods: a relative --from would silently freeze.
        for option in ["from", "to"] {
            if let text = arguments.value(option), let first = text.unicodeScalars.first, first.properties.isAlphabetic {
                throw FSearchError.usage("a saved search keeps --\(option) as a fixed day, not '\(VisibleText.escaped(text))'",
                                         hint: "put date:\(VisibleText.escaped(text)) in the search to keep it relative")
            }
        }
        var options = Query()
        try QueryOptions.apply(arguments, to: &options, today: TransactionStore().today)
        let search: SavedSearch
        do throws(SavedSearchError) { search = try SavedSearch(name: name, searchText: text, options: options) } catch {
            switch error.reason {
            case .badSearch(let problem): throw FSearchError.query(problem)
            case .badName: throw FSearchError.usage(error.description, hint: "e.g. coffee, rent-2026, travel.work")
            }
        }
        let durable = try DataSource.open(store: storePath, writable: true)
        defer { BackgroundCompaction.close(durable, path: storePath) }
        let replaced: SavedSearch?
        do throws(DurableStoreError) { replaced = try durable.save(search) } catch {
            throw FSearchError.change(error, path: storePath)
        }
        var counted = search.query
        counted.limit = 0
        let count = durable.store.search(counted).total.count
        let verb = replaced == nil ? "Saved" : "Replaced"
        Console.write("\(verb) @\(VisibleText.escaped(search.name)): \(describe(search)) (\(count == 1 ? "1 transaction" : "\(count) transactions") now).\n")
        return 0
    }

    /// The query of `@NAME` with more words ANDed to it and the options given on the command
    /// line over its own (`fsearch @coffee -date:2026-03 --group week`).
    static func query(named name: String, adding words: [String], from loaded: DataSource.Loaded,
                      arguments: ParsedArguments) throws(FSearchError) -> Query {
        guard loaded.durable != nil else {
            throw FSearchError.usage("@\(VisibleText.escaped(name)): saved searches live in a store directory", hint: "give --store DIR")
        }
        guard let search = loaded.store.savedSearch(named: name) else { throw unknown(name, storePath: loaded.name) }
        var query: Query
        do throws(SearchSyntaxError) { query = try search.query(adding: words.joined(separator: " ")) } catch {
            throw FSearchError.query(error)
        }
        try QueryOptions.apply(arguments, to: &query, today: loaded.store.today)
        return query
    }

    private static func unknown(_ name: String, storePath: String) -> FSearchError {
        FSearchError.usage("no saved search named '\(VisibleText.escaped(name))'", hint: "fsearch saved list --store \(storePath) lists them")
    }

    /// The text and its options as a command line would give them: `starbucks OR costa --group month`.
    static func describe(_ search: SavedSearch) -> String {
        ([search.searchText] + optionWords(search.options)).map(VisibleText.escaped).joined(separator: " ")
    }

    /// The options that differ from a plain search's, as `--name value` words.
    static func optionWords(_ options: Query) -> [String] {
        let plain = Query()
        var words: [String] = []
        func add(_ name: String, _ value: String) { words += ["--\(name)", value.contains(" ") ? "'\(value)'" : value] }
        if options.scope != plain.scope { add("scope", options.scope.rawValue) }
        if options.grouping != plain.grouping { add("group", options.grouping.rawValue) }
        if options.groupOrdering != plain.groupOrdering { add("group-order", options.groupOrdering.rawValue) }
        if options.sort != plain.sort { add("sort", options.sort.rawValue) }
        let filters = options.filters
        if let from = filters.from { add("from", from.description) }
        if let to = filters.to { add("to", to.description) }
        for card in filters.cards { add("card", card ?? "none") }
        for category in filters.categories { add("category", category ?? "none") }
        for account in filters.accounts { add("account", account ?? "none") }
        if let status = filters.status { add("status", status.rawValue) }
        if let minimum = filters.minimumAmount { add("min", minimum.description) }
        if let maximum = filters.maximumAmount { add("max", maximum.description) }
        if let kind = filters.kind { add("kind", kind.rawValue) }
        if options.limit != plain.limit { add("limit", String(options.limit)) }
        if options.offset != plain.offset { add("offset", String(options.offset)) }
        if !options.facets.isEmpty { add("facets", options.facets.map(\.field.rawValue).joined(separator: ",")) }
        return words
    }

    /// NAME, COUNT, TOTAL and SEARCH, one line each, columns as wide as their widest cell.
    static func table(_ summaries: [SavedSearchSummary]) -> String {
        guard !summaries.isEmpty else { return "No saved searches (fsearch saved add NAME QUERY... --store DIR keeps one).\n" }
        let rows = [["NAME", "COUNT", "TOTAL", "SEARCH"]] + summaries.map { summary in
            ["@" + VisibleText.escaped(summary.search.name), String(summary.total.count), summary.total.sums.amountsText, describe(summary.search)]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[3]
        }.joined(separator: "\n") + "\n"
    }

    /// `{"searches": [{"name", "search", "options", "count", "sums"}]}` (`options` as the
    /// command line words, `sums` as in docs/SPEC.md section 6).
    static func json(_ summaries: [SavedSearchSummary]) -> String {
        let list: [[String: Any]] = summaries.map { summary in
            [
                "name": summary.search.name, "search": summary.search.searchText, "options": optionWords(summary.search.options),
                "count": summary.total.count,
                "sums": Dictionary(uniqueKeysWithValues: summary.total.sums.map { ($0.currency.code, $0.decimalText) }),
            ]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: ["searches": list], options: [.sortedKeys]) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
