import TransactionSearch

/// The state of one pass over an OFX document: the statement, transaction, status and skipped
/// aggregate open at the current element, fed by `MarkupElementReader` events. See `OFXReader`.
struct OFXDocumentReader: MarkupDocumentReader {
    private struct OpenStatement {
        var tag: OFXTag
        var line: Int
        var info: OFXTransaction.StatementInfo
        /// Entries read before the statement's `CURDEF` or account: completed when it closes.
        var incomplete: [Int] = []
        /// How many `STMTTRN` the statement held.
        var transactions = 0
    }

    private struct Status {
        var line: Int
        var code: String?
        var severity: String?
        var message: String?
    }

    private struct Response {
        var line: Int
        var problem: String?
        var hadStatement = false
    }

    /// An aggregate left out on purpose (an investment trade, a position list...).
    private struct SkippedAggregate {
        var name: String
        var line: Int
        /// The depth with the aggregate open.
        var depth: Int
        var fitID: String?
        var total: String?
        var children = 0
    }

    var elements: MarkupElementReader
    private let clock: ZoneClock
    var output: ParsedStatement
    private var sawOFX = false
    private var statementCount = 0
    private var statement: OpenStatement?
    private var transaction: OFXTransaction?
    private var status: Status?
    private var response: Response?
    private var skipping: SkippedAggregate?
    private var bankProblems: [String] = []
    /// The `CURDEF` codes of the statements, in order, each once; whether a transaction named
    /// its own currency (`CURRENCY`).
    private(set) var statementCurrencies: [String] = []
    private(set) var sawTransactionCurrency = false
    private var knownAccounts: Set<String> = []
    /// Entries given to the sink so far.
    var handedOver = 0
    /// Tags by vocabulary code.
    private let tags = OFXTag.allCases
    private let investmentListCode = OFXTag.allCases.firstIndex(of: .investmentTransactionList)!

    /// A reader of decoded bytes; `encoding` is what they were decoded from.
    init(_ bytes: ByteView, clock: ZoneClock, encoding: TextEncoding) {
        elements = MarkupElementReader(bytes, vocabulary: OFXTag.vocabulary)
        self.clock = clock
        output = ParsedStatement(format: .ofx, encoding: encoding)
    }

    private var bytes: ByteView { elements.bytes }

    private func tag(code: Int) -> OFXTag? { code >= 0 ? tags[code] : nil }

    /// Whether no open statement still lacks its currency or account.
    var entriesCanGo: Bool { statement?.incomplete.isEmpty ?? true }

    // MARK: Events

    mutating func open(_ event: MarkupElementReader.Event) {
        if skipping != nil {
            if elements.depth == skipping!.depth + 1 { skipping!.children += 1 }
            return
        }
        let tag = tag(code: event.code)
        switch tag {
        case .ofx?:
            sawOFX = true
        case let tag? where tag.isStatement:
            finishStatement()
            statementCount += 1
            response?.hadStatement = true
            let info = OFXTransaction.StatementInfo(isCreditCard: tag == .creditCardStatement)
            statement = OpenStatement(tag: tag, line: event.line, info: info)
        case .transaction?:
            finishTransaction()
            transaction = OFXTransaction(line: event.line)
        case .status?:
            status = Status(line: event.line)
        case let tag? where tag.isStatementResponse:
            response = Response(line: event.line)
        case .positionList?, .openOrders?, .securityList?, .investmentBalance?, .retirement401k?, .retirement401kBalance?:
            skip(event)
        default:
            if elements.ancestor(1) == investmentListCode && tag != .investmentBankTransaction { skip(event) }
        }
    }

    private mutating func skip(_ event: MarkupElementReader.Event) {
        skipping = SkippedAggregate(name: elements.name(event.name).uppercased(), line: event.line, depth: elements.depth)
    }

