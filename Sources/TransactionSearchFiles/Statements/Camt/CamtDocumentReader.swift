import TransactionSearch

/// The state of one pass over a camt document: the statement, entry and transaction detail
/// open at the current element, fed by `MarkupElementReader` events. See `CamtReader`.
struct CamtDocumentReader: MarkupDocumentReader {
    private struct OpenStatement {
        var path: String
        /// `path` and `/Ntry[`, the start of every entry's path.
        var entryPathPrefix: String
        var line: Int
        var info = CamtEntry.StatementInfo()
        var hasIBAN = false
        var entryCount = 0
        /// Entries read before the statement's account or currency: completed when it closes.
        var incomplete: [Int] = []
    }

    private typealias Event = MarkupElementReader.Event

    var elements: MarkupElementReader
    private let clock: ZoneClock
    var output: ParsedStatement
    private var sawMessage = false
    private var statementCount = 0
    private var statement: OpenStatement?
    /// The open `Ntry`, when `inEntry`; reused from entry to entry.
    private var entry = CamtEntry(index: 0, line: 0)
    private var inEntry = false
    private var entryPath = ""
    /// Whether a `TxDtls` is open: its fields go to the entry's last detail.
    private var inDetail = false
    /// Entries outside any statement (a broken file), numbered on their own.
    private var looseEntryCount = 0
    private var knownAccounts: Set<String> = []
    /// Entries given to the sink so far.
    var handedOver = 0
    /// Tags by vocabulary code.
    private let tags = CamtTag.allCases

    /// A reader of decoded bytes; `encoding` is what they were decoded from.
    init(_ bytes: ByteView, clock: ZoneClock, encoding: TextEncoding) {
        elements = MarkupElementReader(bytes, vocabulary: CamtTag.vocabulary)
        self.clock = clock
        output = ParsedStatement(format: .camt, encoding: encoding)
    }

    private var bytes: ByteView { elements.bytes }

    /// Whether no open statement still lacks its currency or account.
    var entriesCanGo: Bool { statement?.incomplete.isEmpty ?? true }

    private func tag(code: Int) -> CamtTag? { code >= 0 ? tags[code] : nil }

    /// The open aggregate `level` levels up (0: the parent of a leaf).
    private func ancestor(_ level: Int) -> CamtTag? { tag(code: elements.ancestor(level)) }

    // MARK: Events

    mutating func open(_ event: MarkupElementReader.Event) {
        switch tag(code: event.code) {
        case let tag? where tag.isMessage:
            sawMessage = true
        case let tag? where tag.isStatement:
            finishEntry()
            finishStatement()
            statementCount += 1
            let path = elements.path(fromDepth: 0) + "[\(statementCount)]"
            statement = OpenStatement(path: path, entryPathPrefix: path + "/Ntry[", line: event.line)
        case .entry?:
            finishEntry()
            let index: Int
            if statement != nil {
                statement!.entryCount += 1
                index = statement!.entryCount
                entryPath = Self.indexedPath(statement!.entryPathPrefix, index)
            } else {
                looseEntryCount += 1
                index = looseEntryCount
                entryPath = elements.path(fromDepth: 0) + "[\(index)]"
            }
            entry.reset(index: index, line: event.line)
            inEntry = true
        case .entryDetails?:
            if inEntry { entry.detailGroups += 1 }
        case .transactionDetails?:
            guard inEntry else { return }
            // A group's details come one after another: the last one's place, plus one.
            let group = max(entry.detailGroups, 1)
            let index = entry.details.last.map { $0.group == group ? $0.index + 1 : 1 } ?? 1
            entry.details.append(CamtEntry.Detail(group: group, index: index, line: event.line))
            inDetail = true
        default:
            break
        }
    }

