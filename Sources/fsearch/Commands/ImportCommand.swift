import CommandLineSupport
import Foundation
import TransactionSearch

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
        let format = DataSource.format(of: name, bytes)
        if !DataSource.storeExists(storePath) {
            // A new store is created only for an import that succeeds: try it in memory first.
            let trial = TransactionStore(configuration: configuration ?? StoreConfiguration())
            do throws(ImportError) {
                try trial.importTransactions(from: bytes, format: format, skippingInvalid: arguments.has("skip-bad"))
            } catch {
                throw FSearchError.badFile(error, name: name)
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
            if case .invalidImport(let importError) = error { throw FSearchError.badFile(importError, name: name) }
            throw FSearchError.change(error, path: storePath)
        }
        for issue in report.skipped { Console.error("fsearch: skipped \(name): \(issue)") }
        for warning in report.warnings { Console.error("fsearch: warning: \(name): \(warning)") }
        let skipped = report.skipped.isEmpty ? "" : ", skipped \(report.skipped.count) bad row(s)"
        Console.write("Imported \(report.addedIDs.count) transactions into \(storePath)\(skipped); it now holds \(durable.store.count).\n")
        return 0
    }
}
