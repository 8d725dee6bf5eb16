import TransactionSearch

/// One camt `Ntry` as read (raw value ranges, decoded when the entry is built) with its
/// transaction details, and how it becomes entries.
///
/// The rules (SPEC section 7 and our choices where ISO 20022 is silent):
/// - Status `BOOK` is posted, `PDNG` and `FUTR` pending, none posted; `INFO` (information only,
///   never booked) is skipped; any other code is an issue.
/// - Date: `BookgDt`, else `ValDt`; `Dt` is a calendar day, `DtTm` an instant (local time in the
///   import's zone when it has no offset).
/// - Amount: `Amt` signed by `CdtDbtInd` (`DBIT` money out, negative); currency `Amt@Ccy`, else
///   the account's `Ccy`.
/// - A batch (two or more `TxDtls`) becomes one entry per detail when every detail has an
///   amount (`TxDtls/Amt`, else `AmtDtls/TxAmt/Amt`) in the entry's currency and, signed by its
///   own `CdtDbtInd` or the entry's, they add up to the entry's amount. Otherwise the entry stays
///   one transaction, with a warning saying why.
/// - `CamtEntry+Fill` has the merchant, notes and bank id rules; `CamtEntry+Set` where each
///   leaf goes.
struct CamtEntry {
    /// A value's raw range and the line of its element.
    struct Field {
        var value: Range<Int>
        var line: Int
    }

    /// An `Amt` and its `Ccy` attribute.
    struct AmountField {
        var value: Range<Int>
        var currency: Range<Int>?
        var line: Int
    }

    /// `BkTxCd`: the ISO domain, family and sub-family codes, or a proprietary code.
    struct BankCode {
        var domain: Field?
        var family: Field?
        var subFamily: Field?
        var proprietary: Field?
    }

    /// One `TxDtls`.
    struct Detail {
        /// Its `NtryDtls` (from 1) and its place there (from 1).
        let group: Int
        let index: Int
        let line: Int
        var amount: AmountField?
        var transactionAmount: AmountField?
        var creditDebit: Field?
        var servicerReference: Field?
        var endToEndID: Field?
        var mandateID: Field?
        var transactionID: Field?
        var creditor: Field?
        var debtor: Field?
        var ultimateCreditor: Field?
        var ultimateDebtor: Field?
        /// The first `RmtInf/Ustrd` line, and any more (rare; kept apart so that a detail with
        /// one line allocates nothing).
        var unstructured: Field?
        var moreUnstructured: [Field] = []
        var additionalInfo: Field?
        var bankCode = BankCode()

        /// An empty record of the `TxDtls` opened on `line`.
        init(group: Int, index: Int, line: Int) {
            self.group = group
            self.index = index
            self.line = line
        }
    }

    /// The `Ntry` index within its statement (from 1) and its line.
    private(set) var index: Int
    private(set) var line: Int
    var amount: AmountField?
    var creditDebit: Field?
    var status: Field?
    var bookingDate: Field?
    var bookingDateIsDateTime = false
    var valueDate: Field?
    var valueDateIsDateTime = false
    var servicerReference: Field?
    var reference: Field?
    var bankCode = BankCode()
    var additionalInfo: Field?
    /// The first value the entry gave twice (`Amt`, `CdtDbtInd`): its element, the line of the
    /// first and of the second. Two amounts are two transactions run together: an issue.
    var repeated: (element: String, first: Int, second: Int)?
    var details: [Detail] = []
    /// How many `NtryDtls` opened so far.
    var detailGroups = 0

    /// An empty record of the `Ntry` opened on `line`.
    init(index: Int, line: Int) {
        self.index = index
        self.line = line
    }

    /// Makes this the empty record of a new entry, keeping the details' storage for reuse (one
    /// allocation for the whole file instead of one per entry).
    mutating func reset(index: Int, line: Int) {
        details.removeAll(keepingCapacity: true)
        let storage = details
        self = CamtEntry(index: index, line: line)
        details = storage
    }

    /// What the statement around an entry says.
    struct StatementInfo {
        var currency: Currency?
        var account: String?
        /// The account's IBAN or `Othr/Id` in full, for import keys only.
        var accountIdentity: String?
    }

