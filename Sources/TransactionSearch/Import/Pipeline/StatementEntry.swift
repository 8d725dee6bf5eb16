/// One transaction as a bank file gives it, read but not yet validated by a store: what every
/// statement reader (OFX, QIF, camt, MT940, bank CSV) produces, and what the import path turns
/// into drafts with import keys.
package struct StatementEntry: Hashable, Sendable {
    /// Where the record is in the file: its line, or its element path for XML.
    package var location: ImportIssue.Location
    package var date: TransactionDate
    /// Signed: negative is money out.
    package var amount: DecimalAmount
    /// nil: the statement's currency is unknown here; the import's default (or the store's
    /// base currency) applies.
    package var currency: Currency?
    /// The counterparty or description; never blank (a reader that finds none reports an issue).
    package var merchant: String
    package var notes: String?
    /// The account, masked to its last four digits (`StatementEntry.maskedAccount`); never a full number.
    package var account: String?
    /// The account's full identity as the file gives it (OFX `BANKID/ACCTID`, an IBAN, MT940
    /// `:25:`, a CSV account column), nil when the file names no account: only import keys use
    /// it, as a one-way digest (`AccountIdentity`); it is never stored.
    package var accountIdentity: String?
    package var card: String?
    package var category: String?
    package var subcategory: String?
    package var status: TransactionStatus = .posted
    /// The bank's own id of the transaction (OFX `FITID`, camt `AcctSvcrRef`, MT940 reference),
    /// when the file has one: the import key is built from it.
    package var bankID: String?
    /// The bank's id of the pending transaction this posted one settles, when the file links
    /// them (aggregator exports do): it wins over the pending-to-posted heuristic.
    package var pendingBankID: String?
    /// A reference the payer chose (camt `EndToEndId`, `MndtId`): it joins the fingerprint of a
    /// record with no bank id, never stands alone (the same rent reference repeats each month).
    package var payerReference: String?
    /// The bank's kind of transaction (`DEBIT`, `POS`, `ATM`, a camt bank transaction code...),
    /// kept for the report and notes.
    package var transactionType: String?

    package init(location: ImportIssue.Location, date: TransactionDate, amount: DecimalAmount, currency: Currency? = nil,
         merchant: String, notes: String? = nil, account: String? = nil, accountIdentity: String? = nil, card: String? = nil,
         category: String? = nil, subcategory: String? = nil, status: TransactionStatus = .posted,
         bankID: String? = nil, pendingBankID: String? = nil, payerReference: String? = nil, transactionType: String? = nil) {
        self.location = location
        self.date = date
        self.amount = amount
        self.currency = currency
        self.merchant = merchant
        self.notes = notes
        self.account = account
        self.accountIdentity = accountIdentity
        self.card = card
        self.category = category
        self.subcategory = subcategory
        self.status = status
        self.bankID = bankID
        self.pendingBankID = pendingBankID
        self.payerReference = payerReference
        self.transactionType = transactionType
    }
}
