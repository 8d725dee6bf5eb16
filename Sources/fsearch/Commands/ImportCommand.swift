import CommandLineSupport
import Foundation
import TransactionSearch

enum ImportCommand {
    static let spec = CommandSpec(
        name: "fsearch import",
        abstract: "Import a file into a store directory (created when missing): our CSV or JSON, OFX/QFX, QIF, camt, MT940, or a bank's CSV export. What is already there is not added again.",
        arguments: "FILE", argumentsHelp: "The file (- for standard input).", acceptsArguments: true,
        options: [
            storeOption,
            .value("tz", "ZONE", help: "Time zone of a new store (default UTC)."),
            .value("base", "CODE", help: "Base currency of a new store (default EUR)."),
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
        if !DataSource.storeExists(storePath) {
            // A new store is created only for an import that succeeds: try it in memory first.
            let trial = TransactionStore(configuration: configuration ?? StoreConfiguration())
            do throws(ImportError) {
                try trial.importStatement(from: bytes, options: options)
            } catch {
                throw FSearchError.badFile(error, name: name)
            }
        }
        let durable = try DataSource.open(store: storePath, writable: true, creating: true, configuration: configuration)
        defer {
            BackgroundCompaction.close(durable, path: storePath)
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
}
