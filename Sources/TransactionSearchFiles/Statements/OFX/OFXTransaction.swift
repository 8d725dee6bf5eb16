import TransactionSearch

/// One `STMTTRN` as read: where each of its values is in the file (raw ranges, decoded only when
/// the entry is built), and how it becomes a `StatementEntry`.
///
/// The rules (SPEC section 7 and our choices where OFX is silent):
/// - Date: `DTPOSTED` (the booking date) wins; `DTUSER` only when there is no `DTPOSTED`.
/// - Amount: `TRNAMT`, signed, `.` or `,` as the decimal mark.
/// - Currency: a `CURRENCY` aggregate's `CURSYM` (the amount is in that currency); else the
///   statement's `CURDEF`. With `ORIGCURRENCY` the amount is already in `CURDEF`; the original
///   currency and rate go to the notes.
/// - Merchant: `NAME`, or `MEMO` when it starts with `NAME`'s text and is longer (OFX cuts
///   `NAME` at 32 characters); else `PAYEE/NAME`, else `MEMO`, else the transaction type in
///   words (`Check 1234` for a check with a number). None of these: an issue.
/// - Notes: `MEMO` unless it became the merchant or repeats it, then `Check N` (`CHECKNUM`),
///   `Ref N` (`REFNUM`) and the original currency, joined with ` | `.
/// - `FITID` is the bank id, `TRNTYPE` the transaction type; every entry is posted.
/// - `CORRECTACTION` `DELETE` withdraws an earlier transaction: skipped, not imported.
/// - A `STMTTRN` that holds a second `DTPOSTED`, `DTUSER`, `TRNAMT`, `FITID` or `NAME` holds two
///   transactions (a closing tag lost): an issue naming both lines, never a silent pick.
struct OFXTransaction {
    /// A value's raw range and the line of its tag.
    struct Field {
        var value: Range<Int>
        var line: Int
    }

    /// The line of `<STMTTRN>`.
    let line: Int
    var type: Field?
    var datePosted: Field?
    var dateUser: Field?
    var amount: Field?
    var fitID: Field?
    var name: Field?
    var payeeName: Field?
    var memo: Field?
    var checkNumber: Field?
    var referenceNumber: Field?
    var currencySymbol: Field?
    var originalCurrencySymbol: Field?
    var originalCurrencyRate: Field?
    var correctAction: Field?
    var correctFITID: Field?
    /// The first value given twice: its tag, the line of the first and of the second.
    var repeated: (tag: OFXTag, first: Int, second: Int)?

    /// An empty record of the `STMTTRN` opened on `line`.
    init(line: Int) { self.line = line }

    /// Records a leaf found inside the transaction; `parent` is its nearest known aggregate.
    mutating func set(_ tag: OFXTag, _ field: Field, parent: OFXTag?) {
        switch parent {
        case .transaction?:
            if repeated == nil, let earlier = identifying(tag) { repeated = (tag, earlier.line, field.line) }
            switch tag {
            case .transactionType: type = field
            case .datePosted: datePosted = field
            case .dateUser: dateUser = field
            case .amount: amount = field
            case .fitID: fitID = field
            case .name: name = field
            case .memo: memo = field
            case .checkNumber: checkNumber = field
            case .referenceNumber: referenceNumber = field
            case .correctAction: correctAction = field
            case .correctFITID: correctFITID = field
            default: break
            }
        case .payee?: if tag == .name { payeeName = field }
        case .currency?: if tag == .currencySymbol { currencySymbol = field }
        case .originalCurrency?:
            if tag == .currencySymbol { originalCurrencySymbol = field }
            if tag == .currencyRate { originalCurrencyRate = field }
        default: break
        }
    }

    /// The value of a tag that makes a transaction what it is, when it was already given.
    private func identifying(_ tag: OFXTag) -> Field? {
        switch tag {
        case .datePosted: datePosted
        case .dateUser: dateUser
        case .amount: amount
        case .fitID: fitID
        case .name: name
        default: nil
        }
    }

    /// What the statement around a transaction says.
    struct StatementInfo {
        /// nil: not (yet) known.
        var currency: Currency?
        /// The `CURDEF` text when it is no currency code.
        var invalidCurrency: String?
        var account: String?
        /// `ACCTID` in full and `BANKID`: the account's identity, for import keys only.
        var accountNumber: String?
        var bankID: String?
        /// `BANKID/ACCTID` (`AccountIdentity.ofx`).
        var accountIdentity: String? { accountNumber.map { AccountIdentity.ofx(bankID: bankID, accountID: $0) } }
        var isCreditCard: Bool
    }

    /// What a transaction became.
    enum Outcome {
        case entry(StatementEntry)
        case skipped(SkippedPart)
        case issue(ImportIssue)
    }

