extension TransactionStore {
    /// The store's rules, in the order they run.
    public var rules: [Rule] {
        lock.withReadLock { contents.state.rules.map(\.rule) }
    }

    /// Adds a rule, last or just before the rule named `before`. It runs from the next add or
    /// import on; `applyRules()` runs it over the stored rows.
    /// - Throws: `RuleError` (a bad name, search or action, a name taken, an unknown
    ///   `before`); the rules are then as they were.
    public func addRule(_ rule: Rule, before other: String? = nil) throws(RuleError) {
        try changeRules { rules throws(RuleError) in
            var position = rules.count
            if let other {
                guard let index = rules.firstIndex(where: { $0.name.lowercased() == other.lowercased() }) else {
                    throw RuleError(rule: rule.name, .unknownRule(other))
                }
                position = index
            }
            rules.insert(rule, at: position)
        }
    }

    /// Removes the rule named `name` (compared without case) and returns it. What it set
    /// stays set.
    /// - Throws: `RuleError.Reason.unknownRule`.
    @discardableResult
    public func removeRule(named name: String) throws(RuleError) -> Rule {
        var removed: Rule?
        try changeRules { rules throws(RuleError) in
            guard let index = rules.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw RuleError(rule: name, .unknownRule(name))
            }
            removed = rules.remove(at: index)
        }
        return removed!
    }

    /// Replaces every rule with `rules`, in that order (an app's rule editor saving its list).
    /// - Throws: `RuleError` for the first rule that does not check; nothing changed.
    public func setRules(_ rules: [Rule]) throws(RuleError) {
        try changeRules { $0 = rules }
    }

    /// How many rows a rule's search matches now (exactly, as the rule runs).
    public func matchCount(of rule: Rule) throws(RuleError) -> Int {
        let stored = try StoredRule(rule, existing: [])
        let today = self.today
        return lock.withReadLock { contents.matchingRows(of: stored.query, today: today, exactly: true).count }
    }

    /// Runs every rule, in order, over every stored row, as one step (`undo()` reverts it
    /// whole): one batch of update events, indexes and caches kept current. A field a person
    /// set by hand is left alone. Running the rules again right after changes nothing. With
    /// `dryRun`, nothing changes and the result says what would.
    @discardableResult
    public func applyRules(dryRun: Bool = false) -> BulkChange {
        let change = lock.withWriteLock { () -> BulkChange in
            var skipped: [BulkChange.Skipped] = []
            let changed = runRules(over: nil, skipped: &skipped)
            let rows = changed.map { (row: $0.row, before: $0.before, after: contents.transaction(at: $0.row)) }
            if dryRun {
                // Put every row back as it was; no event, no step.
                for (row, before, after) in rows.reversed() {
                    noteChange(of: row)
                    contents.replace(row: row, with: before, was: after)
                    noteChange(of: row)
                }
            } else {
                // The rows are changed already: record the step.
                var step = UndoStep(kind: .rulesApply, sequence: 0)
                step.changed = rows.map { UndoStep.Change(id: $0.after.id, before: $0.before) }
                if !rows.isEmpty {
                    record(count: rows.count) { rows.map { .updated(old: $0.before, new: $0.after) } }
                    step.info.sequence = contents.sequence
                    contents.state.history.push(step)
                }
            }
            return BulkChange(rows: rows.map { BulkChange.Row(before: $0.before, after: $0.after) }, skipped: skipped, isDryRun: dryRun)
        }
        afterMutation()
        return change
    }

    /// Changes the rule list under the write lock, checked whole; unchanged when `edit` or a
    /// check throws.
    private func changeRules(_ edit: (inout [Rule]) throws(RuleError) -> Void) throws(RuleError) {
        try lock.withWriteLock { () throws(RuleError) in
            var rules = contents.state.rules.map(\.rule)
            try edit(&rules)
            contents.state.rules = try StoreState.checked(rules)
        }
    }

    /// Replaces the rule list with one already checked (a log replayed).
    func replaceRules(_ rules: [StoredRule]) {
        lock.withWriteLock { contents.state.rules = rules }
    }
}
