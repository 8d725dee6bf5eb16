/// What an import did (or, for `ImportPreview`, would do): the format and encoding detected,
/// the rows added, the records already in the store, the pending rows a posted record replaced,
/// what was skipped and why.
public struct ImportReport: Hashable, Sendable {
    /// The format read.
    public var format: StatementFormat
    /// The text encoding the file was in.
    public var encoding: TextEncoding
    /// Ids of the added rows, generated ones included, in input order.
    public var addedIDs: [String]
    /// Records already in the store (the same import key, or the same id in our own format):
    /// left as they are.
    public var alreadyPresent: Int
    /// Ids of pending rows that a posted record of the file replaced in place.
    public var replacedPendingIDs: [String]
    /// Every bad record left out (only when skipping was asked for), with its location, field
    /// and reason.
    public var skipped: [ImportIssue]
    /// Parts of the file that are not transactions, left out on purpose (a QIF category list, a
    /// CSV footer, an investment position), with where and why.
    public var skippedParts: [SkippedPart]
    /// The accounts the file names, masked to their last four digits.
    public var accounts: [String]
    /// Choices made and things worth knowing (unknown columns, a date order assumed).
    public var warnings: [String]
    /// What was understood of a bank CSV export (columns, date order, separators).
    public var layout: BankCSVLayout?

    /// One line: `12 added, 30 already present, 1 pending replaced` (and what was skipped).
    public var summary: String {
        var parts = ["\(addedIDs.count) added", "\(alreadyPresent) already present"]
        if !replacedPendingIDs.isEmpty { parts.append("\(replacedPendingIDs.count) pending replaced") }
        if !skipped.isEmpty { parts.append("\(skipped.count) bad skipped") }
        return parts.joined(separator: ", ")
    }
}
