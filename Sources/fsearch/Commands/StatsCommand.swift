import CommandLineSupport
import Foundation
import TransactionSearch

enum StatsCommand {
    static let spec = CommandSpec(name: "fsearch stats", abstract: "Rows, distinct strings, memory of each structure, load time.",
                                  options: DataSource.options("measure"))

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let loaded = try DataSource.from(arguments).load(arguments, timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
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
