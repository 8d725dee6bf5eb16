/// The file formats a statement reader recognises from a file's content.
public enum StatementFormat: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Our own CSV (docs/SPEC.md section 1).
    case csv
    /// Our own JSON or JSON Lines.
    case json
    /// OFX or QFX, 1.x (SGML) or 2.x (XML).
    case ofx
    /// Quicken Interchange Format.
    case qif
    /// ISO 20022 camt.052, camt.053 or camt.054.
    case camt
    /// SWIFT MT940 or MT942.
    case mt940
    /// A bank's own CSV export.
    case bankCSV = "bank-csv"

    /// The format's name as options and reports write it (`bank-csv`).
    public var description: String { rawValue }
}

/// A part of a file that was read but holds no transaction to import, with why it was left
/// out: a QIF category list, an OFX investment position, a bank CSV's footer line.
public struct SkippedPart: Hashable, Sendable, CustomStringConvertible {
    /// Where in the file.
    public var location: ImportIssue.Location
    /// What it is and why it holds nothing to import.
    public var reason: String

    /// A skipped part from its place and reason.
    public init(_ location: ImportIssue.Location, _ reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `line 3: QIF category list`.
    public var description: String { "\(location): \(reason)" }
}

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
