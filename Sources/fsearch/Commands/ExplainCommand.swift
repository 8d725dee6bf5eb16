import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch explain ID`: one transaction whole, each editable field with who set it last (the
/// file, the payee cleaner, a hand edit, a rule by name), and how its payee was cleaned.
enum ExplainCommand {
    static let spec = CommandSpec(
        name: "fsearch explain", abstract: "Show a transaction's fields, who set each, and how its payee was cleaned.",
        arguments: "ID", argumentsHelp: "The transaction's id (the first column of a search).", acceptsArguments: true,
        options: DataSource.options("explain"))

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard arguments.arguments.count == 1 else { throw FSearchError.usage("explain takes one ID", hint: spec.usage) }
        let loaded = try DataSource.from(arguments).load(arguments, timeZone: try Choice.timeZone(arguments.value("tz")), baseCurrency: nil)
        defer { loaded.durable?.close() }
        let id = arguments.arguments[0]
        guard let transaction = loaded.store.transaction(id: id) else {
            throw FSearchError.invalidChange(ValidationError(.id, .unknownID(id)))
        }
        Console.write(text(of: transaction))
        return 0
    }

    /// Every field (`field  value  (set by ...)`), the processor, then the payee's cleaning.
    static func text(of transaction: Transaction) -> String {
        let width = TransactionField.allCases.map(\.rawValue.count).max() ?? 0
        var lines: [String] = []
        for field in TransactionField.allCases {
            let value = field.text(in: transaction).map(VisibleText.escaped) ?? "none"
            let source = FieldSources.fields.contains(field) ? "  (set by \(VisibleText.escaped(transaction.sources[field].description)))" : ""
            lines.append(field.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value + source)
        }
        lines.append("processor".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (transaction.processor.map(VisibleText.escaped) ?? "none"))
        if transaction.sources[.payee] == .cleaner {
            lines.append("")
            lines.append("How the payee was cleaned from the merchant:")
            lines += ExplainPayeeCommand.text(of: PayeeCleaner().explain(transaction.merchant)).split(separator: "\n").map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
