extension TransactionStore {
    /// A logged step made again (a store directory's log replayed): rows replaced whole, then
    /// rows added, checked before anything changes, as one step of `kind` with one batch of
    /// events. Rules do not run: the record holds what they set.
    /// - Throws: `.invalid` or `.invalidBatch` naming what does not fit the store.
    func replay(kind: StoreStep.Kind, replaced: [LogEntry.Replacement], added: [Transaction]) throws(DurableStoreError) {
        try lock.withWriteLock { () throws(DurableStoreError) in
            var changes: [(row: UInt32, before: Transaction, after: Transaction)] = []
            changes.reserveCapacity(replaced.count)
            var seen = Set<UInt32>()
            for replacement in replaced {
                guard let row = contents.table.ids.row(of: replacement.id), seen.insert(row).inserted else {
                    throw .invalid(ValidationError(.id, .unknownID(replacement.id)))
                }
                let old = contents.transaction(at: row)
                do throws(ValidationError) {
                    let new = try contents.validator.validate(TransactionPatch(replacingWith: replacement.transaction), on: old)
                    if let duplicate = contents.table.duplicateKey(of: new, replacing: row, was: old) { throw duplicate }
                    changes.append((row, old, new))
                } catch {
                    throw .invalid(error)
                }
            }
            let validated = contents.validate(batch: added.map(\.draft))
            if !validated.failures.isEmpty { throw .invalidBatch(BatchError(failures: validated.failures)) }
            var step = UndoStep(kind: kind, sequence: 0)
            for (row, before, after) in changes {
                noteChange(of: row)
                contents.replace(row: row, with: after, was: before)
                noteChange(of: row)
                step.changed.append(UndoStep.Change(id: after.id, before: before))
            }
            let rows = contents.insert(batch: validated.accepted)
            for row in rows {
                guard needsChangeFacts else { break }
                noteChange(of: row)
            }
            step.added = RowIDs(validated.accepted.ids)
            record(count: changes.count + rows.count) {
                changes.map { .updated(old: $0.before, new: $0.after) } + validated.accepted.map { .added($0) }
            }
            step.info.sequence = contents.sequence
            contents.state.history.push(step)
        }
        afterMutation()
    }
}
