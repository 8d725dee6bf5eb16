/// One record of a file to import, as a draft (its import key set once staged, see
/// `StagedRecords`), with the import key of the pending transaction it settles when the file
/// links them (the bank's id of it, with the account's digest). The draft has an id only when the file gives one (our own format).
struct ImportRecord: Sendable {
    var location: ImportIssue.Location
    var draft: TransactionDraft
    var pendingKey: String?
}

/// A file read for import: its records (staged compactly as the reader handed them over), the
/// records that could not be read, the parts left out on purpose, and what was detected.
package struct ReadImport: Sendable {
    package var format: StatementFormat
    package var encoding: TextEncoding
    package var records = StagedRecords()
    /// What was found out about each record without a store.
    package var checks = StagedChecks()
    package var issues: [ImportIssue] = []
    package var skippedParts: [SkippedPart] = []
    package var accounts: [String] = []
    package var warnings: [String] = []
    package var layout: BankCSVLayout?
    /// Records keyed by their content because the file gave their bank id to another record too.
    package var sharedBankIDs = 0
    /// The first currency a record named (or the options', for a record that named none).
    package var firstCurrency: Currency?
    /// What decided the rows' currency, dates and signs.
    package var decisions: ReadingDecisions?

    /// Every stored property, as given (for the readers of TransactionSearchFiles).
    package init(format: StatementFormat, encoding: TextEncoding, records: StagedRecords = StagedRecords(),
                 checks: StagedChecks = StagedChecks(), issues: [ImportIssue] = [], skippedParts: [SkippedPart] = [],
                 accounts: [String] = [], warnings: [String] = [], layout: BankCSVLayout? = nil, sharedBankIDs: Int = 0,
                 firstCurrency: Currency? = nil, decisions: ReadingDecisions? = nil) {
        self.format = format
        self.encoding = encoding
        self.records = records
        self.checks = checks
        self.issues = issues
        self.skippedParts = skippedParts
        self.accounts = accounts
        self.warnings = warnings
        self.layout = layout
        self.sharedBankIDs = sharedBankIDs
        self.firstCurrency = firstCurrency
        self.decisions = decisions
    }
}
