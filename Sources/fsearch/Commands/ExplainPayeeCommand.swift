import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch explain-payee TEXT`: how the payee cleaner turns one descriptor into a payee,
/// step by step (which rule removed or changed what), so a person can see why.
enum ExplainPayeeCommand {
    static let spec = CommandSpec(
        name: "fsearch explain-payee", abstract: "Show how a bank descriptor is cleaned into a payee, step by step.",
        arguments: "TEXT...", argumentsHelp: "The descriptor as the bank wrote it (words are joined by spaces; quote it to keep runs of spaces).",
        acceptsArguments: true,
        options: [.value("format", "text|json", help: "Write the steps as a table (default) or as JSON.")])

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard !arguments.arguments.isEmpty else { throw FSearchError.usage("explain-payee takes the descriptor to clean", hint: spec.usage) }
        let explanation = PayeeCleaner().explain(arguments.arguments.joined(separator: " "))
        switch arguments.value("format") ?? "text" {
        case "text": Console.write(text(of: explanation))
        case "json": Console.write(json(of: explanation))
        case let other: throw FSearchError.usage("--format is text or json, not '\(VisibleText.escaped(other))'", hint: spec.usage)
        }
        return 0
    }

    /// The steps as lines: the descriptor, each rule with what it removed and what was left,
    /// then the payee and processor.
    static func text(of explanation: PayeeExplanation) -> String {
        var lines = ["descriptor  " + VisibleText.escaped(explanation.descriptor)]
        let ruleWidth = explanation.steps.map(\.rule.count).max() ?? 0
        for (number, step) in explanation.steps.enumerated() {
            let rule = step.rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
            let verb = rewritingRules.contains(step.rule) ? "rewrote" : "removed"
            let removed = step.removed.isEmpty ? "" : "  \(verb) '\(VisibleText.escaped(step.removed))'"
            lines.append("  \(number + 1). \(rule)\(removed)  → \(VisibleText.escaped(step.text))")
        }
        if explanation.steps.isEmpty { lines.append("  (no rule changed it)") }
        lines.append("payee       " + VisibleText.escaped(explanation.result.payee))
        lines.append("processor   " + (explanation.result.processor.map(VisibleText.escaped) ?? "none"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rules that replace the text they take rather than drop it.
    static let rewritingRules: Set<String> = ["casing", "brand", "non-merchant", "processor-self"]

    /// `{"descriptor", "payee", "processor", "steps": [{"rule", "removed", "text"}]}`.
    static func json(of explanation: PayeeExplanation) -> String {
        func quoted(_ text: String) -> String {
            let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
            return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        let steps = explanation.steps.map { step in
            "{\"rule\":\(quoted(step.rule)),\"removed\":\(quoted(step.removed)),\"text\":\(quoted(step.text))}"
        }
        return "{\"descriptor\":\(quoted(explanation.descriptor)),\"payee\":\(quoted(explanation.result.payee)),"
            + "\"processor\":\(explanation.result.processor.map(quoted) ?? "null"),\"steps\":[\(steps.joined(separator: ","))]}\n"
    }
}
