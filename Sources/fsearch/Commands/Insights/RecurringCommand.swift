import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch recurring [QUERY]`: the recurring payments (and income) among the matching rows.
enum RecurringCommand {
    static let spec = CommandSpec(
        name: "fsearch recurring", abstract: "Recurring payments: subscriptions, rent, salaries, insurance, utilities.",
        arguments: "[QUERY...]", argumentsHelp: "Words and search syntax narrowing the rows searched (as for fsearch).",
        acceptsArguments: true,
        options: DataSource.options("search") + InsightArguments.filterOptions + [
            InsightArguments.todayOption,
            .value("format", "FORMAT", help: "table|json (default table)."),
            .flag("active", help: "Only the series still running (at most one payment overdue)."),
            .flag("ids", help: "List each series' transaction ids under it (table)."),
        ],
        discussion: """
            A series is one payee's payments (or income) of one currency at a cadence: weekly, biweekly,
            semimonthly, monthly, every-N-months or yearly; days may drift and move off weekends, one
            occurrence may be missed, and a price may change (reported). Daily coffee and weekly
            groceries of varying amounts are not series. docs/insights.md explains the rules.

            EXAMPLES:
              fsearch recurring --store ~/money
              fsearch recurring netflix --format json
              fsearch recurring --kind expense --active
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "json"])
        let (loaded, query) = try InsightArguments.load(arguments, words: words)
        var series = loaded.store.recurringSeries(matching: query)
        if arguments.has("active") { series = series.filter(\.isActive) }
        Console.write(format == "json" ? json(series) : table(series, showingIDs: arguments.has("ids")))
        return 0
    }

    /// `{"series": [...]}` as docs/SPEC.md section 13 writes it, with the rest of each series.
    static func json(_ series: [RecurringSeries]) -> String {
        let items = series.map { item -> String in
            let changes = item.priceChanges.map { change in
                "{\"day\": \"\(change.day)\", \"from\": \"\(change.from.decimalText)\", \"to\": \"\(change.to.decimalText)\"}"
            }
            let fields = [
                "\"payee\": \(InsightText.json(item.payee))",
                "\"cadence\": \"\(item.cadence)\"",
                "\"amount\": \"\(item.amount.decimalText)\"",
                "\"currency\": \"\(item.currency.code)\"",
                "\"count\": \(item.count)",
                "\"first\": \"\(item.first)\"",
                "\"last\": \"\(item.last)\"",
                "\"next\": \"\(item.next)\"",
                "\"minimum\": \"\(item.minimum.decimalText)\"",
                "\"maximum\": \"\(item.maximum.decimalText)\"",
                "\"priceChanges\": [\(changes.joined(separator: ", "))]",
                "\"missed\": \(item.missed)",
                "\"active\": \(item.isActive)",
                "\"confidence\": \((item.confidence * 100).rounded() / 100)",
                "\"reason\": \(InsightText.json(item.reason))",
                "\"ids\": [\(item.ids.map(InsightText.json).joined(separator: ", "))]",
            ]
            return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
        }
        return items.isEmpty ? "{\"series\": []}\n" : "{\"series\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
    }

    /// One line a series: payee, cadence, amount (range), count, last and next day, and why.
    static func table(_ series: [RecurringSeries], showingIDs: Bool) -> String {
        guard !series.isEmpty else { return "No recurring payments found.\n" }
        var rows: [[String]] = []
        for item in series {
            var amount = item.amount.description
            if item.minimum != item.maximum && item.priceChanges.isEmpty {
                amount += " (\(item.minimum.decimalText)…\(item.maximum.decimalText))"
            }
            let changes = item.priceChanges.map { "\($0.from.decimalText) → \($0.to.decimalText) on \($0.day)" }
            rows.append([
                item.payee, item.cadence.description, amount, String(item.count), item.last.description,
                item.isActive ? item.next.description : "ended",
                String(Int((item.confidence * 100).rounded())) + "%",
                ([item.reason] + changes).joined(separator: "; "),
            ])
        }
        var text = InsightText.table(["PAYEE", "CADENCE", "AMOUNT", "COUNT", "LAST", "NEXT", "SURE", "WHY"], rows,
                                     rightAligned: [2, 3, 6])
        if showingIDs {
            for item in series { text += "\(item.payee) \(item.cadence): \(item.ids.joined(separator: " "))\n" }
        }
        let active = series.filter(\.isActive).count
        return text + "\(series.count) series, \(active) active.\n"
    }
}
