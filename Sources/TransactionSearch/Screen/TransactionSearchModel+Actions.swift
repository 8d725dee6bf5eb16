/// Acting on the current search: a screen's "change all" button.
extension TransactionSearchModel {
    /// Changes every row the current search matches (all of them, not only the rows loaded)
    /// as one step of the store: checked whole first, one undo step, and the model searches
    /// again when the store's events arrive, like after any change. With `dryRun`, nothing
    /// changes and the result lists what would.
    ///
    /// A store kept in a directory is changed through its `DurableStore`, so that the change
    /// is logged: `try durable.update(matching: model.query, patch)`.
    /// - Throws: `BulkEditError` listing the rows the patch cannot apply to; nothing changed.
    @discardableResult
    public func updateMatches(_ patch: TransactionPatch, dryRun: Bool = false) throws(BulkEditError) -> BulkChange {
        try store.update(matching: query, patch, dryRun: dryRun)
    }
}
