import CommandLineSupport
import Foundation
import TerminalUI
import TransactionSearch

/// `fsearch browse` (or `fsearch -i`): the interactive search. Loads the data as a search
/// does, then hands the terminal to `InteractiveTerminal` with a `BrowseSession` that drives
/// the library's `TransactionSearchModel`. A store directory is opened for writing when no
/// other process writes it, so that `e` on a row edits its category and notes.
enum BrowseCommand {
    /// The options of a search that mean something here; the rest (`--format`, `--limit`...)
    /// are refused as unknown.
    static let searchOptions: Set<String> = [
        "scope", "from", "to", "card", "category", "account", "status", "min", "max", "kind", "sort",
        "rates", "today", "date-format", "no-ids", "skip-bad",
    ]

    static let spec = CommandSpec(
        name: "fsearch browse", abstract: "Search interactively: the matches, their groups and totals redrawn on every keystroke.",
        arguments: "[QUERY...]", argumentsHelp: "What the search box starts with (the search syntax, as for fsearch QUERY).",
        acceptsArguments: true,
        options: DataSource.options("search")
            + [.value("group", "BY", short: "g", help: "The grouping to start with: \(Grouping.allCases.map(\.rawValue).joined(separator: "|")) (default day; Tab changes it).")]
            + SearchCommand.spec.options.filter { searchOptions.contains($0.name) }
            + [.flag("interactive", short: "i", help: "The same as browse: fsearch -i [QUERY...] [options].")],
        discussion: """
            KEYS:
              typing, Backspace, Ctrl-U, Ctrl-W, Left/Right   edit the search; the list follows every key
              Down, PgDn, Home, End (then Up, PgUp)          move through the rows
              Enter                                          the selected transaction, whole (e edits category and notes)
              Tab, Shift-Tab                                 group by day, month, card, category, merchant... or not at all
              Esc, q (in the list), Ctrl-C                   quit (Esc on a transaction goes back)
            Standard input and output must be a terminal. NO_COLOR turns colour off.
            A store directory is opened for writing unless another process writes it (then rows are read-only).
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        try SearchCommand.refuseMisplacedCommand(arguments, words: words)
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            throw FSearchError.usage("the interactive search needs a terminal: standard \(isatty(STDIN_FILENO) == 1 ? "output" : "input") is not one",
                                     hint: "without -i, fsearch QUERY prints the matches (--format json or csv for a program)")
        }
        let environment = ProcessInfo.processInfo.environment
        let dates = try DateDisplay.chosen(arguments.value("date-format"), environment: environment)
        let rates = try arguments.value("rates").map { path throws(FSearchError) in try RatesFile.read(path) }
        let source = try DataSource.from(arguments)
        let (loaded, readOnlyReason) = try load(source, arguments)
        if let rates { loaded.store.exchangeRates = rates }
        if let today = arguments.value("today") { loaded.store.clock = .fixed(day: try Choice.day(today, option: "today")) }
        var query = try QueryOptions.query(from: arguments, today: loaded.store.today)
        if arguments.value("group") == nil { query.grouping = .day }
        let settings = BrowseSettings(styler: Styler.forOutput(environment: environment), dates: dates, showsIDs: !arguments.has("no-ids"),
                                      spansAccounts: SearchCommand.spansAccounts(Query(), in: loaded.store), readOnlyReason: readOnlyReason)
        let store = loaded.store
        let durable = readOnlyReason == nil ? loaded.durable : nil
        let path = loaded.name
        InteractiveTerminal.run(
            makeSession: { size, host in
                let model = TransactionSearchModel(store: store, query: query)
                return BrowseSession(model: model, settings: settings, size: size, editor: durable.map(editor),
                                     bulkEditor: durable.map(bulkEditor), host: host)
            },
            finish: { reason in
                if let durable { BackgroundCompaction.close(durable, path: path) }
                return reason == .quit ? 0 : 130
            })
    }

    /// The data, and why rows cannot be edited (nil when they can): a file or the sample is
    /// searched once; a store directory is opened for writing, or read-only when another
    /// process holds it (or `--recover` reads a damaged one).
    static func load(_ source: DataSource, _ arguments: ParsedArguments) throws(FSearchError) -> (DataSource.Loaded, String?) {
        let zone = try Choice.timeZone(arguments.value("tz"))
        guard case .store(let path) = source, !arguments.has("recover") else {
            let loaded = try source.load(arguments, timeZone: zone, baseCurrency: nil, skipBad: arguments.has("skip-bad"),
                                         recovering: arguments.has("recover"))
            let reason = loaded.durable == nil ? "only a store directory keeps edits (fsearch import FILE --store DIR)" : "the store was opened with --recover"
            return (loaded, reason)
        }
        do throws(FSearchError) {
            return (try source.load(arguments, timeZone: zone, baseCurrency: nil, writable: true), nil)
        } catch {
            guard case .store(let storeError, _) = error, case .locked = storeError.kind else { throw error }
            let loaded = try source.load(arguments, timeZone: zone, baseCurrency: nil)
            return (loaded, "another process is writing \(path)")
        }
    }

    /// Saves an edit through the store directory, the failure in the words fsearch uses.
    static func editor(_ durable: DurableStore) -> TransactionEditor {
        { id, patch in
            do throws(DurableStoreError) {
                return .success(try durable.update(id: id, patch))
            } catch {
                return .failure(EditFailure(ErrorReport(FSearchError.change(error, path: durable.directory.path)).message))
            }
        }
    }

    /// Changes every row a search matches through the store directory (one logged step that
    /// `fsearch undo` reverts), the failure in the words fsearch uses.
    static func bulkEditor(_ durable: DurableStore) -> BulkEditor {
        { query, patch in
            do throws(DurableStoreError) {
                return .success(try durable.update(matching: query, patch).rows.count)
            } catch {
                return .failure(EditFailure(ErrorReport(FSearchError.change(error, path: durable.directory.path)).message))
            }
        }
    }
}
