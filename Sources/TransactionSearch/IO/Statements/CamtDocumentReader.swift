/// The state of one pass over a camt document: the statement, entry and transaction detail
/// open at the current element, fed by `MarkupElementReader` events. See `CamtReader`.
struct CamtDocumentReader {
    private struct OpenStatement {
        var path: String
        var line: Int
        var info = CamtEntry.StatementInfo()
        var hasIBAN = false
        var entryCount = 0
        /// Entries read before the statement's account or currency: completed when it closes.
        var incomplete: [Int] = []
    }

    private typealias Event = MarkupElementReader<CamtTag>.Event

    private var elements: MarkupElementReader<CamtTag>
    private let clock: ZoneClock
    private var output: ParsedStatement
    private var sawMessage = false
    private var statementCount = 0
    private var statement: OpenStatement?
    private var entry: CamtEntry?
    private var entryPath = ""
    private var detail: CamtEntry.Detail?
    /// Entries outside any statement (a broken file), numbered on their own.
    private var looseEntryCount = 0
    private var knownAccounts: Set<String> = []
    private static let vocabulary = CamtTag.vocabulary

    init(_ bytes: UnsafeBufferPointer<UInt8>, clock: ZoneClock, encoding: TextEncoding) {
        elements = MarkupElementReader(bytes, vocabulary: Self.vocabulary)
        self.clock = clock
        output = ParsedStatement(format: .camt, encoding: encoding)
    }

    private var bytes: UnsafeBufferPointer<UInt8> { elements.bytes }

    /// Reads every element, then checks that the file held a statement.
    mutating func read() throws(ImportIssue) -> ParsedStatement {
        while let event = try elements.next() {
            switch event.kind {
            case .open: open(event)
            case .leaf: leaf(event)
            case .close: close(event)
            }
        }
        try finish()
        return output
    }

    private func tag(_ level: Int) -> CamtTag? { Self.vocabulary.tag(elements.ancestor(level)) }

    // MARK: Events

    private mutating func open(_ event: Event) {
        switch Self.vocabulary.tag(event.code) {
        case let tag? where tag.isMessage:
            sawMessage = true
        case let tag? where tag.isStatement:
            finishEntry()
            finishStatement()
            statementCount += 1
            statement = OpenStatement(path: elements.path(fromDepth: 0) + "[\(statementCount)]", line: event.line)
        case .entry?:
            finishEntry()
            let index: Int
            if statement != nil {
                statement!.entryCount += 1
                index = statement!.entryCount
                entryPath = statement!.path + "/Ntry[\(index)]"
            } else {
                looseEntryCount += 1
                index = looseEntryCount
                entryPath = elements.path(fromDepth: 0) + "[\(index)]"
            }
            entry = CamtEntry(index: index, line: event.line)
        case .entryDetails?:
            entry?.detailGroups += 1
        case .transactionDetails?:
            guard let open = entry else { return }
            let group = max(open.detailGroups, 1)
            let index = open.details.count(where: { $0.group == group }) + 1
            detail = CamtEntry.Detail(group: group, index: index, line: event.line)
        default:
            break
        }
    }

    private mutating func leaf(_ event: Event) {
        guard let tag = Self.vocabulary.tag(event.code) else { return }
        let field = CamtEntry.Field(value: event.value, line: event.line)
        if detail != nil {
            detailLeaf(tag, field, event)
        } else if entry != nil {
            entryLeaf(tag, field, event)
        } else if statement != nil {
            statementLeaf(tag, field)
        }
    }

    private mutating func detailLeaf(_ tag: CamtTag, _ field: CamtEntry.Field, _ event: Event) {
        let parent = self.tag(0)
        switch (tag, parent) {
        case (.amount, .transactionDetails?):
            detail!.amount = amountField(event)
        case (.amount, .transactionAmount?) where self.tag(1) == .amountDetails && self.tag(2) == .transactionDetails:
            detail!.transactionAmount = amountField(event)
        case (.creditDebit, .transactionDetails?): detail!.creditDebit = field
        case (.servicerReference, .references?): detail!.servicerReference = field
        case (.endToEndID, .references?): detail!.endToEndID = field
        case (.transactionID, .references?): detail!.transactionID = field
        case (.unstructured, .remittance?): detail!.unstructured.append(field)
        case (.additionalTransactionInfo, .transactionDetails?): detail!.additionalInfo = field
        case (.name, _):
            let partyLevel = parent == .party ? 1 : 0
            guard let party = self.tag(partyLevel), party.isParty, self.tag(partyLevel + 1) == .relatedParties else { return }
            switch party {
            case .creditor: detail!.creditor = detail!.creditor ?? field
            case .debtor: detail!.debtor = detail!.debtor ?? field
            case .ultimateCreditor: detail!.ultimateCreditor = detail!.ultimateCreditor ?? field
            default: detail!.ultimateDebtor = detail!.ultimateDebtor ?? field
            }
        default:
            setBankCode(tag, field, &detail!.bankCode)
        }
    }

