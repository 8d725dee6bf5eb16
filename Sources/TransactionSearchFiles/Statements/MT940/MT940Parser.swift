import TransactionSearch

/// Walks an MT940/MT942 file field by field and turns its statement lines into entries.
///
/// A field starts with `:tag:` at the start of a line and runs over the lines after it until
/// the next tag. A message (one statement) starts with `:20:` and ends at a `-` or `-}` line,
/// a new envelope `{1:`, the next `:20:`, or the end of the file; several messages per file
/// are the rule. Envelope lines (`{1:...}{2:O940...}{4:`, `{5:...}`) are read for the message
/// kind only. Text outside any field is ignored with one warning.
struct MT940Parser {
    private let bytes: ByteView
    var statement: ParsedStatement
    /// Whether any field tag was found: a file with none is not MT940.
    private(set) var sawField = false

    private var message = MT940Message(firstEntry: 0)
    private var messageOpen = false
    private var envelopeIsIntraday = false
    private var fieldTag: String?
    private var fieldLine = 0
    private var fieldLines: [Range<Int>] = []
    private var pending: MT940StatementLine?
    private var pendingLine = 0
    /// The pending line's `:86:` and `:NS:` details, kept until the next field that is neither.
    private var pendingDetails: MT940Details?
    private var pendingNonStandard: MT940Details?
    /// A bad `:61:` was reported: its `:86:` belongs to nothing.
    private var pendingWasBad = false
    private var reportedTags: Set<String> = []
    private var seenAccounts: Set<String> = []
    /// Reused to join the lines of each `:86:` field.
    private var scratch: [UInt8] = []
    private var warnedOutside = false

    /// A parser of `bytes` (UTF-8) that adds to `statement`.
    init(_ bytes: ByteView, statement: ParsedStatement) {
        self.bytes = bytes
        self.statement = statement
    }

    /// Reads every line.
    mutating func run() {
        var lines = TextLines(bytes)
        while let line = lines.next() {
            process(line, number: lines.number)
        }
        flushField()
        endMessage()
    }

    private mutating func process(_ range: Range<Int>, number: Int) {
        var start = range.lowerBound
        let end = range.upperBound
        let trimmed = bytes.trimming(range)
        if trimmed.isEmpty {
            // Spaces inside a field's text are text (a line cut at 65 characters).
            if fieldTag != nil && !range.isEmpty { fieldLines.append(range) }
            return
        }
        // A `-` or `-}` at the start of a line ends a message (SWIFT forbids field text lines
        // that start with `-`, `:` or `{`).
        if bytes[start] == UInt8(ascii: "-") && (trimmed.count == 1 || bytes[start + 1] == UInt8(ascii: "}")) {
            flushField()
            endMessage()
            start += min(2, trimmed.count)
            guard start < end, bytes[start] == UInt8(ascii: "{") else { return }
        }
        if bytes[start] == UInt8(ascii: "{") {
            flushField()
            let line = start..<end
            if bytes.firstRange(of: "{1:", in: line) != nil { endMessage() }
            if bytes.firstRange(of: "{2:I942", in: line) != nil || bytes.firstRange(of: "{2:O942", in: line) != nil {
                envelopeIsIntraday = true
                if messageOpen && !message.hasContent { message.isIntraday = true }
            }
            if let block = bytes.firstRange(of: "{4:", in: line), block.upperBound < end {
                process(block.upperBound..<end, number: number)
            }
            return
        }
        if let (tag, content) = tag(at: start, end: end) {
            flushField()
            fieldTag = tag
            fieldLine = number
            fieldLines.removeAll(keepingCapacity: true)
            fieldLines.append(content..<end)
            return
        }
        if fieldTag != nil {
            fieldLines.append(start..<end)
        } else if !warnedOutside {
            warnedOutside = true
            statement.warnings.append("line \(number): text outside any field ignored (here and on any later line)")
        }
    }

