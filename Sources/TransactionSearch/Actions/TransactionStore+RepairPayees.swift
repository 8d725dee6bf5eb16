extension TransactionStore {
    /// Cleans again every payee the cleaner made (`FieldSource.cleaner`) whose merchant this
    /// build's `PayeeCleaner` cleans differently: after a newer cleaner, the payees follow it.
    /// Payees given by a file, a person or a rule stay. One step (`undo()` reverts it); with
    /// `dryRun`, nothing changes and the result says what would.
    @discardableResult
    public func repairPayees(dryRun: Bool = false) -> BulkChange {
        let cleaner = PayeeCleaner.shared
        let plan = lock.withReadLock { () -> (rows: [UInt32], change: BulkChange) in
            var rows: [UInt32] = []
            var change = BulkChange(isDryRun: dryRun)
            var strings = RowStrings(contents.fieldTexts)
            var cleaned: [String: String] = [:]
            for row in 0..<UInt32(contents.table.rowLimit) where contents.table.isLive(row) {
                let transaction = contents.transaction(at: row, strings: &strings)
                guard transaction.sources[.payee] == .cleaner else { continue }
                let payee = cleaned[transaction.merchant] ?? cleaner.clean(transaction.merchant).payee
                cleaned[transaction.merchant] = payee
                guard payee != transaction.payee else { continue }
                var after = transaction
                after.payee = payee
                rows.append(row)
                change.rows.append(BulkChange.Row(before: transaction, after: after))
            }
            return (rows, change)
        }
        guard !dryRun, !plan.rows.isEmpty else { return plan.change }
        lock.withWriteLock {
            // Between the two locks another writer may have come: only rows still as read change.
            let changes = zip(plan.rows, plan.change.rows).filter { row, change in
                contents.table.isLive(row) && contents.transaction(at: row) == change.before
            }
            applyRowChanges(changes.map { ($0.0, $0.1.before, $0.1.after) }, kind: .repairPayees)
        }
        afterMutation()
        return plan.change
    }
}
