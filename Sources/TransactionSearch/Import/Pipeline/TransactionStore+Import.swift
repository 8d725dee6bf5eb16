import Foundation

extension TransactionStore {
    /// What importing `read` would do, without changing the store (see
    /// `previewImport(of:options:firstRows:)` of TransactionSearchFiles).
    package func preview(_ read: ReadImport, options: ImportOptions, firstRows: Int) -> ImportPreview {
        lock.withReadLock {
            let plan = ImportPlanner(contents: contents).plan(read, matching: options.pendingMatching, keepingFates: true)
            let report = TransactionStore.report(of: read, plan: plan, addedIDs: nil, skipped: [])
            var dates: ClosedRange<CalendarDay>?
            var currencies = Set<Currency>()
            for index in 0..<read.records.count {
                let draft = read.records.draft(at: index)
                let day = localDay(of: draft.date)
                dates = dates.map { min($0.lowerBound, day)...max($0.upperBound, day) } ?? day...day
                currencies.insert(draft.currency ?? baseCurrency)
            }
            return ImportPreview(
                report: report, additions: plan.additionCount, records: read.records.count,
                firstRows: previewRows(read, plan: plan, count: firstRows),
                problems: TransactionStore.inInputOrder(read.issues + plan.failures),
                dates: dates, currencies: currencies.sorted())
        }
    }

    /// The first `count` records of a plan that would be stored, in file order (under the lock).
    private func previewRows(_ read: ReadImport, plan: ImportPlan, count: Int) -> [ImportPreview.Row] {
        var rows: [ImportPreview.Row] = []
        for (index, fate) in plan.fates.enumerated() where rows.count < count {
            let location = read.records[index].location
            switch fate {
            case .added:
                guard let transaction = try? contents.validator.validate(read.records.draft(at: index)) else { continue }
                rows.append(ImportPreview.Row(location: location, transaction: transaction, outcome: .new))
            case .alreadyPresent(let row):
                rows.append(ImportPreview.Row(location: location, transaction: contents.transaction(at: row), outcome: .alreadyPresent))
            case .changes(let place):
                let change = plan.replacements[place]
                let outcome: ImportPreview.Row.Outcome = switch change.kind {
                case .settlesPending: .replacesPending(id: change.old.id)
                case .correction: .corrects(id: change.old.id)
                case .keyUpgrade: .alreadyPresent
                }
                rows.append(ImportPreview.Row(location: location, transaction: change.new, outcome: outcome))
            case .refused:
                continue
            }
        }
        return rows
    }

    /// What an import changed, for a store directory to log: the rows added (only when asked
    /// for: their row numbers, 4 bytes each, read back one at a time with
    /// `forEachTransaction(atRows:)`) and the rows replaced (before and after).
    package struct AppliedImport {
        var addedRows: [UInt32] = []
        var replaced: [(old: Transaction, new: Transaction)] = []
        /// Stored rows' changes, in the order of `replaced`: why each changed.
        var kinds: [ImportPlan.ChangeKind] = []
    }

    /// Imports a file read (by TransactionSearchFiles' `ImportReading`), and says what changed;
    /// `keepingAdded` fills `applied.addedRows`.
    ///
    /// Memory: the file is read outside the lock into staged records (`ImportStager`, about
    /// half an OFX file's size), planned record by record (a bit per record, `ImportPlanner`),
    /// and the added rows are materialized one at a time as the store takes them
    /// (`StagedAdditions`), each chunk of the staging freed once the store has passed it:
    /// no array of the file's entries, drafts or transactions is made, and the staging is gone
    /// before the indexes are built. Events and `keepingAdded` read the added rows back from
    /// the store.
    package func applyImport(_ read: consuming ReadImport, options: ImportOptions,
                             keepingAdded: Bool = false) throws(ImportError) -> (report: ImportReport, applied: AppliedImport) {
        let result = try lock.withWriteLock { () throws(ImportError) -> (ImportReport, AppliedImport) in
            let plan = ImportPlanner(contents: contents).plan(read, matching: options.pendingMatching)
            let problems = TransactionStore.inInputOrder(read.issues + plan.failures)
            if !problems.isEmpty && !options.skippingInvalid {
                throw ImportError(issues: problems, goodRecords: max(0, read.records.count - plan.failures.count))
            }
            read.checks = StagedChecks()  // planned: what the stager found out is no longer needed
            var applied = AppliedImport()
            for replacement in plan.replacements {
                noteChange(of: replacement.row)
                contents.replace(row: replacement.row, with: replacement.new, was: replacement.old)
                noteChange(of: replacement.row)
                applied.replaced.append((replacement.old, replacement.new))
                applied.kinds.append(replacement.kind)
            }
            // The staged records are handed over, so that they are freed as the store takes them.
            let additions = StagedAdditions(records: read.records, plan: plan, validator: contents.validator, table: contents.table)
            read.records = StagedRecords()
            let rows = contents.insert(batch: additions)
            // The rules, over every row the import added or changed, before anyone sees them.
            var ruleSkips: [BulkChange.Skipped] = []
            var changedByRules = 0
            if !contents.state.rules.isEmpty {
                let changed = runRules(over: rows + plan.replacements.map(\.row), skipped: &ruleSkips)
                changedByRules = changed.count
                let changedRows = Set(changed.map(\.row))
                for (index, replacement) in plan.replacements.enumerated() where changedRows.contains(replacement.row) {
                    applied.replaced[index].new = contents.transaction(at: replacement.row)
                }
            }
            for row in rows {
                guard needsChangeFacts else { break }
                noteChange(of: row)
            }
            // The added rows again, as the store holds them: for events and the log only.
            if keepingAdded { applied.addedRows = rows }
            record(count: applied.replaced.count + rows.count) {
                applied.replaced.map { .updated(old: $0.old, new: $0.new) } + transactions(atRows: rows).map { .added($0) }
            }
            let addedIDs = rows.map { contents.table.ids.key(of: $0) }
            var step = UndoStep(kind: .import, sequence: contents.sequence)
            step.added = RowIDs(addedIDs)
            step.changed = applied.replaced.map { UndoStep.Change(id: $0.new.id, before: $0.old) }
            if !step.added.isEmptyList || !step.changed.isEmpty { contents.state.history.push(step) }
            var report = TransactionStore.report(of: read, plan: plan, addedIDs: addedIDs, skipped: problems)
            report.changedByRules = changedByRules
            report.warnings += ruleSkips.map(\.description)
            return (report, applied)
        }
        afterMutation()
        return result
    }

