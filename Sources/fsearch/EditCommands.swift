import CommandLineSupport
import Foundation
import TransactionSearch

/// Parses a command's words against its spec; prints help when asked (returns nil).
func parseCommand(_ words: [String], _ spec: CommandSpec) throws(CLIError) -> ParsedArguments? {
    let arguments: ParsedArguments
    do throws(UsageError) { arguments = try ArgumentParser.parse(words, for: spec) } catch {
        throw CLIError(error, command: spec.name.replacingOccurrences(of: "fsearch ", with: "") + " ")
    }
    if arguments.wantsHelp {
        Console.write(spec.helpText + "\n")
        return nil
    }
    return arguments
}

/// The store directory a command changes; required.
func requiredStore(_ arguments: ParsedArguments, _ spec: CommandSpec) throws(CLIError) -> String {
    guard let store = arguments.value("store") else {
        throw CLIError(.usage, "\(spec.name) needs --store DIR", hint: spec.usage)
    }
    return store
}

func durableError(_ error: DurableStoreError) -> CLIError {
    switch error {
    case .invalid(let error):
        if case .unknownID = error.reason { CLIError(.other, error.description, hint: "fsearch --store DIR QUERY shows ids with --format json") } else { CLIError(.badData, error.description) }
    case .invalidBatch(let error): CLIError(.badData, error.description)
    case .invalidImport(let error): CLIError(.badData, error.description)
    case .file(let error): DataSource.storeError(error)
    case .readOnly: CLIError(.other, error.description)
    }
}

/// The transaction fields as options, for add and update.
enum FieldOptions {
    static let options: [CommandSpec.Option] = [
        .value("id", "ID", help: "The id (add: generated when absent)."),
        .value("date", "DATE", help: "YYYY-MM-DD or an ISO 8601 date and time."),
        .value("merchant", "TEXT", help: "The merchant."),
        .value("amount", "AMOUNT", help: "Signed: -12.50 is money out."),
        .value("currency", "CODE", help: "ISO 4217, e.g. EUR (default: the store's base)."),
        .value("category", "TEXT", help: "The category."),
        .value("subcategory", "TEXT", help: "The subcategory (needs a category)."),
        .value("card", "TEXT", help: "The card, e.g. Visa 4242."),
        .value("account", "TEXT", help: "The account."),
        .value("status", "STATUS", help: "pending|posted."),
        .value("notes", "TEXT", help: "Free text."),
    ]

    static func date(_ text: String, zone: TimeZone) throws(CLIError) -> TransactionDate {
        do throws(ValidationError) { return try TransactionDate(parsing: text, in: zone) } catch {
            throw CLIError(.usage, "--date '\(text)': \(error.reasonText)", hint: "use YYYY-MM-DD or 2026-03-14T09:30:00Z")
        }
    }

    static func amount(_ text: String) throws(CLIError) -> DecimalAmount {
        try Choice.amount(text, option: "amount")
    }

    static func status(_ text: String) throws(CLIError) -> TransactionStatus {
        guard let status = TransactionStatus(parsing: text) else { throw CLIError(.usage, "--status '\(text)' is not pending or posted") }
        return status
    }
}

enum ImportCommand {
    static let spec = CommandSpec(
        name: "fsearch import", abstract: "Import a CSV or JSON file into a store directory (created when missing).",
        arguments: "FILE", argumentsHelp: "The file (- for standard input).", acceptsArguments: true,
        options: [
            .value("store", "DIR", help: "The store directory."),
            .value("tz", "ZONE", help: "Time zone of a new store (default UTC)."),
            .value("base", "CODE", help: "Base currency of a new store (default EUR)."),
            .flag("skip-bad", help: "Import the good rows and report the bad ones (default: all or nothing)."),
        ])

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        guard arguments.arguments.count == 1 else { throw CLIError(.usage, "import takes one FILE", hint: spec.usage) }
        let file = arguments.arguments[0]
        let source: DataSource = file == "-" ? .standardInput : .file(file)
        let (bytes, name) = try source.readInput()
        // --tz and --base set a new store's configuration, and must match an existing one's.
        var configuration: StoreConfiguration?
        if arguments.value("tz") != nil || arguments.value("base") != nil {
            var chosen = StoreConfiguration()
            if let zone = try Choice.timeZone(arguments.value("tz")) { chosen.timeZone = zone }
            if let base = arguments.value("base") {
                guard let currency = Currency(base) else { throw CLIError(.usage, "--base '\(base)' is not a currency code") }
                chosen.baseCurrency = currency
            }
            configuration = chosen
        }
        let format = DataSource.format(of: name, bytes)
        if !DataSource.storeExists(storePath) {
            // A new store is created only for an import that succeeds: try it in memory first.
            let trial = TransactionStore(configuration: configuration ?? StoreConfiguration())
            do throws(ImportError) {
                try trial.importTransactions(from: bytes, format: format, skippingInvalid: arguments.has("skip-bad"))
            } catch {
                throw DataSource.badData(error, in: name)
            }
        }
        let durable = try DataSource.open(store: storePath, writable: true, creating: true, configuration: configuration)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        let report: ImportReport
        do throws(DurableStoreError) {
            report = try durable.importTransactions(from: bytes, format: format, skippingInvalid: arguments.has("skip-bad"))
        } catch {
            if case .invalidImport(let importError) = error { throw DataSource.badData(importError, in: name) }
            throw durableError(error)
        }
        for issue in report.skipped { Console.error("fsearch: skipped \(name): \(issue)") }
        for warning in report.warnings { Console.error("fsearch: warning: \(name): \(warning)") }
        let skipped = report.skipped.isEmpty ? "" : ", skipped \(report.skipped.count) bad row(s)"
        Console.write("Imported \(report.addedIDs.count) transactions into \(storePath)\(skipped); it now holds \(durable.store.count).\n")
        return 0
    }
}

