import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch [QUERY...]`: search, group, and print a table, JSON or CSV.
enum SearchCommand {
    static let spec = CommandSpec(
        name: "fsearch", abstract: "Search and group card and bank transactions.",
        arguments: "[QUERY...]",
        argumentsHelp: "Words and search syntax: star, \"two words\", merchant:lidl, amount>50, amount~42, date:2026-03, -uber,\n"
            + String(repeating: " ", count: 27)
            + "starbucks OR costa, (merchant:uber amount<5) OR notes:taxi, -(notes:work OR category:travel).\n"
            + String(repeating: " ", count: 27) + "@NAME [more words] runs a saved search (fsearch saved --help).",
        acceptsArguments: true,
        options: DataSource.options + QueryOptions.options + [
            .value("rates", "FILE", help: "Exchange rates, JSON: {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}."),
        ] + QueryOptions.facetOptions + [
            .value("today", "YYYY-MM-DD", help: "The day relative dates count from (date:today, date:last-month; default the system clock)."),
            .value("format", "FORMAT", help: "table|json|csv (default table)."),
            .value("output", "FILE", help: "Write the result to FILE, whole or not at all (a temporary file renamed when complete)."),
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
              fsearch saved add|list|remove ...   Searches kept by name; fsearch @NAME runs one.
            Each command has --help.

            EXAMPLES:
              fsearch coffee
              fsearch star --group day --card 4242
              fsearch 'amount>100 category:travel -uber' --group month
              fsearch --file data.csv --format json lidl
              fsearch starbuks --facets category,card     (typos forgiven; counts by category and card)
              fsearch 'date:last-month' --today 2026-03-14 --group day
              fsearch '(starbucks OR costa) -date:2026-03' --group week --group-order total
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
        let loaded = try source.load(arguments, timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
                                     skipBad: arguments.has("skip-bad"), recovering: arguments.has("recover"))
        if let rates { loaded.store.setExchangeRates(rates) }
        if let today = arguments.value("today") { loaded.store.clock = .fixed(day: try Choice.day(today, option: "today")) }
        var query: Query
        if let first = arguments.arguments.first, first.hasPrefix("@") {
            query = try SavedCommand.query(named: String(first.dropFirst()), adding: Array(arguments.arguments.dropFirst()),
                                           from: loaded, arguments: arguments)
        } else {
            query = try QueryOptions.query(from: arguments)
        }
        if format == "csv" && arguments.value("limit") == nil { query.limit = Int.max }
        if arguments.has("quiet") {
            query.limit = 0
            return loaded.store.search(query).total.count == 0 ? 1 : 0
        }
        if let path = arguments.value("output") { try OutputDestination.current.redirect(to: path) }
        switch format {
        case "json", "csv":
            SearchCommand.stream(query, from: loaded.store, asJSON: format == "json")
        default:
            let result = loaded.store.search(query)
            Console.write(ResultTable(store: loaded.store, result: result, query: query, color: Console.usesColor,
                                      searchText: arguments.arguments.first?.hasPrefix("@") == true ? query.searchText
                                          : arguments.arguments.joined(separator: " ")).text)
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