    private mutating func entryLeaf(_ tag: CamtTag, _ field: CamtEntry.Field, _ event: Event) {
        let parent = self.tag(0)
        switch (tag, parent) {
        case (.amount, .entry?): entry!.amount = amountField(event)
        case (.creditDebit, .entry?): entry!.creditDebit = field
        case (.status, .entry?): entry!.status = field
        case (.code, .status?) where self.tag(1) == .entry: entry!.status = field
        case (.date, .bookingDate?), (.dateTime, .bookingDate?):
            entry!.bookingDate = field
            entry!.bookingDateIsDateTime = tag == .dateTime
        case (.date, .valueDate?), (.dateTime, .valueDate?):
            entry!.valueDate = field
            entry!.valueDateIsDateTime = tag == .dateTime
        case (.servicerReference, .entry?): entry!.servicerReference = field
        case (.entryReference, .entry?): entry!.reference = field
        case (.additionalEntryInfo, .entry?): entry!.additionalInfo = field
        default: setBankCode(tag, field, &entry!.bankCode)
        }
    }

    /// `BkTxCd/Domn/Cd`, `BkTxCd/Domn/Fmly/Cd`, `.../Fmly/SubFmlyCd`, `BkTxCd/Prtry/Cd`.
    private func setBankCode(_ tag: CamtTag, _ field: CamtEntry.Field, _ code: inout CamtEntry.BankCode) {
        switch (tag, self.tag(0)) {
        case (.code, .domain?) where self.tag(1) == .bankTransactionCode: code.domain = field
        case (.code, .family?) where self.tag(1) == .domain: code.family = field
        case (.subFamilyCode, .family?): code.subFamily = field
        case (.code, .proprietary?) where self.tag(1) == .bankTransactionCode: code.proprietary = field
        default: break
        }
    }

    private mutating func statementLeaf(_ tag: CamtTag, _ field: CamtEntry.Field) {
        switch tag {
        case .iban where self.tag(0) == .identification && self.tag(1) == .account && self.tag(2)?.isStatement == true:
            setAccount(field, isIBAN: true)
        case .identification where self.tag(0) == .other && self.tag(1) == .identification && self.tag(2) == .account
            && self.tag(3)?.isStatement == true:
            setAccount(field, isIBAN: false)
        case .currency where self.tag(0) == .account && self.tag(1)?.isStatement == true:
            statement!.info.currency = MarkupText.withBytes(bytes, field.value) { text in
                Currency(String(decoding: text, as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func setAccount(_ field: CamtEntry.Field, isIBAN: Bool) {
        guard isIBAN || !statement!.hasIBAN else { return }
        let number = MarkupText.string(bytes, field.value)
        guard !number.isEmpty else { return }
        let masked = AccountMask.masked(number)
        statement!.info.account = masked
        statement!.hasIBAN = statement!.hasIBAN || isIBAN
        if knownAccounts.insert(masked).inserted { output.accounts.append(masked) }
    }

    private func amountField(_ event: Event) -> CamtEntry.AmountField {
        CamtEntry.AmountField(value: event.value, currency: MarkupText.attribute("Ccy", in: bytes, event.attributes), line: event.line)
    }

    private mutating func close(_ event: Event) {
        switch Self.vocabulary.tag(event.code) {
        case .transactionDetails?:
            if let closed = detail { entry?.details.append(closed) }
            detail = nil
        case .entry?:
            finishEntry()
        case let tag? where tag.isStatement:
            finishEntry()
            finishStatement()
        default:
            break
        }
    }

    // MARK: Finishing

    private mutating func finishEntry() {
        if let closed = detail {
            entry?.details.append(closed)
            detail = nil
        }
        guard let closed = entry else { return }
        entry = nil
        let before = output.entries.count
        let info = statement?.info ?? CamtEntry.StatementInfo()
        closed.append(to: &output, bytes: bytes, path: entryPath, statement: info, clock: clock)
        if statement != nil && (info.currency == nil || info.account == nil) {
            statement!.incomplete.append(contentsOf: before..<output.entries.count)
        }
    }

    /// Completes the entries read before the statement named its account or currency.
    private mutating func finishStatement() {
        guard let open = statement else { return }
        statement = nil
        for index in open.incomplete {
            if output.entries[index].currency == nil { output.entries[index].currency = open.info.currency }
            if output.entries[index].account == nil { output.entries[index].account = open.info.account }
        }
    }

    private mutating func finish() throws(ImportIssue) {
        if let open = entry {
            entry = nil
            detail = nil
            output.issues.append(ImportIssue(.element(path: entryPath, line: open.line),
                                             .malformed("the file ends inside this entry (no </Ntry>)")))
        }
        if let open = statement {
            output.warnings.append("line \(open.line) (\(open.path)): the file ends inside this statement: it may be cut short")
            finishStatement()
        } else if elements.depth > 0 || elements.scanner.endedInsideMarkup {
            output.warnings.append("the file ends inside an element or a tag: it may be cut short")
        }
        guard statementCount == 0 && output.entries.isEmpty && output.issues.isEmpty else { return }
        if !sawMessage {
            throw ImportIssue(.line(1), .malformed(
                "not a camt.052, camt.053 or camt.054 document: no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn element"))
        }
        throw ImportIssue(.line(1), .malformed("no statement (Stmt, Rpt or Ntfctn) in the file"))
    }
}
