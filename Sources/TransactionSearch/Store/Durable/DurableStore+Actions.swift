/// Bulk edits, rules and undo on a store directory: each applied in memory, then logged as one
/// record (one fsync), and rolled back in memory if the log cannot be written.
extension DurableStore {
    /// A bulk edit, durably; see `TransactionStore.update(matching:_:dryRun:)`.
    @discardableResult
    public func update(matching query: Query, _ patch: TransactionPatch, dryRun: Bool = false) throws(DurableStoreError) -> BulkChange {
        if dryRun {
            do throws(BulkEditError) { return try store.update(matching: query, patch, dryRun: true) } catch { throw .bulkEdit(error) }
        }
        return try serialized { state throws(DurableStoreError) in
            let change: BulkChange
            do throws(BulkEditError) { change = try store.update(matching: query, patch) } catch { throw .bulkEdit(error) }
            try logRows(change, kind: .bulkEdit, state: &state)
            return change
        }
    }

    /// Every rule over every row, durably, as one record; see `TransactionStore.applyRules(dryRun:)`.
    @discardableResult
    public func applyRules(dryRun: Bool = false) throws(DurableStoreError) -> BulkChange {
        if dryRun { return store.applyRules(dryRun: true) }
        return try serialized { state throws(DurableStoreError) in
            let change = store.applyRules()
            try logRows(change, kind: .rulesApply, state: &state)
            return change
        }
    }

    /// Cleans again the payees a newer cleaner cleans differently, durably, as one record; see
    /// `TransactionStore.repairPayees(dryRun:)`.
    @discardableResult
    public func repairPayees(dryRun: Bool = false) throws(DurableStoreError) -> BulkChange {
        if dryRun { return store.repairPayees(dryRun: true) }
        return try serialized { state throws(DurableStoreError) in
            let change = store.repairPayees()
            try logRows(change, kind: .repairPayees, state: &state)
            return change
        }
    }

    /// Adds a rule durably; see `TransactionStore.addRule(_:before:)`.
    public func addRule(_ rule: Rule, before other: String? = nil) throws(DurableStoreError) {
        try changeRules { store throws(RuleError) in try store.addRule(rule, before: other) }
    }

    /// Removes a rule durably; see `TransactionStore.removeRule(named:)`.
    @discardableResult
    public func removeRule(named name: String) throws(DurableStoreError) -> Rule {
        var removed: Rule?
        try changeRules { store throws(RuleError) in removed = try store.removeRule(named: name) }
        return removed!
    }

    /// Replaces every rule durably; see `TransactionStore.setRules(_:)`.
    public func setRules(_ rules: [Rule]) throws(DurableStoreError) {
        try changeRules { store throws(RuleError) in try store.setRules(rules) }
    }

    /// Reverts the newest step durably (the log keeps the step and the undo); see
    /// `TransactionStore.undo()`.
    /// - Returns: the step reverted; nil when there is none.
    @discardableResult
    public func undo() throws(DurableStoreError) -> StoreStep? {
        try serialized { state throws(DurableStoreError) in
            // Checked first, logged, then applied: what the log says is what the store does.
            guard let step = store.lock.withReadLock({ store.contents.state.history.steps.last }) else { return nil }
            do throws(UndoError) {
                try store.lock.withReadLock { () throws(UndoError) in try store.checkUndoable(step) }
            } catch {
                throw .undo(error)
            }
            try log(.undo, state: &state) {}
            do throws(UndoError) { return try store.undo() } catch { throw .undo(error) }
        }
    }

    /// Logs the rows a step replaced; rolls the step back if the log cannot be written.
    private func logRows(_ change: BulkChange, kind: StoreStep.Kind, state: inout WriterState) throws(DurableStoreError) {
        guard !change.rows.isEmpty else { return }
        let rows = change.rows.map { LogEntry.Replacement(id: $0.before.id, transaction: $0.after) }
        try log(.replaceRows(kind: kind, rows: rows), state: &state) { self.store.rollBackLastStep() }
    }

    /// Changes the rules in memory, then logs the whole new list; puts the old list back if
    /// the log cannot be written.
    private func changeRules(_ change: (TransactionStore) throws(RuleError) -> Void) throws(DurableStoreError) {
        try serialized { state throws(DurableStoreError) in
            let before = store.lock.withReadLock { store.contents.state.rules }
            do throws(RuleError) { try change(store) } catch { throw .rule(error) }
            try log(.rules(store.rules), state: &state) { self.store.replaceRules(before) }
        }
    }
}
