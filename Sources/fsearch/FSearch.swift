import CommandLineSupport
import Foundation
import TransactionSearch

/// fsearch: search, group and edit transactions from the terminal. The first word picks a
/// command (import, inspect, add, update, delete, export, stats, check, compact, saved, rules,
/// undo, history, explain, browse, ...); a word one edit from one is refused as a typo
/// (`CommandTypos`); anything else is a search (`@NAME` a saved one).
@main
struct FSearch {
    /// fsearch's version: the library's, which `CHANGELOG.md` names (one source of truth).
    static let version = TransactionSearchRelease.version

    /// The command a first word names, or nil for a search.
    static func command(_ name: String) -> (([String]) throws(FSearchError) -> Int32)? {
        switch name {
        case "import": ImportCommand.run
        case "add": AddCommand.run
        case "update": UpdateCommand.run
        case "delete": DeleteCommand.run
        case "export": ExportCommand.run
        case "stats": StatsCommand.run
        case "check": CheckCommand.run
        case "compact": CompactCommand.run
        case "explain-payee": ExplainPayeeCommand.run
        case "explain": ExplainCommand.run
        case "rules": RulesCommand.run
        case "undo": UndoCommand.run
        case "history": HistoryCommand.run
        case "repair-payees": RepairPayeesCommand.run
        case "inspect": InspectCommand.run
        case "browse": BrowseCommand.run
        case "stress": StressCommand.run
        case "saved": SavedCommand.run
        case "recurring": RecurringCommand.run
        case "report": ReportCommand.run
        case "summary": SummaryCommand.run
        default: nil
        }
    }

    static func main() {
        let words = Array(CommandLine.arguments.dropFirst())
        let status: Int32
        do throws(FSearchError) {
            if let first = words.first, let command = command(first) {
                status = try command(Array(words.dropFirst()))
            } else if let first = words.first, let meant = CommandTypos.command(meantBy: first) {
                throw CommandTypos.error(first, meant: meant, words: words)
            } else {
                status = try SearchCommand.run(words)
            }
            // A result that could not be written whole is an error, never an exit 0.
            try OutputDestination.current.finish()
        } catch {
            OutputDestination.current.abandon()
            let report = ErrorReport(error)
            Console.error("fsearch: \(report.message)")
            for line in report.details { Console.error("  " + line) }
            if let hint = report.hint { Console.error("hint: \(hint)") }
            exit(report.status.rawValue)
        }
        exit(status)
    }
}
