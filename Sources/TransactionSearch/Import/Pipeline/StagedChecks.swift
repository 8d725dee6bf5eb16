/// What the stager finds out about each record without a store (`ImportStager`): whether it
/// passes validation (a pure function of the draft and the base currency) and, for an import
/// into an empty store, whether it is added (valid, its id and key not given by an earlier
/// valid record). The planner takes these as they are when the store is empty, so that the
/// planning reads no record back; into a store with rows it reads identities back and checks
/// repeats among the records it adds (`ImportPlanner`).
package struct StagedChecks: Sendable {
    /// A bit per record: it passes validation.
    var valid = RecordBits()
    /// A bit per record: it is added when the store is empty.
    var addedIntoEmpty = RecordBits()
    var additionsIntoEmpty = 0
    /// The records that fail validation, in file order, with why.
    var invalid: [(record: Int, issue: ImportIssue)] = []
    /// Valid records whose id or key an earlier valid record gives (what fails them when the
    /// store is empty), in file order.
    var repeated: [(record: Int, issue: ImportIssue)] = []
    /// The ids of the records added into an empty store.
    var ids = StagedKeySet(field: .id)
    /// The import keys of the records added into an empty store.
    var keys = StagedKeySet(field: .importKey)
    /// Bytes of the ids the records added into an empty store give.
    var explicitIDBytes = 0
    /// How many of the records added into an empty store have an import key, and its bytes
    /// in all: the store reserves room for them before a bulk build.
    var importKeyCount = 0
    var importKeyBytes = 0
}
