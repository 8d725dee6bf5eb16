import CommandLineSupport
import Foundation
import TransactionSearch
import TransactionSearchFiles

/// `fsearch inspect FILE`: what a file is and what importing it would do, without importing:
/// the first thing to run when an import fails. Short and readable; `--format json` for
/// scripts.
enum InspectCommand {
    static let spec = CommandSpec(
        name: "fsearch inspect",
        abstract: "Show what a file is and what importing it would do: format, encoding, columns understood, dates, accounts, the first transactions as they would be stored, and any problem.",
        arguments: "FILE", argumentsHelp: "The file (- for standard input).", acceptsArguments: true,
        options: [
            .value("store", "DIR", help: "Compare with a store directory: what is already there, which pending rows would be replaced (default: $FSEARCH_STORE, once it exists)."),
            .value("tz", "ZONE", help: "Time zone of times with no offset (default UTC, or the store's)."),
            .value("format", "FORMAT", help: "text|json (default text)."),
            .value("save-profile", "FILE", help: "Save the bank CSV options understood as a profile, for --profile."),
        ] + ImportFlags.reading + ImportFlags.defaults)

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard arguments.arguments.count == 1 else { throw FSearchError.usage("inspect takes one FILE", hint: spec.usage) }
        let file = arguments.arguments[0]
        let (bytes, name) = try (file == "-" ? DataSource.standardInput : DataSource.file(file)).readInput()
        let output = try Choice.parse(arguments.value("format") ?? "text", option: "format", among: ["text", "json"])
        var options = try ImportFlags.options(arguments, name: name, bytes: bytes, skipBad: true)
        let store: TransactionStore
        var durable: DurableStore?
        // FSEARCH_STORE compares too, once its store exists (before the first import it does not).
        if let path = arguments.value("store")
            ?? DataSource.storePath(arguments).flatMap({ DataSource.storeExists($0) ? $0 : nil }) {
            durable = try DataSource.open(store: path, writable: false)
            store = durable!.store
        } else {
            store = TransactionStore(timeZone: try Choice.timeZone(arguments.value("tz")) ?? .utc)
        }
        defer { durable?.close() }
        if let zone = try Choice.timeZone(arguments.value("tz")) { options.timeZone = zone }
        let preview: ImportPreview
        do throws(ImportError) {
            preview = try store.previewImport(of: bytes, options: options)
        } catch {
            throw FSearchError.badFile(error, name: name)
        }
        if let path = arguments.value("save-profile") { try saveProfile(preview, to: path) }
        if output == "json" {
            Console.write(try json(InspectSummary(name: name, preview: preview)))
        } else {
            Console.write(text(name: name, preview: preview, comparing: durable != nil, accountGiven: options.account != nil))
        }
        return 0
    }

    static func saveProfile(_ preview: ImportPreview, to path: String) throws(FSearchError) {
        guard let layout = preview.report.layout else {
            throw FSearchError.usage("--save-profile: \(preview.report.format) files need no profile (only bank CSV exports do)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(layout.options).write(to: URL(fileURLWithPath: path))
        } catch {
            throw FSearchError.io("\(path): cannot be written (\(error.localizedDescription))")
        }
    }

    /// The preview as a few labelled lines.
    static func text(name: String, preview: ImportPreview, comparing: Bool, accountGiven: Bool = false) -> String {
        let report = preview.report
        var lines = ["file          \(name)", "format        \(report.format), \(report.encoding)"]
        if let layout = report.layout {
            lines.append("delimiter     \(VisibleText.escaped(layout.delimiter)) (\(layout.delimiterReason))")
            if let known = layout.knownExport { lines.append("export        \(VisibleText.escaped(known)) (its conventions apply)") }
            if let header = layout.headerLine { lines.append("header        line \(header)") }
            for column in layout.columns { lines.append("  \(VisibleText.escaped(column.description))") }
            for column in layout.ignoredColumns { lines.append("  ignored \(VisibleText.escaped(column.description))") }
            lines.append("dates         \(layout.dateStyle)\(layout.dateOrder.map { ", \($0)" } ?? "") (\(layout.dateOrderReason))")
            lines.append("decimal       \(layout.decimalSeparator.map(\.rawValue) ?? "none") (\(layout.decimalSeparatorReason))")
            for reading in layout.dateReadings { lines.append("  undecided   \(VisibleText.escaped(reading))") }
            if layout.needsDateOrder {
                lines.append("  undecided   nothing in the file tells the order: an import needs --date-order dmy or --date-order mdy (read dmy here)")
            }
            lines.append("sign          \(layout.sign) (\(layout.signReason))")
            lines.append("currency      \(VisibleText.escaped(layout.currencyReason))")
            if !layout.preambleLines.isEmpty { lines.append("preamble      lines \(layout.preambleLines.map(String.init).joined(separator: ", "))") }
            for footer in layout.footerLines { lines.append("footer        \(VisibleText.escaped(footer.description))") }
        }
        if report.layout == nil, let decided = report.decisions {
            lines.append("dates         \(VisibleText.escaped(decided.dates))")
            lines.append("sign          \(VisibleText.escaped(decided.sign))")
            lines.append("currency      \(VisibleText.escaped(decided.currency))")
        }
        if !report.accounts.isEmpty {
            lines.append("accounts      \(report.accounts.joined(separator: ", "))")
        } else if !accountGiven {
            lines.append("accounts      none named: its rows are told from another account's by date, amount and text alone; --account NAME keeps two accounts' files apart")
        }
        lines.append("currencies    \(preview.currencies.map(\.code).joined(separator: ", "))")
        if let dates = preview.dates { lines.append("date range    \(dates.lowerBound) to \(dates.upperBound)") }
        var counts = "\(preview.records) transactions"
        if comparing {
            let corrections = report.correctedIDs.isEmpty ? "" : ", \(report.correctedIDs.count) to correct"
            counts += ": \(preview.additions) new, \(report.alreadyPresent) already present\(corrections), \(report.replacedPendingIDs.count) pending to replace"
        }
        lines.append("count         " + counts)
        for notice in report.notices { lines.append("check         \(VisibleText.escaped(notice))") }
        for part in report.skippedParts.prefix(10) { lines.append("skipped       \(VisibleText.escaped(part.description))") }
        if report.skippedParts.count > 10 { lines.append("skipped       ... and \(report.skippedParts.count - 10) more") }
        for warning in report.warnings.prefix(10) { lines.append("note          \(VisibleText.escaped(warning))") }
        for problem in preview.problems.prefix(10) { lines.append("problem       \(VisibleText.escaped(problem.description))") }
        if preview.problems.count > 10 { lines.append("problem       ... and \(preview.problems.count - 10) more") }
        if !preview.firstRows.isEmpty {
            lines.append("first rows    (as they would be stored)")
            for row in preview.firstRows {
                let stored = row.transaction
                let fields = [stored.date.description, stored.merchant, stored.amount.description,
                              stored.status == .pending ? "pending" : "", stored.account ?? "", stored.notes ?? ""]
                lines.append("  \(row.location): \(outcomeText(row)): " + fields.filter { !$0.isEmpty }.map(VisibleText.escaped).joined(separator: "  "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `new`, `already present as tx_3`, `replaces pending tx_5`.
    static func outcomeText(_ row: ImportPreview.Row) -> String {
        switch row.outcome {
        case .new: "new"
        case .alreadyPresent: "already present as \(VisibleText.escaped(row.transaction.id))"
        case .replacesPending(let id): "replaces pending \(VisibleText.escaped(id))"
        case .corrects(let id): "corrects \(VisibleText.escaped(id))"
        }
    }

    static func json(_ summary: InspectSummary) throws(FSearchError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return String(decoding: try encoder.encode(summary), as: UTF8.self) + "\n"
        } catch {
            throw FSearchError.failed("the summary cannot be written as JSON: \(error.localizedDescription)")
        }
    }
}

/// `fsearch inspect --format json`.
struct InspectSummary: Encodable {
    var file: String
    var format: String
    var encoding: String
    var layout: BankCSVLayout?
    /// What decided the currency, the dates and the sign, in words (every format).
    var decisions: ReadingDecisions?
    var accounts: [String]
    var currencies: [String]
    var firstDay: String?
    var lastDay: String?
    var records: Int
    var additions: Int
    var alreadyPresent: Int
    var matchedWithoutAccount: Int
    var toCorrect: Int
    var pendingToReplace: Int
    var likelyDuplicates: [String]
    var skipped: [String]
    var warnings: [String]
    var problems: [String]
    /// The first records as they would be stored: their fields (`id` once stored), `location`,
    /// and `outcome` (`new`, `already-present`, `replaces-pending` with `replaces`: the id,
    /// `corrects` with `corrects`: the id).
    var firstRows: [[String: String]]

    init(name: String, preview: ImportPreview) {
        let report = preview.report
        file = name
        format = report.format.rawValue
        encoding = report.encoding.rawValue
        layout = report.layout
        decisions = report.decisions
        accounts = report.accounts
        currencies = preview.currencies.map(\.code)
        firstDay = preview.dates?.lowerBound.description
        lastDay = preview.dates?.upperBound.description
        records = preview.records
        additions = preview.additions
        alreadyPresent = report.alreadyPresent
        matchedWithoutAccount = report.matchedWithoutAccount
        toCorrect = report.correctedIDs.count
        pendingToReplace = report.replacedPendingIDs.count
        likelyDuplicates = report.likelyDuplicates.map { "\($0.location): \($0.existingID)" }
        skipped = report.skippedParts.map(\.description)
        warnings = report.warnings
        problems = preview.problems.map(\.description)
        firstRows = preview.firstRows.map { row in
            var fields: [String: String] = ["location": row.location.description]
            for field in TransactionField.allCases {
                if let text = field.text(in: row.transaction), !text.isEmpty { fields[field.rawValue] = text }
            }
            switch row.outcome {
            case .new: fields["outcome"] = "new"
            case .alreadyPresent: fields["outcome"] = "already-present"
            case .replacesPending(let id): (fields["outcome"], fields["replaces"]) = ("replaces-pending", id)
            case .corrects(let id): (fields["outcome"], fields["corrects"]) = ("corrects", id)
            }
            return fields
        }
    }
}
