import CommandLineSupport
import Foundation
import TerminalUI
import TransactionSearch

/// `fsearch summary [QUERY]`: income, spending and net per month, balances per account, and
/// the categories whose spending changed most between the last two months.
enum SummaryCommand {
    static let spec = CommandSpec(
        name: "fsearch summary", abstract: "Income, spending and net per month, balances per account, the largest changes.",
        arguments: "[QUERY...]", argumentsHelp: "Words and search syntax narrowing the rows summarized (as for fsearch).",
        acceptsArguments: true,
        options: DataSource.options("summarize") + InsightArguments.filterOptions + [
            .value("changes", "N", help: "Categories listed under the largest changes (default 5)."),
            InsightArguments.todayOption,
            .value("format", "FORMAT", help: "table|csv|json (default table); csv: month,currency,income,spending,net."),
            .value("output", "FILE", help: "Write the summary to FILE, whole or not at all."),
        ],
        discussion: """
            EXAMPLES:
              fsearch summary --store ~/money
              fsearch summary --account Main --from 2026-01-01 --format csv
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "csv", "json"])
        let limit = try arguments.value("changes").map { text throws(FSearchError) in try Choice.count(text, option: "changes") } ?? 5
        let (loaded, query) = try InsightArguments.load(arguments, words: words)
        let summary = loaded.store.summary(matching: query, changeLimit: limit)
        if let path = arguments.value("output") { try OutputDestination.current.redirect(to: path) }
        switch format {
        case "csv": Console.write(csv(summary))
        case "json": Console.write(json(summary))
        default:
            let environment = ProcessInfo.processInfo.environment
            Console.write(table(summary, columns: TerminalSize.current(environment: environment).columns,
                                styler: Styler.forOutput(environment: environment)))
        }
        return 0
    }

    /// `month,currency,income,spending,net`.
    static func csv(_ summary: StoreSummary) -> String {
        "month,currency,income,spending,net\n" + summary.months.map { line in
            "\(line.month),\(line.income.currency.code),\(line.income.decimalText),\(line.spending.decimalText),\(line.net.decimalText)\n"
        }.joined()
    }

    /// `{"months": [...], "balances": [...], "changes": [...]}`.
    static func json(_ summary: StoreSummary) -> String {
        let months = summary.months.map { line in
            "    {\"month\": \"\(line.month)\", \"currency\": \"\(line.income.currency.code)\", \"count\": \(line.count), "
                + "\"income\": \"\(line.income.decimalText)\", \"spending\": \"\(line.spending.decimalText)\", \"net\": \"\(line.net.decimalText)\"}"
        }
        let balances = summary.balances.map { balance in
            let sums = balance.balance.map { "{\"currency\": \"\($0.currency.code)\", \"sum\": \"\($0.decimalText)\"}" }
            return "    {\"account\": \(balance.account.map(InsightText.json) ?? "null"), \"count\": \(balance.count), "
                + "\"balance\": [\(sums.joined(separator: ", "))]}"
        }
        let changes = summary.changes.map { change in
            "    {\"category\": \(change.category.map(InsightText.json) ?? "null"), \"from\": \"\(change.from)\", \"to\": \"\(change.to)\", "
                + "\"currency\": \"\(change.after.currency.code)\", \"before\": \"\(change.before.decimalText)\", "
                + "\"after\": \"\(change.after.decimalText)\", \"change\": \"\(change.change.decimalText)\"}"
        }
        func list(_ name: String, _ items: [String]) -> String {
            items.isEmpty ? "\"\(name)\": []" : "\"\(name)\": [\n" + items.joined(separator: ",\n") + "\n]"
        }
        return "{" + [list("months", months), list("balances", balances), list("changes", changes)].joined(separator: ",\n") + "}\n"
    }

    /// Three sections: months (with a bar of net), balances, largest changes.
    static func table(_ summary: StoreSummary, columns: Int, styler: Styler) -> String {
        guard !summary.months.isEmpty else { return "Nothing to summarize.\n" }
        let rows = summary.months.map { line in
            [line.month.description, line.income.currency.code, line.income.decimalText, line.spending.decimalText, line.net.decimalText]
        }
        let monthText = InsightText.table(["MONTH", "CUR", "INCOME", "SPENDING", "NET"], rows, rightAligned: [2, 3, 4])
        let width = monthText.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
        var largest: [Currency: Double] = [:]
        for line in summary.months { largest[line.net.currency] = max(largest[line.net.currency] ?? 0, abs(Double(line.net.minorUnits))) }
        var text = ""
        for (index, line) in monthText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            text += String(line)
            if index > 0 {
                let net = summary.months[index - 1].net
                let bar = BarChart.bar(Double(net.minorUnits), largest: largest[net.currency] ?? 0, width: max(0, min(40, columns - width - 3)))
                if !bar.isEmpty {
                    text += String(repeating: " ", count: max(0, width - DisplayWidth.of(line))) + "  "
                        + styler.apply(net.minorUnits < 0 ? .red : .green, to: bar)
                }
            }
            text += "\n"
        }
        text += "\nBALANCES\n" + InsightText.table(["ACCOUNT", "ROWS", "BALANCE"], summary.balances.map { balance in
            [balance.account ?? "No account", String(balance.count), balance.balance.map(\.description).joined(separator: ", ")]
        }, rightAligned: [1, 2])
        if let first = summary.changes.first {
            text += "\nLARGEST CHANGES IN SPENDING, \(first.from) → \(first.to)\n"
            text += InsightText.table(["CATEGORY", "BEFORE", "AFTER", "CHANGE"], summary.changes.map { change in
                [change.category ?? "Uncategorized", change.before.description, change.after.description,
                 (change.change.minorUnits > 0 ? "+" : "") + change.change.description]
            }, rightAligned: [1, 2, 3])
        }
        return text
    }
}
