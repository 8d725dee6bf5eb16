/// What an import of a file would do, worked out without changing the store: for showing a
/// person a file before importing it (`fsearch inspect`).
public struct ImportPreview: Hashable, Sendable {
    /// The report the import would give (its `addedIDs` are empty: nothing was added).
    public var report: ImportReport
    /// How many rows the import would add.
    public var additions: Int
    /// How many transaction records the file holds.
    public var records: Int
    /// The file's first records as they would be stored, in file order, each with what the
    /// import would do with it (records that would be refused are left out: see `problems`).
    public var firstRows: [Row]
    /// Every record that could not be imported, with its location, field and reason.
    public var problems: [ImportIssue]
    /// The first and last local day of the file's records.
    public var dates: ClosedRange<CalendarDay>?
    /// The currencies of the file's records.
    public var currencies: [Currency]

    /// One record of the file as it would be stored, and what the import would do with it.
    public struct Row: Hashable, Sendable {
        /// What the import would do with a record.
        public enum Outcome: Hashable, Sendable {
            /// It would be added (`transaction.id` is empty when the store generates it).
            case new
            /// It is already in the store: `transaction` is the stored row.
            case alreadyPresent
            /// It settles the pending row with this id, which would take its values in place
            /// (`transaction` is the row after the change, with that id).
            case replacesPending(id: String)
            /// It corrects the stored row with this id (its bank id is the same, its date, amount
            /// or text not): `transaction` is the row after the change.
            case corrects(id: String)
        }

        /// Where the record is in the file.
        public var location: ImportIssue.Location
        /// The transaction as the store would hold it (for an already present record, the
        /// stored row; for one that settles a pending row, that row after the change).
        public var transaction: Transaction
        /// What importing would do with the record.
        public var outcome: Outcome

        /// A row of a preview (tests and apps that build previews of their own).
        public init(location: ImportIssue.Location, transaction: Transaction, outcome: Outcome) {
            self.location = location
            self.transaction = transaction
            self.outcome = outcome
        }
    }
}