    mutating func leaf(_ event: MarkupElementReader.Event) {
        guard let tag = self.tag(code: event.code) else { return }
        if skipping != nil {
            if tag == .fitID && skipping!.fitID == nil { skipping!.fitID = MarkupText.string(bytes, event.value) }
            if tag == .total && skipping!.total == nil { skipping!.total = MarkupText.string(bytes, event.value) }
            return
        }
        let parent = self.tag(code: elements.nearestKnownAncestor())
        if transaction != nil {
            transaction!.set(tag, OFXTransaction.Field(value: event.value, line: event.line), parent: parent)
            return
        }
        if status != nil && parent == .status {
            let text = MarkupText.string(bytes, event.value)
            switch tag {
            case .code: status!.code = text
            case .severity: status!.severity = text.uppercased()
            case .message: status!.message = text
            default: break
            }
            return
        }
        guard statement != nil, let parent else { return }
        if tag == .defaultCurrency && parent.isStatement {
            let text = MarkupText.string(bytes, event.value)
            if !text.isEmpty && !statementCurrencies.contains(text.uppercased()) { statementCurrencies.append(text.uppercased()) }
            statement!.info.currency = Currency(text)
            statement!.info.invalidCurrency = Currency(text) == nil ? text : nil
        } else if tag == .bankID && parent.isAccountFrom {
            let bankID = MarkupText.string(bytes, event.value)
            statement!.info.bankID = bankID.isEmpty ? nil : bankID
        } else if tag == .accountID && parent.isAccountFrom {
            let number = MarkupText.string(bytes, event.value)
            guard !number.isEmpty else { return }
            let masked = StatementEntry.maskedAccount(number)
            statement!.info.account = masked
            statement!.info.accountNumber = number
            if knownAccounts.insert(masked).inserted { output.accounts.append(masked) }
        }
    }

    mutating func close(_ event: MarkupElementReader.Event) {
        if let skipped = skipping {
            if elements.depth < skipped.depth { finishSkipping() }
            return
        }
        switch tag(code: event.code) {
        case .transaction?: finishTransaction()
        case let tag? where tag.isStatement: finishStatement()
        case .status?: finishStatus()
        case let tag? where tag.isStatementResponse: finishResponse()
        default: break
        }
    }

    // MARK: Finishing aggregates

    private mutating func finishTransaction() {
        guard let record = transaction.take() else { return }
        if record.currencySymbol != nil { sawTransactionCurrency = true }
        statement?.transactions += 1
        let info = statement?.info ?? OFXTransaction.StatementInfo(isCreditCard: false)
        switch record.outcome(bytes, statement: info, clock: clock) {
        case .entry(let entry):
            if statement != nil && (entry.currency == nil || entry.account == nil) {
                statement!.incomplete.append(output.entries.count)
            }
            output.entries.append(entry)
            if let action = record.correctAction, MarkupText.string(bytes, action.value).uppercased() == "REPLACE" {
                let target = record.correctFITID.map { " FITID " + MarkupText.string(bytes, $0.value) } ?? ""
                output.warnings.append("line \(record.line): a correction replacing the earlier transaction\(target), read as a transaction of its own")
            }
        case .skipped(let part):
            output.skipped.append(part)
        case .issue(let issue):
            output.issues.append(issue)
        }
    }

    /// Completes the entries read before the statement named its currency or account.
    private mutating func finishStatement() {
        guard let open = statement else { return }
        statement = nil
        if open.transactions == 0 {
            output.warnings.append("line \(open.line): the statement (\(open.tag.rawValue)) lists no transactions")
        }
        var withdrawn: Set<Int> = []
        for index in open.incomplete {
            if output.entries[index].currency == nil {
                if let currency = open.info.currency {
                    output.entries[index].currency = currency
                } else if let invalid = open.info.invalidCurrency {
                    withdrawn.insert(index)
                    let location = output.entries[index].location
                    output.issues.append(ImportIssue(location, field: .currency, .invalid(.invalidCurrency(invalid))))
                }
            }
            if output.entries[index].account == nil, let account = open.info.account {
                output.entries[index].account = account
                output.entries[index].accountIdentity = open.info.accountIdentity
                if open.info.isCreditCard { output.entries[index].card = account }
            }
        }
        if !withdrawn.isEmpty {
            output.entries = output.entries.enumerated().filter { !withdrawn.contains($0.offset) }.map(\.element)
            output.issues.sort { $0.location.order < $1.location.order }
        }
    }

