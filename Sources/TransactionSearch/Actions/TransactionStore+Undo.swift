extension TransactionStore {
    /// The steps `undo()` can revert, newest first (at most the last 100; a few very large
    /// steps may keep fewer: see docs/actions.md).
    public func history() -> [StoreStep] {
        lock.withReadLock { contents.state.history.steps.reversed().map(\.info) }
    }

    /// Reverts the newest step (an add, an update, a delete, an import, a bulk edit, a run of
    /// the rules) as one new change: the rows it added are deleted, the rows it changed are put
    /// back as they were, the rows it deleted come back with their ids. Events, caches and
    /// live queries follow as for any change. Calling it again reverts the step before.
    /// - Returns: the step reverted; nil when there is none.
    /// - Throws: `UndoError` when the store no longer holds what the step left (it is then
    ///   unchanged, and the step stays).
    @discardableResult
    public func undo() throws(UndoError) -> StoreStep? {
        let undone = try lock.withWriteLock { () throws(UndoError) -> StoreStep? in
            guard let step = contents.state.history.steps.last else { return nil }
            try checkUndoable(step)
            _ = contents.state.history.pop()
            revert(step)
            return step.info
        }
        afterMutation()
        return undone
    }

    /// Whether `undo()` would revert a step without an error (the caller holds a lock).
    func checkUndoable(_ step: UndoStep) throws(UndoError) {
        var gone = Set<String>()
        var missing: [String] = []
        step.added.forEach { id in
            if contents.table.ids.row(of: id) == nil { missing.append(id) } else { gone.insert(id) }
        }
        for change in step.changed where contents.table.ids.row(of: change.id) == nil { missing.append(change.id) }
        if let id = missing.first { throw UndoError(step: step.info, reason: "row \(id) is not in the store") }
        for row in step.deleted {
            if contents.table.ids.row(of: row.id) != nil && !gone.contains(row.id) {
                throw UndoError(step: step.info, reason: "a row with id \(row.id) is in the store again")
            }
            if let key = row.importKey, let holder = contents.table.importKeys.row(of: key),
               !gone.contains(contents.table.ids.key(of: holder)) {
                throw UndoError(step: step.info, reason: "another row holds the import key of \(row.id)")
            }
        }
    }

    /// Applies the reverse of `step` (under the write lock, checked): added rows removed,
    /// changed rows put back, deleted rows added again; one batch of events.
    private func revert(_ step: UndoStep) {
        var events: [StoreEvent.Change] = []
        let wantsEvents = self.events.hasSubscribers
        var count = 0
        step.added.forEach { id in
            guard let row = contents.table.ids.row(of: id) else { return }
            let old = contents.transaction(at: row)
            noteChange(of: row)
            contents.remove(row: row)
            if wantsEvents { events.append(.deleted(old)) }
            count += 1
        }
        for change in step.changed.reversed() {
            guard let row = contents.table.ids.row(of: change.id) else { continue }
            let current = contents.transaction(at: row)
            noteChange(of: row)
            contents.replace(row: row, with: change.before, was: current)
            noteChange(of: row)
            if wantsEvents { events.append(.updated(old: current, new: change.before)) }
            count += 1
        }
        for transaction in step.deleted {
            let row = contents.insert(transaction)
            noteChange(of: row)
            if wantsEvents { events.append(.added(transaction)) }
            count += 1
        }
        record(count: count) { events }
    }

    /// Reverts the newest step without a trace in the history (a store directory whose log
    /// write failed puts the store back as it was before the change).
    func rollBackLastStep() {
        lock.withWriteLock {
            guard let step = contents.state.history.steps.last, (try? checkUndoable(step)) != nil else { return }
            _ = contents.state.history.pop()
            revert(step)
        }
        afterMutation()
    }
}

/// Why `undo()` could not revert the newest step: the store no longer holds what the step
/// left. Nothing changed.
public struct UndoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that could not be reverted; nil when there was none (a store directory's log
    /// that records an undo of nothing).
    public var step: StoreStep?
    /// What is in the way.
    public var reason: String

    /// `cannot undo import: 3 added (...): row tx_4 is not in the store`.
    public var description: String { "cannot undo" + (step.map { " \($0)" } ?? "") + ": \(reason)" }
}
