import TransactionSearch

/// What a statement reader made of a file: its transactions, the records it could not read
/// (each an `ImportIssue` with location, field and reason), the parts it skipped on purpose,
/// and what it detected (format, encoding, accounts).
struct ParsedStatement: Sendable {
    var format: StatementFormat
    var encoding: TextEncoding
    var entries: [StatementEntry] = []
    /// Records that look like transactions but are bad: an import fails on them unless it
    /// skips bad records.
    var issues: [ImportIssue] = []
    /// Content that is not a transaction, left out on purpose.
    var skipped: [SkippedPart] = []
    /// Masked accounts found in the file, in order of appearance.
    var accounts: [String] = []
    /// Anything worth telling the person that is not an error.
    var warnings: [String] = []
    /// What decided the rows' currency, dates and signs.
    var decisions: ReadingDecisions?

    init(format: StatementFormat, encoding: TextEncoding) {
        self.format = format
        self.encoding = encoding
    }
}

/// What a statement reader needs besides the bytes.
struct StatementContext: Sendable {
    /// Resolves a date-time with no offset (and a date the format writes as a time) in the
    /// store's zone, or the zone the import names.
    var clock: ZoneClock
    /// The currency of amounts when the file names none (nil: the store's base currency).
    var defaultCurrency: Currency?
}
