import CommandLineSupport
import Foundation
import TerminalUI
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
        options: DataSource.options("search") + QueryOptions.options + [
            .value("rates", "FILE", help: "Exchange rates, JSON: {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}."),
        ] + QueryOptions.facetOptions + [
            .value("today", "YYYY-MM-DD", help: "The day relative dates count from (date:today, date:last-month; default the system clock)."),
            .value("format", "FORMAT", help: "table|json|csv (default table)."),
            .value("date-format", "FORM", help: "How the table writes days: iso (2026-03-14), dmy (14/03/26) or mdy (03/14/26); default from the locale (LC_ALL, LC_TIME, LANG), else iso."),
            .flag("no-ids", help: "Leave out the id column (the ids that update and delete take)."),
            .value("output", "FILE", help: "Write the result to FILE, whole or not at all (a temporary file renamed when complete)."),
            .flag("skip-bad", help: "Search a file's good rows, reporting the bad ones (default: refuse the file)."),
            .flag("quiet", short: "q", help: "Print nothing; exit 1 when nothing matches."),
            .flag("interactive", short: "i", help: "Search interactively: the matches redrawn on every keystroke (fsearch browse; see its --help)."),
            .flag("version", help: "Print the version."),
        ],
        discussion: """
            COMMANDS:
              fsearch inspect FILE                What a bank file is and what importing it would do; changes nothing.
              fsearch import FILE --store DIR     Import a bank file (OFX/QFX, QIF, camt, MT940, a bank's CSV export)
                                                  or our CSV or JSON into a store directory (created when missing).
              fsearch add --store DIR ...         Add a transaction; prints its id.
              fsearch update ID --store DIR ...   Change fields (an empty value clears one).
              fsearch update --where QUERY --set FIELD=VALUE   Change every row a search finds.
              fsearch delete ID --store DIR       Delete a transaction.
              fsearch export --store DIR          Write every transaction as CSV or JSON.
              fsearch stats --store DIR           Rows, distinct strings, memory, load time.
              fsearch check --store DIR           Verify a store (or --file: list every bad row).
              fsearch compact --store DIR         Fold the log into a new snapshot.
              fsearch rules add|list|apply ...    Rules: a search and what to set, run on every import.
              fsearch saved add|list|remove ...   Searches kept by name; fsearch @NAME runs one.
              fsearch undo / fsearch history      Revert the newest change / list what can be reverted.
              fsearch explain ID                  A transaction's fields and who set each.
              fsearch explain-payee TEXT          Show how a descriptor is cleaned into a payee.
              fsearch browse [QUERY...]           Search interactively (also fsearch -i): every keystroke redraws the matches.
              fsearch repair-payees               Clean again the payees a newer cleaner would clean differently.
              fsearch recurring [QUERY...]        Recurring payments: subscriptions, rent, salaries, insurance.
              fsearch report [QUERY...]           Spending or income per week, month or year by category, payee...
              fsearch summary [QUERY...]          Income, spending and net per month; balances; largest changes.
            Each command has --help. FSEARCH_STORE=DIR makes DIR the store of every command that takes --store.
            Without --file, --store or FSEARCH_STORE, fsearch searches a bundled sample.

            EXAMPLES:
              fsearch coffee
              fsearch star --group day --card 4242
              fsearch 'amount>100 category:travel -uber' --group month
              fsearch --file data.csv --format json lidl
              fsearch starbuks --facets category,card     (typos forgiven; counts by category and card)
              fsearch --from last-month --to last-month --group category
              fsearch -- imprt                            (-- searches a word that looks like a command)
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
        if arguments.has("interactive") { return try BrowseCommand.run(words) }
        try SearchCommand.refuseMisplacedCommand(arguments, words: words)
        let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "json", "csv"])
        let dates = try DateDisplay.chosen(arguments.value("date-format"), environment: ProcessInfo.processInfo.environment)
        let rates = try arguments.value("rates").map { path throws(FSearchError) in try RatesFile.read(path) }
        let source = try DataSource.from(arguments)
        // The rates convert totals only: rows without a currency take the store's base (EUR for
        // a file), whatever the rates file's base.
        let loaded = try source.load(arguments, timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
                                     skipBad: arguments.has("skip-bad"), recovering: arguments.has("recover"))
        if let rates { loaded.store.exchangeRates = rates }
        if let today = arguments.value("today") { loaded.store.clock = .fixed(day: try Choice.day(today, option: "today")) }
        var query: Query
        if let first = arguments.arguments.first, first.hasPrefix("@") {
            query = try SavedCommand.query(named: String(first.dropFirst()), adding: Array(arguments.arguments.dropFirst()),
                                           from: loaded, arguments: arguments)
        } else {
            query = try QueryOptions.query(from: arguments, today: loaded.store.today)
        }
        if format == "csv" && arguments.value("limit") == nil { query.limit = Int.max }
        if arguments.has("quiet") {
            query.limit = 0
            return loaded.store.search(query).total.count == 0 ? 1 : 0
        }
        let missing = FilterValues.missing(in: query.filters, of: loaded.store)
        if let path = arguments.value("output") { try OutputDestination.current.redirect(to: path) }
        switch format {
        case "json", "csv":
            for sentence in missing { Console.error("fsearch: note: \(sentence)") }
            SearchCommand.stream(query, from: loaded.store, asJSON: format == "json")
        default:
            let result = loaded.store.search(query)
            if result.total.count > 0 {
                for sentence in missing { Console.error("fsearch: note: \(sentence)") }
            }
            var table = ResultTable(store: loaded.store, result: result, query: query,
                                    settings: .forOutput(dates: dates, showsIDs: !arguments.has("no-ids")),
                                    searchText: arguments.arguments.first?.hasPrefix("@") == true ? query.searchText
                                        : arguments.arguments.joined(separator: " "))
            table.missingFilterValues = missing
            table.spansAccounts = SearchCommand.spansAccounts(query, in: loaded.store)
            Console.write(table.text)
        }
        return 0
    }

    /// Refuses a search whose first word is a command, or looks like a mistyped one, after
    /// options (`fsearch --store x imprt`): commands come first. Words after `--` are searched.
    static func refuseMisplacedCommand(_ arguments: ParsedArguments, words: [String]) throws(FSearchError) {
        guard !words.contains("--"), let first = arguments.arguments.first else { return }
        if FSearch.command(first) != nil {
            throw FSearchError.usage("'\(first)' is a command: it comes first (fsearch \(first) ...)",
                                     hint: "to search for '\(first)', put -- before it: fsearch ... -- \(first)")
        }
        if let meant = CommandTypos.command(meantBy: first) {
            throw FSearchError.usage("'\(first)' is not a command; did you mean \(meant)? Commands come first (fsearch \(meant) ...)",
                                     hint: "to search for '\(first)', put -- before it: fsearch ... -- \(first)")
        }
    }

    /// Whether the rows `query` matches come from more than one account (no account counts as
    /// one): the table then shows each row's. One more query, with no rows: a fraction of a
    /// millisecond.
    static func spansAccounts(_ query: Query, in store: TransactionStore) -> Bool {
        var accounts = query
        accounts.limit = 0
        accounts.offset = 0
        accounts.facets = [FacetRequest(.account, limit: 1)]
        guard let facet = store.search(accounts).facets.first else { return false }
        return facet.values.count + (facet.other == nil ? 0 : 1) > 1
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
