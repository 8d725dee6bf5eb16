import CommandLineSupport
import Foundation
import TransactionSearch

enum ExportCommand {
    static let spec = CommandSpec(
        name: "fsearch export", abstract: "Write every transaction, oldest first, as CSV or JSON.",
        options: DataSource.options("export") + [.value("format", "FORMAT", help: "csv|json (default csv)."),
                                       .value("output", "FILE", help: "Write to FILE, whole or not at all (a temporary file renamed when complete)."),
                                       .flag("skip-bad", help: "Export a file's good rows only.")])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let format: InterchangeFormat = try Choice.parse(arguments.value("format") ?? "csv", option: "format", among: InterchangeFormat.allCases)
        let loaded = try DataSource.from(arguments).load(arguments, timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil,
                                                         skipBad: arguments.has("skip-bad"), recovering: arguments.has("recover"))
        if let path = arguments.value("output") { try OutputDestination.current.redirect(to: path) }
        Console.write(loaded.store.export(as: format))
        return 0
    }
}
