import TransactionSearch

/// Hands a file's rows, in order, to the row converter and their entries to a sink: each entry
/// is held until the next row, so that continuation lines (`,,more text`) still reach it; a
/// section line (`Pending Transactions`) sets the status of the rows after it; skipped rows and
/// issues are kept for the statement. What the rows said (currencies, unknown statuses, pending
/// dates) becomes notes and the layout's currency reason at the end.
struct BankCSVRowAssembler<Sink: StatementEntrySink> {
    private(set) var converter: BankCSVRowConverter
    private let sink: Sink
    private var held: StatementEntry?
    private var sectionStatuses: [(record: Int, status: TransactionStatus)]
    private var nextSection = 0
    private(set) var accounts: [String] = []
    private(set) var issues: [ImportIssue] = []
    private(set) var skipped: [SkippedPart] = []

    /// An assembler for a file's plan and sections, handing entries to `sink`.
    init(plan: BankCSVRowConverter.Plan, clock: ZoneClock, sectionStatuses: [(record: Int, status: TransactionStatus)], sink: Sink) {
        converter = BankCSVRowConverter(plan: plan, clock: clock)
        self.sink = sink
        self.sectionStatuses = sectionStatuses
        if let account = plan.fixedAccount { accounts.append(account) }
    }

    /// Converts the data row `record` (its place in `view` is `local`).
    mutating func row(_ view: DelimitedTable.View, local: Int, record: Int) {
        while nextSection < sectionStatuses.count && sectionStatuses[nextSection].record < record {
            converter.sectionStatus = sectionStatuses[nextSection].status
            nextSection += 1
        }
        flush()
        let line = Int(view.line(local))
        do throws(ImportIssue) {
            switch try converter.convert(view, record: local, line: line) {
            case .entry(let entry):
                if let account = entry.account, accounts.last != account, !accounts.contains(account) { accounts.append(account) }
                held = entry
            case .skipped(let why):
                skipped.append(SkippedPart(.line(line), why))
            }
        } catch {
            issues.append(error)
        }
    }

    /// Adds a continuation line to the row above it.
    mutating func continuation(_ view: DelimitedTable.View, local: Int) {
        if held != nil {
            converter.appendContinuation(to: &held!, view, record: local)
        } else {
            skipped.append(SkippedPart(.line(Int(view.line(local))), "a line of text with no transaction above it to continue"))
        }
    }

    /// Hands the last entry over.
    mutating func finish() { flush() }

    private mutating func flush() {
        if let entry = held { sink.accept(entry) }
        held = nil
    }

    /// What the rows said that a person should know: unknown statuses read as posted, rows
    /// dated by another column because their date cell said pending.
    var notes: [String] {
        var notes: [String] = []
        if !converter.unknownStatuses.isEmpty {
            let words = converter.unknownStatuses.sorted { $0.key < $1.key }.map { "\(quoted($0.key)) (\($0.value) rows)" }
            notes.append("status words not known, read as posted: " + words.joined(separator: ", "))
        }
        if converter.pendingByDate > 0 {
            let byLastDay = converter.pendingDatedByLastDay
            let dated = byLastDay == converter.pendingByDate
                ? "dated by the file's last day (\(converter.plan.lastDay?.description ?? "?"))"
                : byLastDay > 0 ? "dated by \(converter.plan.secondaryDates.first?.label ?? "another date"), \(byLastDay) by the file's last day"
                : "dated by \(converter.plan.secondaryDates.first?.label ?? "another date column")"
            notes.append("\(converter.pendingByDate) rows say they are pending in the date column: read as pending, \(dated)")
        }
        return notes
    }

    /// Where the rows' currencies came from, in words (`the "Currency" column`, `the header
    /// "Amount (EUR)"`, `$ in the amounts: USD`).
    func currencyReason(headers: [HeaderName], fileCurrencySource: String?) -> String {
        let counts = converter.currencySources
        let plan = converter.plan
        var parts: [String] = []
        func count(_ source: BankCSVRowConverter.CurrencySource) -> Int { counts[source.rawValue] }
        let total = counts.reduce(0, +)
        func rows(_ source: BankCSVRowConverter.CurrencySource) -> String {
            count(source) == total ? "" : " (\(count(source)) rows)"
        }
        if count(.column) > 0, let column = plan.currency {
            let name = headers[ifPresent: column]?.original.nilIfEmpty.map(quoted) ?? "column \(column + 1)"
            parts.append("the \(name) column\(rows(.column))")
        }
        if count(.amountText) > 0 { parts.append("named in the amounts\(rows(.amountText))") }
        if count(.file) > 0, let currency = plan.fileCurrency { parts.append("\(currency.code), \(fileCurrencySource ?? "named by the file")\(rows(.file))") }
        if count(.symbol) > 0 { parts.append("$ or ¥ in the amounts, read as USD or JPY\(rows(.symbol))") }
        if count(.option) > 0, let currency = plan.defaultCurrency { parts.append("none in the file: \(currency.code), as given\(rows(.option))") }
        if count(.none) > 0 { parts.append("none in the file: the store's base currency\(rows(.none))") }
        return parts.isEmpty ? "no rows" : parts.joined(separator: "; ")
    }
}
