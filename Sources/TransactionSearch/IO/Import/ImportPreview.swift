/// What an import of a file would do, worked out without changing the store: for showing a
/// person a file before importing it (`fsearch inspect`).
public struct ImportPreview: Hashable, Sendable {
    /// The report the import would give (its `addedIDs` are empty: nothing was added).
    public var report: ImportReport
    /// How many rows the import would add.
    public var additions: Int
    /// How many transaction records the file holds.
    public var records: Int
    /// The first rows to add, as they would be stored (an empty id is generated when added).
    public var firstRows: [Transaction]
    /// Every record that could not be imported, with its location, field and reason.
    public var problems: [ImportIssue]
    /// The first and last local day of the file's records.
    public var dates: ClosedRange<CalendarDay>?
    /// The currencies of the file's records.
    public var currencies: [Currency]
}
