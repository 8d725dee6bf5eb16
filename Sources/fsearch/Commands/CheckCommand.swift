import CommandLineSupport
import Foundation
import TransactionSearch
import TransactionSearchFiles

enum CheckCommand {
    static let spec = CommandSpec(
        name: "fsearch check", abstract: "Verify a store directory (checksums, log, every index), or list every bad row of a file.",
        options: DataSource.options("check (every bad row is listed)") + ImportFlags.defaults)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let source = try DataSource.from(arguments)
        if case .store(let path) = source {
            let durable = try DataSource.open(store: path, writable: false, recovering: arguments.has("recover"))
            if let problem = durable.store.diagnostics.textIndexProblem() {
                throw FSearchError.badData("\(path): snapshot: \(problem); rewrite it with this build: fsearch compact --store \(path)")
            }
            // The library reports what disagrees; a damaged structure never crashes the check.
            let problems = durable.store.diagnostics.verify()
            for problem in problems { Console.error("fsearch: \(path): \(problem)") }
            if !problems.isEmpty {
                throw FSearchError.badData("\(path): the store's indexes disagree with its rows (\(problems.count) problem\(problems.count == 1 ? "" : "s") above); nothing was changed; export the store (fsearch export --store \(path) --output rows.csv) and import that file into a new store")
            }
            let report = durable.openReport
            for warning in report.warnings { Console.error("fsearch: warning: \(warning)") }
            Console.write("ok: \(path): \(durable.store.count) transactions (snapshot \(report.snapshotRows) rows, log \(report.logRecords) records); checksums and indexes verified.\n")
            return 0
        }
        let (bytes, name) = try source.readInput()
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: try Choice.timeZone(arguments.value("tz")) ?? .utc))
        let report: ImportReport
        let options = try ImportFlags.options(arguments, name: name, bytes: bytes, skipBad: true)
        do throws(ImportError) {
            report = try store.importStatement(from: bytes, options: options)
        } catch {
            throw FSearchError.badFile(error, name: name)
        }
        for problem in report.skipped { Console.error("\(name): \(problem)") }
        for warning in report.warnings { Console.error("fsearch: warning: \(name): \(warning)") }
        guard report.skipped.isEmpty else {
            throw FSearchError.badData("\(name): \(report.skipped.count) bad row(s); \(report.addedIDs.count) good")
        }
        Console.write("ok: \(name): \(report.format), \(report.addedIDs.count) transactions, every record valid.\n")
        return 0
    }
}