    private mutating func finishStatus() {
        guard let closed = status else { return }
        status = nil
        let severity = closed.severity ?? ""
        guard severity == "ERROR" || severity == "WARN" else { return }
        var text = "the bank reported " + (severity == "ERROR" ? "an error" : "a warning")
        let details = [closed.code.map { "code " + $0 }, closed.message].compactMap { $0 }
        if !details.isEmpty { text += " (" + details.joined(separator: ": ") + ")" }
        if severity == "ERROR" { bankProblems.append(text) }
        if response != nil && tag(code: elements.nearestKnownAncestor())?.isStatementResponse == true {
            response!.problem = text
        } else {
            output.warnings.append("line \(closed.line): \(text)")
        }
    }

    private mutating func finishResponse() {
        guard let closed = response else { return }
        response = nil
        guard let problem = closed.problem else { return }
        let outcome = closed.hadStatement ? "its statement was read anyway" : "it sent no statement"
        output.warnings.append("line \(closed.line): \(problem); \(outcome)")
    }

    private mutating func finishSkipping() {
        guard let skipped = skipping else { return }
        skipping = nil
        let location = ImportIssue.Location.line(skipped.line)
        let reason: String
        switch OFXTag(rawValue: skipped.name) {
        case .positionList?: reason = "\(skipped.children) positions (holdings), not transactions"
        case .openOrders?: reason = "\(skipped.children) open orders, not transactions"
        case .securityList?: reason = "\(skipped.children) securities described, not transactions"
        case .investmentBalance?: reason = "investment balances, not transactions"
        case .retirement401k?, .retirement401kBalance?: reason = "401(k) account details, not transactions"
        default:
            let facts = [skipped.fitID.map { "FITID " + $0 }, skipped.total.map { "total " + $0 }].compactMap { $0 }
            let described = facts.isEmpty ? "" : " (" + facts.joined(separator: ", ") + ")"
            reason = "an investment transaction\(described), not imported: only cash transactions (INVBANKTRAN) are"
        }
        output.skipped.append(SkippedPart(location, skipped.name + ": " + reason))
    }

    /// The end of the input: what is left open, and whether there was anything to read.
    mutating func finish() throws(ImportIssue) {
        if let record = transaction {
            transaction = nil
            output.issues.append(ImportIssue(.line(record.line), .malformed("the file ends inside this transaction (no </STMTTRN>)")))
        }
        finishSkipping()
        if let open = statement {
            output.warnings.append("line \(open.line): the file ends inside this statement (no </\(open.tag.rawValue)>): it may be cut short")
            finishStatement()
        } else if elements.depth > 0 || elements.scanner.endedInsideMarkup {
            output.warnings.append("the file ends inside an element or a tag: it may be cut short")
        }
        guard statementCount == 0 && output.entries.isEmpty && handedOver == 0 && output.issues.isEmpty else { return }
        if !sawOFX { throw ImportIssue(.line(1), .malformed("not an OFX file: no <OFX> element")) }
        guard bankProblems.isEmpty else {
            throw ImportIssue(.line(1), .malformed("no statement (STMTRS, CCSTMTRS or INVSTMTRS) in the file: " + bankProblems.joined(separator: "; ")))
        }
        // A bank that has nothing to report may send a response with no statement in it.
        output.warnings.append("the file holds no statement (STMTRS, CCSTMTRS or INVSTMTRS): no transactions")
    }
}
