extension TransactionStore {
    /// Changes every row `query` matches (whatever its page asks: every matching row, as the
    /// search finds them, typos forgiven as there) in one step: checked whole before anything
    /// changes, then one batch of events, indexes, buckets, caches and live queries kept current
    /// row by row, one step for `undo()`. The fields the patch sets count as set by hand: no
    /// rule changes them afterwards. With `dryRun`, nothing changes and the result says what
    /// would.
    /// - Returns: each changed row before and after; rows already as asked are counted apart.
    /// - Throws: `BulkEditError` listing the rows the patch cannot apply to; nothing changed.
    @discardableResult
    public func update(matching query: Query, _ patch: TransactionPatch, dryRun: Bool = false) throws(BulkEditError) -> BulkChange {
        let today = self.today
        if dryRun {
            return try lock.withReadLock { () throws(BulkEditError) -> BulkChange in
                var change = try plannedBulkEdit(query, patch, today: today).change
                change.isDryRun = true
                return change
            }
        }
        let change = try lock.withWriteLock { () throws(BulkEditError) -> BulkChange in
            let (change, rows) = try plannedBulkEdit(query, patch, today: today)
            applyRowChanges(zip(rows, change.rows).map { ($0, $1.before, $1.after) }, kind: .bulkEdit)
            return change
        }
        afterMutation()
        return change
    }

    /// The rows a bulk edit changes, each checked (the caller holds a lock).
    private func plannedBulkEdit(_ query: Query, _ patch: TransactionPatch,
                                 today: CalendarDay) throws(BulkEditError) -> (change: BulkChange, rows: [UInt32]) {
        let matched = contents.matchingRows(of: query, today: today, exactly: false)
        var change = BulkChange()
        var rows: [UInt32] = []
        var failures: [BulkEditError.Failure] = []
        var failureCount = 0
        // An id or an import key is one row's: set on more than one, every other is a duplicate.
        let setsOneRowKey = patch.id != .keep || { if case .set = patch.importKey { true } else { false } }()
        var strings = RowStrings(contents.fieldTexts)
        for (index, row) in matched.enumerated() {
            let old = contents.transaction(at: row, strings: &strings)
            do throws(ValidationError) {
                let new = try contents.validator.validate(patch, on: old)
                if setsOneRowKey && index > 0 {
                    throw patch.id != .keep ? ValidationError(.id, .duplicateID(new.id)) : ValidationError(.importKey, .duplicateImportKey(new.importKey ?? ""))
                }
                if let duplicate = contents.table.duplicateKey(of: new, replacing: row, was: old) { throw duplicate }
                if new == old {
                    change.unchanged += 1
                } else {
                    change.rows.append(BulkChange.Row(before: old, after: new))
                    rows.append(row)
                }
            } catch {
                failureCount += 1
                if failures.count < BulkEditError.listLimit { failures.append(BulkEditError.Failure(id: old.id, error: error)) }
            }
        }
        if failureCount > 0 { throw BulkEditError(failures: failures, failureCount: failureCount) }
        return (change, rows)
    }

    /// Replaces rows whole, as one step of `kind` (under the write lock): caches told before
    /// and after each row, one batch of update events, one undo step. No change, no step.
    func applyRowChanges(_ changes: [(row: UInt32, before: Transaction, after: Transaction)], kind: StoreStep.Kind) {
        guard !changes.isEmpty else { return }
        var step = UndoStep(kind: kind, sequence: 0)
        step.changed.reserveCapacity(changes.count)
        for (row, before, after) in changes {
            noteChange(of: row)
            contents.replace(row: row, with: after, was: before)
            noteChange(of: row)
            step.changed.append(UndoStep.Change(id: after.id, before: before))
        }
        record(count: changes.count) { changes.map { .updated(old: $0.before, new: $0.after) } }
        step.info.sequence = contents.sequence
        contents.state.history.push(step)
    }
}
