/// What an import did (or, for `ImportPreview`, would do): the format and encoding detected,
/// the rows added, the records already in the store, the rows corrected, the pending rows a
/// posted record replaced, what was skipped and why, and what a person should check.
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
    /// Of `alreadyPresent`, the records matched by date, amount, currency and text alone in a
    /// file that names no account: nothing tells two accounts' identical rows apart there;
    /// `ImportOptions.account` (`--account NAME`) keeps accounts apart.
    public var matchedWithoutAccount: Int
    /// Ids of stored rows the file corrected in place: the bank's id (or the row's id) is the
    /// same, the date, amount or text differs. What the person set (category, notes) stays.
    public var correctedIDs: [String]
    /// Ids of pending rows that a posted record of the file replaced in place.
    public var replacedPendingIDs: [String]
    /// Records keyed by their content because the file gave their bank id to another record
    /// too (a payment and its fee under one reference).
    public var sharedBankIDs: Int
    /// Added records that look like a stored row (same account, day, amount and currency, a
    /// similar merchant): the same statement imported in two formats, or two genuine equal
    /// payments. Added all the same; listed so a person can check.
    public var likelyDuplicates: [LikelyDuplicate]
    /// Every bad record left out (only when skipping was asked for), with its location, field
    /// and reason.
    public var skipped: [ImportIssue]
    /// Parts of the file that are not transactions, left out on purpose (a QIF category list, a
    /// CSV footer, an investment position), with where and why.
    public var skippedParts: [SkippedPart]
    /// The accounts the file names, masked to their last four digits.
    public var accounts: [String]
    /// Choices made and things worth knowing (unknown columns, a date order assumed, a row a
    /// rule could not change).
    public var warnings: [String]
    /// Rows of the import (added or changed) that the store's rules changed before storing.
    public var changedByRules: Int = 0
    /// What was understood of a bank CSV export (columns, date order, separators).
    public var layout: BankCSVLayout?
    /// What decided the rows' currency, dates and signs, in words (every format).
    public var decisions: ReadingDecisions?
    /// The first currency the file names for a row (or the options' currency, for a row that
    /// names none); nil when no row has one. A new store can take it as its base currency.
    public var firstCurrency: Currency?

    /// A record added although a stored row looks like the same transaction.
    public struct LikelyDuplicate: Hashable, Sendable {
        /// Where the record is in the file.
        public var location: ImportIssue.Location
        /// The id of the stored row it looks like.
        public var existingID: String
        /// The id the record was added with (empty in a preview).
        public var addedID: String
    }

    /// One line: `12 added, 30 already present, 1 corrected, 1 pending replaced` (and what was
    /// skipped and what looks doubled).
    public var summary: String {
        var parts = ["\(addedIDs.count) added", "\(alreadyPresent) already present"]
        if !correctedIDs.isEmpty { parts.append("\(correctedIDs.count) corrected") }
        if !replacedPendingIDs.isEmpty { parts.append("\(replacedPendingIDs.count) pending replaced") }
        if changedByRules > 0 { parts.append("\(changedByRules) changed by rules") }
        if !likelyDuplicates.isEmpty { parts.append("\(likelyDuplicates.count) likely duplicates kept") }
        if !skipped.isEmpty { parts.append("\(skipped.count) bad skipped") }
        return parts.joined(separator: ", ")
    }

    /// What a person should know beyond the counts, a sentence each: records matched without
    /// an account, bank ids the file reused, likely duplicates.
    public var notices: [String] {
        var lines: [String] = []
        if matchedWithoutAccount > 0 {
            lines.append("\(matchedWithoutAccount) of the records already present were matched by date, amount and text alone: the file names no account, so identical rows of two accounts look the same; import each account's file with --account NAME to keep them apart")
        }
        if sharedBankIDs > 0 {
            lines.append("\(sharedBankIDs) records share their bank id with another record of the file: they are told apart by their content instead")
        }
        for duplicate in likelyDuplicates.prefix(10) {
            let added = duplicate.addedID.isEmpty ? "" : " (added as \(duplicate.addedID))"
            lines.append("\(duplicate.location)\(added) looks like the stored \(duplicate.existingID): same account, day, amount and merchant; both kept (a statement imported in two formats?)")
        }
        if likelyDuplicates.count > 10 { lines.append("and \(likelyDuplicates.count - 10) more likely duplicates") }
        return lines
    }

    /// A report of what a file gave; the counts of what it changed start empty.
    init(format: StatementFormat, encoding: TextEncoding, addedIDs: [String] = [], alreadyPresent: Int = 0,
         matchedWithoutAccount: Int = 0, correctedIDs: [String] = [], replacedPendingIDs: [String] = [], sharedBankIDs: Int = 0,
         likelyDuplicates: [LikelyDuplicate] = [], skipped: [ImportIssue] = [], skippedParts: [SkippedPart] = [],
         accounts: [String] = [], warnings: [String] = [], layout: BankCSVLayout? = nil) {
        self.format = format
        self.encoding = encoding
        self.addedIDs = addedIDs
        self.alreadyPresent = alreadyPresent
        self.matchedWithoutAccount = matchedWithoutAccount
        self.correctedIDs = correctedIDs
        self.replacedPendingIDs = replacedPendingIDs
        self.sharedBankIDs = sharedBankIDs
        self.likelyDuplicates = likelyDuplicates
        self.skipped = skipped
        self.skippedParts = skippedParts
        self.accounts = accounts
        self.warnings = warnings
        self.layout = layout
    }
}
