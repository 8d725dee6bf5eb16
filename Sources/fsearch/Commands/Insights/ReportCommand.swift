import CommandLineSupport
import Foundation
import TerminalUI
import TransactionSearch

/// `fsearch report [QUERY]`: spending or income per period and group, as a table with bars,
/// CSV (`period,group,count,currency,sum`) or JSON.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "fsearch report", abstract: "Spending or income per week, month or year, by category, payee, merchant, card or account.",
        arguments: "[QUERY...]", argumentsHelp: "Words and search syntax narrowing the rows reported (as for fsearch).",
        acceptsArguments: true,
        options: DataSource.options("report on") + InsightArguments.filterOptions + [
            .value("period", "PERIOD", help: "week|month|year (default month)."),
            .value("by", "FIELD", help: "category|payee|merchant|card|account|none (default category)."),
            .value("kind", "KIND", help: "expense|income|all: spending, income, or every row summed net (default expense)."),
            .value("rates", "FILE", help: "Exchange rates, JSON: {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}; totals and bars in the base."),
            .value("top", "N", help: "Groups listed per period in the table (default 8; the rest summed as Other)."),
            InsightArguments.todayOption,
            .value("format", "FORMAT", help: "table|csv|json (default table)."),
            .value("output", "FILE", help: "Write the report to FILE, whole or not at all."),
        ],
        discussion: """
            The table lists each period, its total and its largest groups with bars fitted to the
            terminal (COLUMNS); csv writes one line per period, group and currency. Every row by month
            or year, by category or none, is read from the store's running totals, not its rows.

            EXAMPLES:
              fsearch report --store ~/money --from 2025-01-01 --to 2026-12-31
              fsearch report --period week --by payee --from last-month
              fsearch report --kind income --period year --by account --format csv
            """)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        let format = try Choice.parse(arguments.value("format") ?? "table", option: "format", among: ["table", "csv", "json"])
        let period: ReportPeriod = try Choice.parse(arguments.value("period") ?? "month", option: "period", among: ReportPeriod.allCases)
        let by = try Choice.parse(arguments.value("by") ?? "category", option: "by", among: ["none"] + ReportDimension.allCases.map(\.rawValue))
        let kind = try Choice.parse(arguments.value("kind") ?? "expense", option: "kind", among: ["expense", "income", "all"])
        let top = try arguments.value("top").map { text throws(FSearchError) in try Choice.count(text, option: "top") } ?? 8
        let rates = try arguments.value("rates").map { path throws(FSearchError) in try RatesFile.read(path) }
        let (loaded, query) = try InsightArguments.load(arguments, words: words)
        if let rates { loaded.store.exchangeRates = rates }
        let report = loaded.store.report(ReportRequest(
            query: query, period: period, dimension: ReportDimension(rawValue: by), kind: TransactionKind(rawValue: kind)))
        if let path = arguments.value("output") { try OutputDestination.current.redirect(to: path) }
        switch format {
        case "csv": Console.write(csv(report))
        case "json": Console.write(json(report))
        default:
            let columns = TerminalSize.current(environment: ProcessInfo.processInfo.environment).columns
            Console.write(table(report, top: top, columns: columns,
                                styler: Styler.forOutput(environment: ProcessInfo.processInfo.environment)))
        }
        return 0
    }

    /// `period,group,count,currency,sum`, one line per period, group and currency.
    static func csv(_ report: Report) -> String {
        var text = "period,group,count,currency,sum\n"
        for cell in report.cells {
            for amount in cell.amounts {
                text += "\(cell.period.text ?? ""),\(InsightText.csv(cell.group.map(\.title) ?? "")),\(amount.count),"
                    + "\(amount.sum.currency.code),\(amount.sum.decimalText)\n"
            }
        }
        return text
    }

    /// The same numbers as JSON: `{"period", "by", "kind", "cells": [{"period", "group", "count", "sums", "base"}]}`.
    static func json(_ report: Report) -> String {
        let cells = report.cells.map { cell -> String in
            let sums = cell.amounts.map {
                "{\"currency\": \"\($0.sum.currency.code)\", \"count\": \($0.count), \"sum\": \"\($0.sum.decimalText)\"}"
            }
            var fields = ["\"period\": \"\(cell.period.text ?? "")\""]
            if report.request.dimension != nil {
                fields.append("\"group\": " + (cell.group?.text.map(InsightText.json) ?? "null"))
            }
            fields += ["\"count\": \(cell.count)", "\"sums\": [\(sums.joined(separator: ", "))]"]
            if let base = cell.base { fields.append("\"base\": {\"currency\": \"\(base.currency.code)\", \"sum\": \"\(base.decimalText)\"}") }
            if let problem = cell.baseProblem { fields.append("\"baseProblem\": \(InsightText.json(problem.description))") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let header = "\"period\": \"\(report.request.period.rawValue)\", \"by\": \"\(report.request.dimension?.rawValue ?? "none")\", "
            + "\"kind\": \"\(report.request.kind?.rawValue ?? "all")\""
        return cells.isEmpty ? "{\(header), \"cells\": []}\n" : "{\(header), \"cells\": [\n" + cells.joined(separator: ",\n") + "\n]}\n"
    }

    /// Per period its total, then its largest groups (the rest as Other), each with a bar.
    static func table(_ report: Report, top: Int, columns: Int, styler: Styler) -> String {
        guard !report.cells.isEmpty else { return "Nothing to report.\n" }
        let measure = ChartMeasure(report.cells)
        var lines: [(label: String, amount: String, rest: String, value: Double, isTotal: Bool)] = []
        func add(_ label: String, _ cell: ReportCell, isTotal: Bool) {
            let (amount, rest) = measure.texts(cell)
            lines.append((label, amount, rest, measure.value(cell), isTotal))
        }
        var index = 0
        while index < report.cells.count {
            let period = report.cells[index].period
            var cells: [ReportCell] = []
            while index < report.cells.count && report.cells[index].period == period {
                cells.append(report.cells[index])
                index += 1
            }
            add(period.text ?? period.title, ChartMeasure.sum(cells), isTotal: true)
            guard report.request.dimension != nil else { continue }
            let ranked = cells.sorted { abs(measure.value($0)) > abs(measure.value($1)) }
            for cell in ranked.prefix(top) { add("  " + (cell.group?.title ?? ""), cell, isTotal: false) }
            if ranked.count > top { add("  Other (\(ranked.count - top))", ChartMeasure.sum(Array(ranked.dropFirst(top))), isTotal: false) }
        }
        let labelWidth = min(32, lines.map { DisplayWidth.of($0.label) }.max() ?? 0)
        let amountWidth = lines.map { DisplayWidth.of($0.amount) }.max() ?? 0
        let barWidth = max(0, min(50, columns - labelWidth - amountWidth - 4))
        let largest = lines.filter { report.request.dimension == nil || !$0.isTotal }.map { abs($0.value) }.max() ?? 0
        let largestTotal = lines.filter(\.isTotal).map { abs($0.value) }.max() ?? 0
        var text = ""
        for line in lines {
            let label = TextFitting.truncated(line.label, toWidth: labelWidth)
            let bar = BarChart.bar(line.value, largest: line.isTotal ? largestTotal : largest, width: barWidth)
            var row = label + String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label))) + "  "
                + String(repeating: " ", count: max(0, amountWidth - DisplayWidth.of(line.amount))) + line.amount
            if line.isTotal { row = styler.apply(.bold, to: row) }
            row += "  " + styler.apply(line.value < 0 ? .red : .green, to: bar)
            if !line.rest.isEmpty { row += String(repeating: " ", count: barWidth - DisplayWidth.of(bar)) + "  " + line.rest }
            text += row.replacingOccurrences(of: " +$", with: "", options: .regularExpression) + "\n"
        }
        let kind = report.request.kind.map { $0 == .expense ? "spending" : "income" } ?? "net"
        return text + "\(report.periods.count) \(report.request.period.rawValue)s, \(kind)"
            + (measure.baseCurrency.map { ", bars in \($0.code)" } ?? (measure.currencies > 1 ? ", bars in \(measure.barCurrency.code) only" : ""))
            + ".\n"
    }
}