    /// Builds the entry; `statement.currency` nil leaves the currency for the caller to fill.
    func outcome(_ bytes: ByteView, statement: StatementInfo, clock: ZoneClock) -> Outcome {
        func text(_ field: Field?) -> String? {
            guard let field else { return nil }
            let value = MarkupText.string(bytes, field.value)
            return value.isEmpty ? nil : value
        }
        let location = ImportIssue.Location.line(line)
        if let repeated {
            return .issue(ImportIssue(location, .malformed("this STMTTRN holds two \(repeated.tag.rawValue) (lines \(repeated.first) and \(repeated.second)): two transactions run together, a </STMTTRN> missing? Not imported; fix the file")))
        }
        if let action = text(correctAction), action.uppercased() == "DELETE" {
            let target = text(correctFITID).map { " FITID \($0)" } ?? ""
            return .skipped(SkippedPart(location, "a correction that deletes the earlier transaction\(target): not imported"))
        }
        guard let dateField = datePosted ?? dateUser else {
            return .issue(ImportIssue(location, field: .date, .invalid(.missing)))
        }
        guard let parsedDate = MarkupText.withBytes(bytes, dateField.value, OFXDate.parse) else {
            return .issue(ImportIssue(.line(dateField.line), field: .date, .invalid(.unreadableDate(text(dateField) ?? "", expected: "YYYYMMDD[HHMMSS[.XXX]][[offset:zone]] naming a real day"))))
        }
        guard let amountField = amount else { return .issue(ImportIssue(location, field: .amount, .invalid(.missing))) }
        guard let value = MarkupText.withBytes(bytes, amountField.value, { StatementAmount.parse($0, allowsSign: true) }) else {
            return .issue(ImportIssue(.line(amountField.line), field: .amount, .invalid(.unreadableAmount(text(amountField) ?? "", expected: "a signed number such as -12.50, with no currency sign or thousands separator"))))
        }
        var currency = statement.currency
        if let symbolField = currencySymbol, let symbol = text(symbolField) {
            guard let own = Currency(symbol) else {
                return .issue(ImportIssue(.line(symbolField.line), field: .currency, .invalid(.invalidCurrency(symbol))))
            }
            currency = own
        } else if let invalid = statement.invalidCurrency {
            return .issue(ImportIssue(location, field: .currency, .invalid(.invalidCurrency(invalid))))
        }
        let typeText = text(type)
        let check = text(checkNumber)
        let memoText = text(memo)
        guard let (merchant, memoIsMerchant) = Self.merchant(name: text(name), payee: text(payeeName), memo: memoText,
                                                            type: typeText, check: check)
        else {
            return .issue(ImportIssue(location, field: .merchant, .invalid(.missing)))
        }
        var notes = memoIsMerchant ? nil : memoText
        if let check, merchant != "Check " + check { notes = Self.joined(notes, "Check " + check) }
        if let reference = text(referenceNumber) { notes = Self.joined(notes, "Ref " + reference) }
        if let original = text(originalCurrencySymbol) {
            notes = Self.joined(notes, "original currency " + original + (text(originalCurrencyRate).map { ", rate " + $0 } ?? ""))
        }
        let date: TransactionDate = switch parsedDate {
        case .day(let day): .day(day)
        case .instant(let milliseconds): .instant(millisecondsSince1970: milliseconds)
        case .local(let local): .instant(millisecondsSince1970: clock.instant(ofLocal: local))
        }
        return .entry(StatementEntry(
            location: location, date: date, amount: value, currency: currency, merchant: merchant,
            notes: notes, account: statement.account, accountIdentity: statement.accountIdentity,
            card: statement.isCreditCard ? statement.account : nil, bankID: text(fitID), transactionType: typeText))
    }

    /// The merchant and whether it is the memo's text (the memo equal to `NAME` counts: it is
    /// not repeated in the notes).
    private static func merchant(name: String?, payee: String?, memo: String?, type: String?, check: String?) -> (String, Bool)? {
        if let name {
            if let memo, startsWith(memo, name) { return (memo, true) }
            return (name, false)
        }
        if let payee { return (payee, false) }
        if let memo { return (memo, true) }
        guard let type else { return nil }
        let words = typeNames[type.uppercased()] ?? type
        if let check, type.uppercased() == "CHECK" { return (words + " " + check, false) }
        return (words, false)
    }

    /// Whether `text`'s UTF-8 starts with `prefix`'s (bytes, not canonical equivalence).
    private static func startsWith(_ text: String, _ prefix: String) -> Bool {
        var text = text, prefix = prefix
        return text.withByteView { whole in
            prefix.withByteView { start in
                whole.count >= start.count && MarkupName.equal(whole, 0..<start.count, start, 0..<start.count, foldingCase: false)
            }
        }
    }

    /// Notes so far and one more part, joined with ` | `.
    private static func joined(_ notes: String?, _ part: String) -> String {
        notes.map { $0 + " | " + part } ?? part
    }

    /// `TRNTYPE` values in words, for a transaction with no name, payee or memo.
    private static let typeNames: [String: String] = [
        "CREDIT": "Credit", "DEBIT": "Debit", "INT": "Interest", "DIV": "Dividend", "FEE": "Fee",
        "SRVCHG": "Service charge", "DEP": "Deposit", "ATM": "ATM", "POS": "Point of sale", "XFER": "Transfer",
        "CHECK": "Check", "PAYMENT": "Payment", "CASH": "Cash withdrawal", "DIRECTDEP": "Direct deposit",
        "DIRECTDEBIT": "Direct debit", "REPEATPMT": "Repeating payment", "HOLD": "Hold", "OTHER": "Other",
    ]
}