enum AddCommand {
    static let spec = CommandSpec(
        name: "fsearch add", abstract: "Add one transaction to a store directory; prints its id.",
        options: [.value("store", "DIR", help: "The store directory.")] + FieldOptions.options)

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        for required in ["date", "merchant", "amount"] where arguments.value(required) == nil {
            throw CLIError(.usage, "add needs --\(required)", hint: "fsearch add --store DIR --date 2026-03-14 --merchant Lidl --amount -12.50")
        }
        // A new store is created only for a transaction that is valid.
        let durable: DurableStore
        if !DataSource.storeExists(storePath) {
            let trial = TransactionStore()
            let first = try draft(arguments, zone: trial.timeZone)
            do throws(ValidationError) { try trial.add(first) } catch { throw CLIError(.badData, error.description) }
            durable = try DataSource.open(store: storePath, writable: true, creating: true)
        } else {
            durable = try DataSource.open(store: storePath, writable: true)
        }
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        let transaction = try draft(arguments, zone: durable.store.timeZone)
        do throws(DurableStoreError) {
            Console.write(try durable.add(transaction).id + "\n")
        } catch {
            throw durableError(error)
        }
        return 0
    }

    static func draft(_ arguments: ParsedArguments, zone: TimeZone) throws(CLIError) -> TransactionDraft {
        TransactionDraft(
            id: arguments.value("id"), date: try FieldOptions.date(arguments.value("date")!, zone: zone),
            merchant: arguments.value("merchant")!, category: arguments.value("category"), subcategory: arguments.value("subcategory"),
            card: arguments.value("card"), account: arguments.value("account"), amount: try FieldOptions.amount(arguments.value("amount")!),
            currency: arguments.value("currency"), status: try arguments.value("status").map(FieldOptions.status) ?? .posted,
            notes: arguments.value("notes"))
    }
}

enum UpdateCommand {
    static let spec = CommandSpec(
        name: "fsearch update", abstract: "Change fields of a transaction; an empty value (--notes \"\") clears a field.",
        arguments: "ID", argumentsHelp: "The transaction's id.", acceptsArguments: true,
        options: [.value("store", "DIR", help: "The store directory.")] + FieldOptions.options)

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard arguments.arguments.count == 1 else { throw CLIError(.usage, "update takes one ID", hint: spec.usage) }
        let durable = try DataSource.open(store: try requiredStore(arguments, spec), writable: true)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        var patch = TransactionPatch()
        func change(_ name: String) -> FieldChange<String> {
            guard let value = arguments.value(name) else { return .keep }
            return value.isEmpty ? .clear : .set(value)
        }
        patch.id = change("id")
        patch.merchant = change("merchant")
        patch.category = change("category")
        patch.subcategory = change("subcategory")
        patch.card = change("card")
        patch.account = change("account")
        patch.currency = change("currency")
        patch.notes = change("notes")
        if let date = arguments.value("date") {
            patch.date = date.isEmpty ? .clear : .set(try FieldOptions.date(date, zone: durable.store.timeZone))
        }
        if let amount = arguments.value("amount") { patch.amount = amount.isEmpty ? .clear : .set(try FieldOptions.amount(amount)) }
        if let status = arguments.value("status") { patch.status = status.isEmpty ? .clear : .set(try FieldOptions.status(status)) }
        guard !patch.isEmpty else { throw CLIError(.usage, "update needs a field to change", hint: "e.g. --category Groceries or --notes \"\"") }
        do throws(DurableStoreError) {
            let updated = try durable.update(id: arguments.arguments[0], patch)
            Console.write("Updated \(updated.id).\n")
        } catch {
            throw durableError(error)
        }
        return 0
    }
}