    /// The tag of a `:tag:` that starts the line (two or three letters or digits) and where
    /// its content starts.
    private func tag(at start: Int, end: Int) -> (String, Int)? {
        guard start < end, bytes[start] == UInt8(ascii: ":") else { return nil }
        var index = start + 1
        while index < end, index - start <= 4 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                guard index - start >= 3 else { return nil }
                return (bytes.text(start + 1..<index), index + 1)
            }
            guard (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) else { return nil }
            index += 1
        }
        return nil
    }

    // MARK: Fields

    private mutating func flushField() {
        guard let tag = fieldTag else { return }
        fieldTag = nil
        sawField = true
        let content = fieldLines[0]
        if tag == "86" {
            handleDetails()
            return
        }
        if tag == "NS" {
            if pending != nil && pendingNonStandard == nil {
                pendingNonStandard = MT940Details(nonStandard: bytes, lines: fieldLines[...])
            }
            return
        }
        finishPending()
        if tag == "20" {
            if messageOpen && message.hasContent { endMessage() }
            if !messageOpen { beginMessage() }
            return
        }
        if !messageOpen { beginMessage() }
        message.hasContent = true
        switch tag {
        case "25":
            let identification = bytes.text(bytes.trimming(content))
            if let account = MT940Parser.maskedAccount(identification) {
                message.account = account
                message.accountIdentity = identification
                if seenAccounts.insert(account).inserted { statement.accounts.append(account) }
            }
        case "60F", "60M":
            if let balance = MT940Balance(bytes, content) {
                message.opening = balance.amount
                message.currency = balance.currency
            } else {
                statement.warnings.append("line \(fieldLine): the opening balance \(quoted(bytes.text(content))) is not C/D, YYMMDD, currency and amount; ignored")
            }
        case "61":
            readStatementLine(content)
        case "62F", "62M":
            guard let balance = MT940Balance(bytes, content) else {
                statement.warnings.append("line \(fieldLine): the closing balance \(quoted(bytes.text(content))) is not C/D, YYMMDD, currency and amount; ignored")
                break
            }
            if message.currency == nil { message.currency = balance.currency }
            if let warning = message.balanceWarning(closing: balance, line: fieldLine) { statement.warnings.append(warning) }
        case "34F":
            message.isIntraday = true
            if message.currency == nil { message.currency = MT942FloorLimit.currency(bytes, content) }
        case "13D", "13":
            message.isIntraday = true
        case "90D", "90C":
            if message.currency == nil { message.currency = MT940Parser.currencyAfterCount(bytes, content) }
        case "21", "28", "28C", "64", "65":
            break
        default:
            if reportedTags.insert(tag).inserted {
                statement.warnings.append("line \(fieldLine): field :\(tag): is not known here; ignored (here and in later messages)")
            }
        }
    }

    private mutating func readStatementLine(_ content: Range<Int>) {
        do throws(ImportIssue) {
            pending = try MT940StatementLine(bytes, content, continuation: fieldLines.dropFirst(), line: fieldLine)
            pendingLine = fieldLine
            pendingWasBad = false
        } catch {
            statement.issues.append(error)
            message.hasIssues = true
            pendingWasBad = true
        }
    }

    private mutating func handleDetails() {
        if pending != nil && pendingDetails == nil {
            pendingDetails = MT940Details(bytes, lines: fieldLines[...], scratch: &scratch)
        } else if pendingWasBad {
            pendingWasBad = false
        } else {
            let lastLine = fieldLine + fieldLines.count - 1
            let lines = lastLine > fieldLine ? "lines \(fieldLine)-\(lastLine)" : "line \(fieldLine)"
            statement.skipped.append(SkippedPart(.line(fieldLine), "\(lines): information for the whole statement (:86: not after a :61: line)"))
        }
    }

    /// Makes the entry of the pending `:61:` line with its `:86:` and `:NS:` details, if any.
    /// The merchant: the details' name or posting text; else the line's supplementary details;
    /// else the details' purpose; else the transaction type (`NTRF`: `Transfer`). Never missing.
    private mutating func finishPending() {
        pendingWasBad = false
        guard let line = pending else { return }
        pending = nil
        let own = pendingDetails, other = pendingNonStandard
        pendingDetails = nil
        pendingNonStandard = nil
        var merchant = own?.name ?? other?.name ?? own?.postingText ?? other?.postingText
        var supplementary = line.supplementaryDetails
        if merchant == nil {
            merchant = supplementary
            supplementary = nil
        }
        var purpose = own?.purpose ?? other?.purpose
        if merchant == nil {
            merchant = purpose
            purpose = nil
        }
        let merchantText = merchant ?? MT940StatementLine.typeWords(line.typeCode)
        var notes = StatementNotes()
        if let purpose { notes.append(purpose) }
        if let supplementary { notes.append(supplementary) }
        if let reference = line.ownerReference { notes.append("reference: " + reference) }
        statement.entries.append(StatementEntry(
            location: .line(pendingLine), date: .day(line.date), amount: line.amount, currency: message.currency,
            merchant: merchantText, notes: notes.text, account: message.account, accountIdentity: message.accountIdentity,
            bankID: line.bankReference, transactionType: line.typeCode))
        message.sum = message.sum.flatMap { $0.adding(line.amount) }
    }

    // MARK: Messages

    private mutating func beginMessage() {
        message = MT940Message(firstEntry: statement.entries.count)
        message.isIntraday = envelopeIsIntraday
        messageOpen = true
    }

    private mutating func endMessage() {
        finishPending()
        guard messageOpen else { return }
        message.finish(&statement.entries)
        messageOpen = false
        envelopeIsIntraday = false
    }

    // MARK: Values

    /// The account of `:25:` masked: an IBAN or account number, `BLZ/Konto` (the account
    /// part is masked), with or without a currency code at the end.
    static func maskedAccount(_ text: String) -> String? {
        var account = Substring(text.trimmingWhitespace())
        let scalars = Array(account.unicodeScalars)
        if scalars.count > 4, scalars.suffix(3).allSatisfy({ $0.value >= 0x41 && $0.value <= 0x5A }),
           let before = scalars.dropLast(3).last, before.value >= 0x30 && before.value <= 0x39 {
            account = account.dropLast(3)
        }
        if let slash = account.lastIndex(of: "/") { account = account[account.index(after: slash)...] }
        let masked = StatementEntry.maskedAccount(String(account))
        return masked.isEmpty ? nil : masked
    }

    /// The currency of `:90D:`/`:90C:` (`2EUR1234,56`: a count, then the currency).
    static func currencyAfterCount(_ bytes: ByteView, _ range: Range<Int>) -> Currency? {
        let trimmed = bytes.trimming(range)
        var index = trimmed.lowerBound
        while index < trimmed.upperBound && ByteView.isDigit(bytes[index]) { index += 1 }
        guard index + 3 <= trimmed.upperBound else { return nil }
        return Currency(bytes.text(index..<index + 3))
    }
}
