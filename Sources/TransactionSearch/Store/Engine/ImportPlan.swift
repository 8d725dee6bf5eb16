/// What an import will change, worked out under the store's write lock before anything
/// changes: the validated rows to add, the pending rows to replace with their posted selves,
/// how many records are already there, and the records that fail validation.
struct ImportPlan {
    /// Validated rows to add, in input order; an empty id is generated when added.
    var additions: [Transaction] = []
    /// Pending rows replaced in place: the row, what it held, what it will hold.
    var replacements: [(row: UInt32, old: Transaction, new: Transaction)] = []
    var alreadyPresent = 0
    /// Records that cannot be imported, with their location, field and reason.
    var failures: [ImportIssue] = []
    /// The ids the file gives, so generated ones avoid them.
    var explicitIDs = StringSet()
    /// What became of each record, in input order; kept only when the planner is asked
    /// (for previews), empty otherwise.
    var fates: [RecordFate] = []

    /// What the plan does with one record of the file.
    enum RecordFate {
        /// Added: the record's place among `additions`.
        case added(Int)
        /// Already in the store, at this row.
        case alreadyPresent(UInt32)
        /// Replaces a pending row: the place among `replacements`.
        case replacesPending(Int)
        /// Refused (listed among `failures`).
        case refused
    }
}