enum DeleteCommand {
    static let spec = CommandSpec(
        name: "fsearch delete", abstract: "Delete a transaction from a store directory.",
        arguments: "ID", argumentsHelp: "The transaction's id.", acceptsArguments: true,
        options: [.value("store", "DIR", help: "The store directory.")])

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard arguments.arguments.count == 1 else { throw CLIError(.usage, "delete takes one ID", hint: spec.usage) }
        let durable = try DataSource.open(store: try requiredStore(arguments, spec), writable: true)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        do throws(DurableStoreError) {
            let removed = try durable.delete(id: arguments.arguments[0])
            Console.write("Deleted \(VisibleText.escaped(removed.id)) (\(VisibleText.escaped(removed.merchant)), \(AmountText.text(of: removed.amount))).\n")
        } catch {
            throw durableError(error)
        }
        return 0
    }
}

enum ExportCommand {
    static let spec = CommandSpec(
        name: "fsearch export", abstract: "Write every transaction, oldest first, as CSV or JSON.",
        options: DataSource.options + [.value("format", "FORMAT", help: "csv|json (default csv)."),
                                       .flag("skip-bad", help: "Export a file's good rows only.")])

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let format: InterchangeFormat = try Choice.parse(arguments.value("format") ?? "csv", option: "format", among: InterchangeFormat.allCases)
        let loaded = try DataSource.from(arguments).load(timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
                                                         skipBad: arguments.has("skip-bad"), recovering: arguments.has("recover"))
        Console.write(loaded.store.export(as: format))
        return 0
    }
}

enum StatsCommand {
    static let spec = CommandSpec(name: "fsearch stats", abstract: "Rows, distinct strings, memory of each structure, load time.",
                                  options: DataSource.options)

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let loaded = try DataSource.from(arguments).load(timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
                                                         recovering: arguments.has("recover"))
        let statistics = loaded.store.statistics
        var lines = [
            "source        \(loaded.name)",
            "rows          \(statistics.rows)",
            "merchants     \(statistics.merchants) distinct",
            "categories    \(statistics.categories) distinct",
            "cards         \(statistics.cards)",
            "accounts      \(statistics.accounts)",
            "notes         \(statistics.notes) distinct",
            "days          \(statistics.days)",
            "currencies    \(statistics.currencies)",
            "memory        \(kilobytes(statistics.totalBytes)) in the store's structures"
                + (statistics.rows > 0 ? " (\(statistics.totalBytes / statistics.rows) B/row)" : ""),
        ]
        for (name, bytes) in statistics.bytesByStructure {
            lines.append("  \(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(kilobytes(bytes))")
        }
        lines.append("load time     " + String(format: "%.1f ms", loaded.loadMilliseconds))
        if let report = loaded.durable?.openReport {
            lines.append("snapshot      \(report.snapshotRows) rows")
            lines.append("log           \(report.logRecords) records, \(kilobytes(report.logBytes))")
        }
        Console.write(lines.joined(separator: "\n") + "\n")
        return 0
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) B" : String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}

enum CheckCommand {
    static let spec = CommandSpec(
        name: "fsearch check", abstract: "Verify a store directory (checksums, log, every index), or list every bad row of a file.",
        options: DataSource.options)

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let source = try DataSource.from(arguments)
        if case .store(let path) = source {
            let durable = try DataSource.open(store: path, writable: false, recovering: arguments.has("recover"))
            if let problem = durable.store.textIndexProblem() {
                throw CLIError(.badData, "\(path): snapshot: \(problem); rewrite it with this build: fsearch compact --store \(path)")
            }
            durable.store.checkInvariants()
            let report = durable.openReport
            for warning in report.warnings { Console.error("fsearch: warning: \(warning)") }
            Console.write("ok: \(path): \(durable.store.count) transactions (snapshot \(report.snapshotRows) rows, log \(report.logRecords) records); checksums and indexes verified.\n")
            return 0
        }
        let (bytes, name) = try source.readInput()
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: try Choice.timeZone(arguments.value("tz")) ?? .utc))
        let report: ImportReport
        do throws(ImportError) {
            report = try store.importTransactions(from: bytes, format: DataSource.format(of: name, bytes), skippingInvalid: true)
        } catch {
            throw DataSource.badData(error, in: name)
        }
        for problem in report.skipped { Console.error("\(name): \(problem)") }
        for warning in report.warnings { Console.error("fsearch: warning: \(name): \(warning)") }
        guard report.skipped.isEmpty else {
            throw CLIError(.badData, "\(name): \(report.skipped.count) bad row(s); \(report.addedIDs.count) good")
        }
        Console.write("ok: \(name): \(report.addedIDs.count) transactions, every row valid.\n")
        return 0
    }
}

enum CompactCommand {
    static let spec = CommandSpec(name: "fsearch compact", abstract: "Fold a store's log into a new snapshot.",
                                  options: [.value("store", "DIR", help: "The store directory.")])

    static func run(_ words: [String]) throws(CLIError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let durable = try DataSource.open(store: try requiredStore(arguments, spec), writable: true)
        defer {
            DataSource.printNotices(of: durable)
            durable.close()
        }
        do throws(DurableStoreError) { try durable.compact() } catch { throw durableError(error) }
        Console.write("Compacted: \(durable.store.count) transactions in the snapshot, the log is empty.\n")
        return 0
    }
}
