extension TransactionStore {
    /// Runs the store's rules, in order, over `rows` (nil: every row), under the write lock:
    /// each rule's search is answered by the engine on the store as the rules before it left
    /// it, so a rule sees what an earlier one set. Rows change in place (indexes, buckets and
    /// caches kept current) but no event is recorded: the caller records the step. Returns
    /// each changed row with its version before the first rule changed it, in the order rows
    /// were first changed; a row a rule could not change (its change does not validate) is
    /// listed in `skipped` and left as it was.
    ///
    /// Each rule runs in two phases: what it makes of each row it matches is worked out first,
    /// reading the store only (`RuleEdits`, on two threads for many rows), then the rows
    /// change one by one. A rule matches each row once, so no row's edit depends on another's.
    func runRules(over rows: [UInt32]?, skipped: inout [BulkChange.Skipped]) -> [(row: UInt32, before: Transaction)] {
        let rules = contents.state.rules
        guard !rules.isEmpty else { return [] }
        var scope: RowSet?
        if let rows {
            guard !rows.isEmpty else { return [] }
            var set = RowSet(limit: contents.table.rowLimit)
            for row in rows { set.insert(row) }
            scope = set
        }
        let today = self.today
        var changed: [(row: UInt32, before: Transaction)] = []
        // Room for every row in scope at once: grown by doubling, the array of whole
        // transactions was copied (each string retained) again and again.
        changed.reserveCapacity(rows?.count ?? contents.count)
        // The rows changed so far, and those a second rule changed again.
        var changedOnce = RowSet(limit: contents.table.rowLimit)
        var changedAgain = RowSet(limit: contents.table.rowLimit)
        for stored in rules {
            var matches = contents.matchingRows(of: stored.query, today: today, exactly: true)
            if let scope { matches.removeAll { !scope.contains($0) } }
            var edits = RuleEdits(rule: stored, rows: matches, contents: contents)
            edits.forEach { edit in
                guard case .success(let new) = edit.after, let changes = edit.changes else {
                    if case .failure(let error) = edit.after {
                        skipped.append(BulkChange.Skipped(rule: stored.rule.name, id: edit.before.id, error: error))
                    }
                    return
                }
                let row = edit.row
                noteChange(of: row)
                contents.replace(row: row, with: new, was: edit.before, changes: changes)
                noteChange(of: row)
                if changedOnce.contains(row) {
                    changedAgain.insert(row)
                } else {
                    changedOnce.insert(row)
                    changed.append((row, edit.before))
                }
            }
        }
        // A row a later rule set back as it was is not changed (one rule's change is a change).
        changed.removeAll { changedAgain.contains($0.row) && contents.transaction(at: $0.row) == $0.before }
        return changed
    }
}

/// A set of row numbers below a limit, one bit each.
struct RowSet {
    private var words: [UInt64]

    init(limit: Int) {
        words = [UInt64](repeating: 0, count: (limit + 63) / 64)
    }

    mutating func insert(_ row: UInt32) {
        let index = Int(row) / 64
        if index >= words.count { words += [UInt64](repeating: 0, count: index - words.count + 1) }
        words[index] |= 1 << UInt64(row % 64)
    }

    func contains(_ row: UInt32) -> Bool {
        let index = Int(row) / 64
        return index < words.count && words[index] & (1 << UInt64(row % 64)) != 0
    }
}