    /// Appends what the entry becomes to `output`: entries, or an issue, or a skipped part (and
    /// perhaps a warning).
    func append(to output: inout ParsedStatement, bytes: ByteView, path: String,
                statement: StatementInfo, clock: ZoneClock) {
        let text = CamtText(bytes: bytes)
        func issue(_ suffix: String, _ line: Int, _ field: TransactionField?, _ reason: ImportIssue.Reason) {
            output.issues.append(ImportIssue(.element(path: path + suffix, line: line), field: field, reason))
        }
        if let repeated {
            return issue("", line, repeated.element == "Amt" ? .amount : nil, .malformed("this Ntry holds two \(repeated.element) (lines \(repeated.first) and \(repeated.second)): which one is meant cannot be told; not imported"))
        }
        var entryStatus = TransactionStatus.posted
        if let field = status, !text.equals(field, "BOOK") {
            if text.equals(field, "PDNG") || text.equals(field, "FUTR") {
                entryStatus = .pending
            } else if text.equals(field, "INFO") {
                output.skipped.append(SkippedPart(.element(path: path, line: line), "status INFO: information only, never booked"))
                return
            } else if let code = text.string(field) {
                return issue("/Sts", field.line, .status, .invalid(.invalidStatus(code.uppercased())))
            }
        }
        let (dateField, dateSuffix, isDateTime) = bookingDate.map { ($0, "/BookgDt", bookingDateIsDateTime) }
            ?? valueDate.map { ($0, "/ValDt", valueDateIsDateTime) } ?? (nil, "", false)
        guard let dateField else { return issue("", line, .date, .invalid(.missing)) }
        guard let date = text.date(dateField, clock: clock) else {
            return issue(dateSuffix + (isDateTime ? "/DtTm" : "/Dt"), dateField.line, .date,
                         .invalid(.unreadableDate(text.string(dateField) ?? "", expected: "an ISO 8601 date YYYY-MM-DD or date-time naming a real day")))
        }
        guard let amountField = amount else { return issue("", line, .amount, .invalid(.missing)) }
        guard let magnitude = text.amount(amountField) else {
            return issue("/Amt", amountField.line, .amount, .invalid(.unreadableAmount(text.string(amountField.value) ?? "", expected: "a number such as 12.50")))
        }
        guard let creditDebit else {
            return issue("", line, .amount, .malformed("no CdtDbtInd: whether the money came in or went out is unknown"))
        }
        guard let isDebit = text.isDebit(creditDebit) else {
            return issue("/CdtDbtInd", creditDebit.line, .amount,
                         .malformed("CdtDbtInd is \(quoted(text.string(creditDebit) ?? "")), expected CRDT or DBIT"))
        }
        var currency = statement.currency
        if let range = amountField.currency {
            guard let own = text.currency(range) else {
                return issue("/Amt", amountField.line, .currency, .invalid(.invalidCurrency(text.string(range) ?? "")))
            }
            currency = own
        }
        let signed = isDebit ? DecimalAmount(significand: -magnitude.significand, fractionDigits: magnitude.fractionDigits) : magnitude
        func entry(_ location: ImportIssue.Location, _ amount: DecimalAmount, _ texts: consuming Texts) -> StatementEntry {
            StatementEntry(location: location, date: date, amount: amount, currency: currency, merchant: texts.merchant,
                           notes: texts.notes, account: statement.account, accountIdentity: statement.accountIdentity,
                           status: entryStatus, bankID: texts.bankID, payerReference: texts.payerReference,
                           transactionType: texts.transactionType)
        }
        if details.count >= 2 {
            switch split(text, entryAmount: signed, entryIsDebit: isDebit, currency: currency) {
            case .success(let amounts):
                for (position, (amount, detailIsDebit)) in amounts.enumerated() {
                    let detailPath = "/NtryDtls[\(details[position].group)]/TxDtls[\(details[position].index)]"
                    let detailLine = details[position].line
                    guard let texts = texts(detail: position, isDebit: detailIsDebit, text) else {
                        issue(detailPath, detailLine, .merchant, .invalid(.missing))
                        continue
                    }
                    output.entries.append(entry(.element(path: path + detailPath, line: detailLine), amount, texts))
                }
                return
            case .failure(let reason):
                output.warnings.append("line \(line) (\(path)): a batch of \(details.count) transactions kept as one: \(reason)")
            }
        }
        guard let texts = texts(isDebit: isDebit, text) else { return issue("", line, .merchant, .invalid(.missing)) }
        output.entries.append(entry(.element(path: path, line: line), signed, texts))
    }

    /// Why a batch is not split.
    struct SplitRefusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The signed amounts of the details, when they make a split.
    private func split(_ text: CamtText, entryAmount: DecimalAmount, entryIsDebit: Bool,
                       currency: Currency?) -> Result<[(DecimalAmount, isDebit: Bool)], SplitRefusal> {
        var amounts: [(DecimalAmount, isDebit: Bool)] = []
        amounts.reserveCapacity(details.count)
        for position in details.indices {
            let index = details[position].index
            guard let field = details[position].amount ?? details[position].transactionAmount else {
                return .failure(SplitRefusal(description: "not every transaction detail has an amount"))
            }
            guard let magnitude = text.amount(field) else {
                return .failure(SplitRefusal(description: "TxDtls[\(index)] has an unreadable amount"))
            }
            if let range = field.currency, let currency, text.currency(range) != currency {
                let code = text.string(range) ?? ""
                return .failure(SplitRefusal(description: "TxDtls[\(index)] is in \(code), the entry in \(currency.code)"))
            }
            var isDebit = entryIsDebit
            if let indicator = details[position].creditDebit {
                guard let own = text.isDebit(indicator) else {
                    return .failure(SplitRefusal(description: "TxDtls[\(index)] has an unreadable CdtDbtInd"))
                }
                isDebit = own
            }
            amounts.append((isDebit ? DecimalAmount(significand: -magnitude.significand, fractionDigits: magnitude.fractionDigits) : magnitude,
                            isDebit))
        }
        let sum = StatementAmount.sum(amounts.map(\.0))
        guard let sum, StatementAmount.equal(sum, entryAmount) else {
            let total = sum?.description ?? "too much"
            return .failure(SplitRefusal(description: "the details add up to \(total), the entry says \(entryAmount)"))
        }
        return .success(amounts)
    }
}
