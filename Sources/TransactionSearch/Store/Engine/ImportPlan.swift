/// What an import will change, worked out under the store's write lock before anything
/// changes: which staged records to add (a bit per record, not the rows themselves: the bulk
/// build materializes them one at a time, `StagedAdditions`), the pending rows to replace with
/// their posted selves, how many records are already there, and the records that fail
/// validation.
struct ImportPlan {
    /// A bit per staged record: set when it is added.
    var added = RecordBits()
    /// How many records are added.
    var additionCount = 0
    /// Pending rows replaced in place: the row, what it held, what it will hold.
    var replacements: [(row: UInt32, old: Transaction, new: Transaction)] = []
    var alreadyPresent = 0
    /// Records that cannot be imported, with their location, field and reason.
    var failures: [ImportIssue] = []
    /// The ids the added records give, so that generated ones avoid them.
    var explicitIDs: StagedKeySet
    /// Bytes of the ids the added records give.
    var explicitIDBytes = 0
    /// How many added records have an import key, and their bytes in all (worked out into an
    /// empty store only, where the rows are built in bulk; 0 otherwise).
    var importKeyCount = 0
    var importKeyBytes = 0
    /// What became of each record, in input order; kept only when the planner is asked
    /// (for previews), empty otherwise.
    var fates: [RecordFate] = []

    /// What the plan does with one record of the file.
    enum RecordFate {
        /// Added.
        case added
        /// Already in the store, at this row.
        case alreadyPresent(UInt32)
        /// Replaces a pending row: the place among `replacements`.
        case replacesPending(Int)
        /// Refused (listed among `failures`).
        case refused
    }
}
