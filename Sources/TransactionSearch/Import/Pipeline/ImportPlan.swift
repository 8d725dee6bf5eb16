/// What an import will change, worked out under the store's write lock before anything
/// changes: which staged records to add (a bit per record, not the rows themselves: the bulk
/// build materializes them one at a time, `StagedAdditions`), the stored rows to change in
/// place (pending rows their posted selves settle, rows the bank corrected, keys of an earlier
/// scheme brought up to date), how many records are already there, and the records that fail
/// validation.
struct ImportPlan {
    /// Why a stored row changes in place.
    enum ChangeKind: Equatable {
        /// A posted record settles the pending row.
        case settlesPending
        /// The bank's id (or the row's id) is the same, the date, amount or text not.
        case correction
        /// The row was found by its key of an earlier scheme, which it trades for the new one.
        case keyUpgrade
    }

    /// One stored row changed in place.
    struct Change {
        var row: UInt32
        var old: Transaction
        var new: Transaction
        var kind: ChangeKind
    }

    /// A record added although a stored row looks like the same transaction (same account,
    /// day, amount and currency, a similar merchant): kept, and reported.
    struct LikelyDuplicate {
        var record: Int
        /// How many records before it are added (its place among the added rows).
        var addedOrdinal: Int
        var location: ImportIssue.Location
        /// The stored row's id.
        var existingID: String
    }

    /// A bit per staged record: set when it is added.
    var added = RecordBits()
    /// How many records are added.
    var additionCount = 0
    /// Stored rows changed in place: the row, what it held, what it will hold, and why.
    var replacements: [Change] = []
    var alreadyPresent = 0
    /// Records found already present by a fingerprint alone while naming no account.
    var matchedWithoutAccount = 0
    /// Added records that look like stored rows (a statement imported twice in two formats).
    var likelyDuplicates: [LikelyDuplicate] = []
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
        /// Changes a stored row in place: the place among `replacements`.
        case changes(Int)
        /// Refused (listed among `failures`).
        case refused
    }
}