    /// Calls `body` with the transaction of each of `rows` in turn, in order, under the read
    /// lock: one transaction made at a time (a store directory's log record of an import).
    /// - Precondition: the rows are live (the caller holds them from `AppliedImport`, with no
    ///   change to the store since).
    package func forEachTransaction(atRows rows: [UInt32], _ body: (Transaction) -> Void) {
        lock.withReadLock { visitTransactions(atRows: rows, body) }
    }

    /// The transactions in `rows`, in order (the caller holds the lock).
    private func transactions(atRows rows: [UInt32]) -> [Transaction] {
        var transactions: [Transaction] = []
        transactions.reserveCapacity(rows.count)
        visitTransactions(atRows: rows) { transactions.append($0) }
        return transactions
    }

    /// Calls `body` with the transaction of each live row of `rows`, in order, one made at a
    /// time (the caller holds the lock).
    private func visitTransactions(atRows rows: [UInt32], _ body: (Transaction) -> Void) {
        var strings = RowStrings(contents.fieldTexts)
        for row in rows {
            precondition(contents.table.isLive(row), "forEachTransaction(atRows:): row \(row) is not live")
            body(contents.transaction(at: row, strings: &strings))
        }
    }

    /// The clock of an import: its zone, or the store's.
    package func importClock(for options: ImportOptions) -> ZoneClock {
        options.timeZone.map { ZoneClock(timeZone: $0) } ?? contents.clock
    }

    /// The report of a plan: `addedIDs` are the added rows' ids in record order (nil for a
    /// preview, which adds nothing).
    private static func report(of read: ReadImport, plan: ImportPlan, addedIDs: [String]?, skipped: [ImportIssue]) -> ImportReport {
        var report = ImportReport(
            format: read.format, encoding: read.encoding, addedIDs: addedIDs ?? [], alreadyPresent: plan.alreadyPresent,
            matchedWithoutAccount: plan.matchedWithoutAccount, sharedBankIDs: read.sharedBankIDs, skipped: skipped,
            skippedParts: read.skippedParts, accounts: read.accounts, warnings: read.warnings, layout: read.layout)
        report.decisions = read.decisions
        report.firstCurrency = read.firstCurrency
        for change in plan.replacements {
            switch change.kind {
            case .settlesPending: report.replacedPendingIDs.append(change.old.id)
            case .correction: report.correctedIDs.append(change.old.id)
            case .keyUpgrade: report.alreadyPresent += 1
            }
        }
        report.likelyDuplicates = plan.likelyDuplicates.map { duplicate in
            let added = addedIDs.flatMap { duplicate.addedOrdinal < $0.count ? $0[duplicate.addedOrdinal] : nil } ?? ""
            return ImportReport.LikelyDuplicate(location: duplicate.location, existingID: duplicate.existingID, addedID: added)
        }
        return report
    }

    static func inInputOrder(_ issues: [ImportIssue]) -> [ImportIssue] {
        issues.enumerated().sorted { left, right in
            let (a, b) = (left.element.location.order, right.element.location.order)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }
}