    mutating func leaf(_ event: MarkupElementReader.Event) {
        guard let tag = self.tag(code: event.code) else { return }
        let field = CamtEntry.Field(value: event.value, line: event.line)
        guard inEntry else {
            if statement != nil { statementLeaf(tag, field) }
            return
        }
        let parents = CamtEntry.Parents(ancestor(0), ancestor(1), ancestor(2))
        let amount = tag == .amount ? amountField(event) : nil
        if inDetail, let last = entry.details.indices.last {
            entry.details[last].set(tag, field, amount: amount, parents: parents)
        } else {
            entry.set(tag, field, amount: amount, parents: parents)
        }
    }

    private mutating func statementLeaf(_ tag: CamtTag, _ field: CamtEntry.Field) {
        switch tag {
        case .iban where ancestor(0) == .identification && ancestor(1) == .account && ancestor(2)?.isStatement == true:
            setAccount(field, isIBAN: true)
        case .identification where ancestor(0) == .other && ancestor(1) == .identification && ancestor(2) == .account
            && ancestor(3)?.isStatement == true:
            setAccount(field, isIBAN: false)
        case .currency where ancestor(0) == .account && ancestor(1)?.isStatement == true:
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
        let masked = StatementEntry.maskedAccount(number)
        statement!.info.account = masked
        statement!.info.accountIdentity = number
        statement!.hasIBAN = statement!.hasIBAN || isIBAN
        if knownAccounts.insert(masked).inserted { output.accounts.append(masked) }
    }

    private func amountField(_ event: Event) -> CamtEntry.AmountField {
        CamtEntry.AmountField(value: event.value, currency: MarkupText.attribute("Ccy", in: bytes, event.attributes), line: event.line)
    }

    mutating func close(_ event: MarkupElementReader.Event) {
        switch tag(code: event.code) {
        case .transactionDetails?:
            inDetail = false
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
        inDetail = false
        guard inEntry else { return }
        inEntry = false
        let before = output.entries.count
        let info = statement?.info ?? CamtEntry.StatementInfo()
        entry.append(to: &output, bytes: bytes, path: entryPath, statement: info, clock: clock)
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
            if output.entries[index].account == nil {
                output.entries[index].account = open.info.account
                output.entries[index].accountIdentity = open.info.accountIdentity
            }
        }
    }

    /// `prefix`, `index` in decimal and `]`, made in one allocation: an entry's path, built for
    /// every entry (appending to a String cost three allocations).
    static func indexedPath(_ prefix: String, _ index: Int) -> String {
        var prefix = prefix
        var digitCount = 1
        var rest = index / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        return prefix.withByteView { head in
            String(unsafeUninitializedCapacity: head.count + digitCount + 1) { buffer in
                _ = buffer.initialize(fromContentsOf: head)
                var value = max(index, 0)
                for position in stride(from: head.count + digitCount - 1, through: head.count, by: -1) {
                    buffer[position] = UInt8(0x30 + value % 10)
                    value /= 10
                }
                buffer[head.count + digitCount] = UInt8(ascii: "]")
                return head.count + digitCount + 1
            }
        }
    }

    mutating func finish() throws(ImportIssue) {
        if inEntry {
            inEntry = false
            inDetail = false
            output.issues.append(ImportIssue(.element(path: entryPath, line: entry.line),
                                             .malformed("the file ends inside this entry (no </Ntry>)")))
        }
        if let open = statement {
            output.warnings.append("line \(open.line) (\(open.path)): the file ends inside this statement: it may be cut short")
            finishStatement()
        } else if elements.depth > 0 || elements.scanner.endedInsideMarkup {
            output.warnings.append("the file ends inside an element or a tag: it may be cut short")
        }
        guard statementCount == 0 && output.entries.isEmpty && handedOver == 0 && output.issues.isEmpty else { return }
        if !sawMessage {
            throw ImportIssue(.line(1), .malformed(
                "not a camt.052, camt.053 or camt.054 document: no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn element"))
        }
        throw ImportIssue(.line(1), .malformed("no statement (Stmt, Rpt or Ntfctn) in the file"))
    }
}