/// The number a bar shows for a cell: its base total when the store has rates, else its sum
/// in the report's main currency (the one with the most rows); and amount texts.
struct ChartMeasure {
    let barCurrency: Currency
    let baseCurrency: Currency?
    let currencies: Int

    init(_ cells: [ReportCell]) {
        var rows: [Currency: Int] = [:]
        for cell in cells {
            for amount in cell.amounts { rows[amount.sum.currency, default: 0] += amount.count }
        }
        barCurrency = rows.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? .eur
        baseCurrency = cells.lazy.compactMap { $0.base?.currency ?? ($0.baseProblem != nil ? $0.amounts.first?.sum.currency : nil) }.first
        currencies = rows.count
    }

    func value(_ cell: ReportCell) -> Double {
        if baseCurrency != nil { return cell.base.map { Double($0.minorUnits) } ?? 0 }
        return cell.amounts.first { $0.sum.currency == barCurrency }.map { Double($0.sum.minorUnits) } ?? 0
    }

    /// The amount the bar shows (the base total, or the main currency's sum) and the other
    /// currencies' sums, written after the bar.
    func texts(_ cell: ReportCell) -> (amount: String, rest: String) {
        if let baseCurrency {
            let amount = cell.base?.description ?? "? \(baseCurrency.code)"
            let listed = cell.sums.count > 1 || cell.sums.first?.currency != baseCurrency
            return (amount, listed ? "(" + cell.sums.map(\.description).joined(separator: ", ") + ")" : "")
        }
        let main = cell.amounts.first { $0.sum.currency == barCurrency }?.sum ?? Money(minorUnits: 0, currency: barCurrency)
        let others = cell.sums.filter { $0.currency != barCurrency }.map(\.description)
        return (main.description, others.isEmpty ? "" : "+ " + others.joined(separator: ", "))
    }

    /// The cells summed per currency into one (base totals added when every cell has one).
    static func sum(_ cells: [ReportCell]) -> ReportCell {
        var amounts: [Currency: ReportAmount] = [:]
        var base: Money? = cells.first?.base
        for (index, cell) in cells.enumerated() {
            for amount in cell.amounts {
                var total = amounts[amount.sum.currency] ?? ReportAmount(count: 0, sum: Money(minorUnits: 0, currency: amount.sum.currency))
                total.count += amount.count
                total.sum.minorUnits += amount.sum.minorUnits
                amounts[amount.sum.currency] = total
            }
            if index > 0 {
                base = base.flatMap { sum in cell.base.map { Money(minorUnits: sum.minorUnits + $0.minorUnits, currency: sum.currency) } }
            }
        }
        return ReportCell(period: cells.first?.period ?? .year(0), group: nil,
                          amounts: amounts.values.sorted { $0.sum.currency < $1.sum.currency }, base: base)
    }
}
