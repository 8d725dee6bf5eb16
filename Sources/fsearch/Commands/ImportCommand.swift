import CommandLineSupport
import Foundation
import TransactionSearch
import TransactionSearchFiles

enum ImportCommand {
    static let spec = CommandSpec(
        name: "fsearch import",
        abstract: "Import a file into a store directory (created when missing): our CSV or JSON, OFX/QFX, QIF, camt, MT940, or a bank's CSV export. What is already there is not added again.",
        arguments: "FILE", argumentsHelp: "The file (- for standard input).", acceptsArguments: true,
        options: [
            storeOption,
            .value("tz", "ZONE", help: "Time zone of a new store (default UTC)."),
            .value("base", "CODE", help: "Base currency of a new store (default: the file's currency, else the locale's)."),
            .flag("skip-bad", help: "Import the good rows and report the bad ones (default: all or nothing)."),
        ] + ImportFlags.reading + ImportFlags.defaults)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let storePath = try requiredStore(arguments, spec)
        guard arguments.arguments.count == 1 else { throw FSearchError.usage("import takes one FILE", hint: spec.usage) }
        let file = arguments.arguments[0]
        let source: DataSource = file == "-" ? .standardInput : .file(file)
        let (bytes, name) = try source.readInput()
        // --tz and --base set a new store's configuration, and must match an existing one's.
        var configuration: StoreConfiguration?
        if arguments.value("tz") != nil || arguments.value("base") != nil {
            var chosen = StoreConfiguration()
            if let zone = try Choice.timeZone(arguments.value("tz")) { chosen.timeZone = zone }
            if let base = arguments.value("base") {
                guard let currency = Currency(base) else { throw FSearchError.usage("--base '\(base)' is not a currency code") }
                chosen.baseCurrency = currency
            }
            configuration = chosen
        }
        let options = try ImportFlags.options(arguments, name: name, bytes: bytes, skipBad: arguments.has("skip-bad"))
        let existing = DataSource.storeExists(storePath)
        if !existing {
            // A new store is created only for an import that succeeds: try it in memory first.
            // Its base is --base, else the file's first currency, else the locale's (NewStoreBase).
            var chosen = configuration ?? StoreConfiguration()
            let given = arguments.value("base") != nil
            let locale = NewStoreBase.locale()
            if !given { chosen.baseCurrency = locale?.0 ?? .eur }
            let first = try trial(bytes, options: options, configuration: chosen, name: name)
            if !given {
                let source: NewStoreBase.Source
                if let currency = first.firstCurrency {
                    source = options.currency == currency ? .option("--currency") : .firstImport(name)
                    if currency != chosen.baseCurrency {
                        chosen.baseCurrency = currency
                        _ = try trial(bytes, options: options, configuration: chosen, name: name)
                    }
                } else if let (_, setting) = locale {
                    source = .locale(setting)
                } else {
                    throw NewStoreBase.undecided(file: name)
                }
                Console.error("fsearch: note: new store \(storePath): base currency \(chosen.baseCurrency.code), from \(source.words) (--base chooses another)")
            }
            configuration = chosen
        }
        let durable = try DataSource.open(store: storePath, writable: true, creating: true, configuration: existing ? nil : configuration)
        defer {
            BackgroundCompaction.close(durable, path: storePath)
        }
        if existing, let configuration {
            // Only what was given must match: --tz alone says nothing of the base, and back.
            let store = durable.store
            let zone = arguments.value("tz") != nil && configuration.timeZone.identifier != store.timeZone.identifier
            let base = arguments.value("base") != nil && configuration.baseCurrency != store.baseCurrency
            if zone || base {
                throw FSearchError.usage(
                    "\(storePath) keeps time zone \(store.timeZone.identifier) and base currency \(store.baseCurrency), not "
                        + [zone ? "time zone \(configuration.timeZone.identifier)" : nil, base ? "base currency \(configuration.baseCurrency)" : nil]
                        .compactMap { $0 }.joined(separator: " and "),
                    hint: "--tz and --base apply to a new store; leave them out to import into this one")
            }
        }
        let report: ImportReport
        do throws(DurableStoreError) {
            report = try durable.importStatement(from: bytes, options: options)
        } catch {
            if case .invalidImport(let importError) = error { throw FSearchError.badFile(importError, name: name) }
            throw FSearchError.change(error, path: storePath)
        }
        for issue in report.skipped { Console.error("fsearch: skipped \(name): \(issue)") }
        for warning in report.warnings { Console.error("fsearch: warning: \(name): \(warning)") }
        for notice in report.notices { Console.error("fsearch: check: \(name): \(notice)") }
        Console.write("\(name) (\(report.format)): \(report.summary); \(storePath) now holds \(durable.store.count).\n")
        return 0
    }

    /// Imports `bytes` into a store in memory: what a new store would hold, or the file's error.
    private static func trial(_ bytes: [UInt8], options: ImportOptions, configuration: StoreConfiguration,
                              name: String) throws(FSearchError) -> ImportReport {
        do throws(ImportError) {
            return try TransactionStore(configuration: configuration).importStatement(from: bytes, options: options)
        } catch {
            throw FSearchError.badFile(error, name: name)
        }
    }
}
