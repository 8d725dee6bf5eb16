/// Works out an `ImportPlan` from a file's staged records against the store (under its write
/// lock): leaves out the records already present (their import key was worked out at staging,
/// `ImportStager`), finds the pending rows posted records settle (`PendingMatcher`), and
/// checks the rest as one batch would (validation was done at staging; a repeated id or key
/// fails on its second use). Keeps a bit per record, never the validated rows. Changes
/// nothing. With `keepingFates`, it also says what becomes of each record (for previews).
///
/// Into an empty store nothing is present or pending, so the stager's checks are the plan and
/// no record is read back; into a store with rows, each record's identity is read back
/// (`StagedRecords.identity(at:)`), and all of it only for a posted record when the store has
/// pending rows or the record names its pending transaction.
struct ImportPlanner {
    let contents: StoreContents

    func plan(_ read: ReadImport, matching: PendingMatching, keepingFates: Bool = false) -> ImportPlan {
        contents.table.ids.count == 0
            ? planIntoEmptyStore(read, keepingFates: keepingFates)
            : planIntoStore(read, matching: matching, keepingFates: keepingFates)
    }

    private func planIntoEmptyStore(_ read: ReadImport, keepingFates: Bool) -> ImportPlan {
        let checks = read.checks
        var plan = ImportPlan(explicitIDs: checks.ids)
        plan.added = checks.addedIntoEmpty
        plan.additionCount = checks.additionsIntoEmpty
        plan.explicitIDBytes = checks.explicitIDBytes
        (plan.importKeyCount, plan.importKeyBytes) = (checks.importKeyCount, checks.importKeyBytes)
        // Both lists are in record order: merged, they are the failures in file order.
        let (invalid, repeated) = (checks.invalid, checks.repeated)
        var (nextInvalid, nextRepeated) = (0, 0)
        while nextInvalid < invalid.count || nextRepeated < repeated.count {
            if nextRepeated == repeated.count || (nextInvalid < invalid.count && invalid[nextInvalid].record < repeated[nextRepeated].record) {
                plan.failures.append(invalid[nextInvalid].issue)
                nextInvalid += 1
            } else {
                plan.failures.append(repeated[nextRepeated].issue)
                nextRepeated += 1
            }
        }
        if keepingFates {
            plan.fates = (0..<read.records.count).map { plan.added[$0] ? .added : .refused }
        }
        return plan
    }

    private func planIntoStore(_ read: ReadImport, matching: PendingMatching, keepingFates: Bool) -> ImportPlan {
        let records = read.records
        let checks = read.checks
        let table = contents.table
        var plan = ImportPlan(explicitIDs: StagedKeySet(field: .id))
        plan.added = RecordBits(count: records.count)
        if keepingFates { plan.fates.reserveCapacity(records.count) }
        var matcher: PendingMatcher?
        var batchKeys = StagedKeySet(field: .importKey)
        var replacementKeys = StringSet()
        var replacementKeyCount = 0
        var invalidCursor = 0
        for index in 0..<records.count {
            let identity = records.identity(at: index)
            if let id = identity.id, let row = table.ids.row(of: id) {
                plan.alreadyPresent += 1
                if keepingFates { plan.fates.append(.alreadyPresent(row)) }
                continue
            }
            if let key = identity.importKey, let row = table.importKeys.row(of: key) {
                plan.alreadyPresent += 1
                if keepingFates { plan.fates.append(.alreadyPresent(row)) }
                continue
            }
            if identity.isPosted && matching.isEnabled {
                if matcher == nil { matcher = PendingMatcher(contents: contents, rules: matching) }
                if matcher!.hasCandidates || identity.hasPendingLink {
                    let record = records[index]
                    let draft = record.draft
                    let currency = draft.currency ?? contents.baseCurrency
                    let day = contents.calendar.place(draft.date).day
                    let pendingKey = record.pendingBankID.map { ImportKeys.bankKey(account: draft.account, bankID: $0) }
                    if let match = matcher!.claim(for: draft, currency: currency, day: day, pendingKey: pendingKey) {
                        let old = contents.transaction(at: match.row)
                        do throws(ValidationError) {
                            let new = try contents.validator.validate(ImportPlanner.replacement(of: old, by: draft, currency: currency), on: old)
                            if let key = new.importKey {
                                guard replacementKeys.insert(key) else { throw ValidationError(.importKey, .duplicateImportKey(key)) }
                                replacementKeyCount += 1
                            }
                            if keepingFates { plan.fates.append(.replacesPending(plan.replacements.count)) }
                            plan.replacements.append((match.row, old, new))
                        } catch {
                            if keepingFates { plan.fates.append(.refused) }
                            plan.failures.append(ImportIssue(record.location, field: error.field, .invalid(error.reason)))
                        }
                        continue
                    }
                }
            }
            guard checks.valid[index] else {
                while checks.invalid[invalidCursor].record < index { invalidCursor += 1 }
                if keepingFates { plan.fates.append(.refused) }
                plan.failures.append(checks.invalid[invalidCursor].issue)
                continue
            }
            // Repeats among the added records and against the store, as validation found them
            // for a batch: the id first, then the key.
            var problem: ValidationError?
            if let id = identity.id, table.ids.row(of: id) != nil || !plan.explicitIDs.insert(id, record: index, in: records) {
                problem = ValidationError(.id, .duplicateID(id))
            } else if let key = identity.importKey?.trimmingWhitespace(), !key.isEmpty,
                      table.importKeys.row(of: key) != nil || !batchKeys.insert(key, record: index, in: records) {
                problem = ValidationError(.importKey, .duplicateImportKey(key))
            }
            if let problem {
                if keepingFates { plan.fates.append(.refused) }
                plan.failures.append(ImportIssue(records[index].location, field: problem.field, .invalid(problem.reason)))
                continue
            }
            plan.explicitIDBytes += identity.id?.utf8.count ?? 0
            plan.added[index] = true
            plan.additionCount += 1
            if keepingFates { plan.fates.append(.added) }
        }
        // A key may not be both added and given to a replaced row.
        if replacementKeyCount > 0 {
            for index in 0..<records.count where plan.added[index] {
                let identity = records.identity(at: index)
                guard let key = identity.importKey?.trimmingWhitespace(), !key.isEmpty, replacementKeys.contains(key) else { continue }
                plan.added[index] = false
                plan.additionCount -= 1
                plan.explicitIDBytes -= identity.id?.utf8.count ?? 0
                plan.failures.append(ImportIssue(records[index].location, field: .importKey, .invalid(.duplicateImportKey(key))))
                if keepingFates { plan.fates[index] = .refused }
            }
        }
        return plan
    }

    /// The patch that turns a pending row into its posted self: the posted date, amount,
    /// currency, merchant and key; notes, category and card from the file when it has them,
    /// else as the person left them.
    static func replacement(of old: Transaction, by posted: TransactionDraft, currency: Currency) -> TransactionPatch {
        var patch = TransactionPatch()
        patch.date = .set(posted.date)
        patch.amount = .set(posted.amount)
        patch.currency = .set(currency)
        patch.merchant = .set(posted.merchant)
        patch.status = .set(.posted)
        if let key = posted.importKey { patch.importKey = .set(key) }
        if let notes = posted.notes { patch.notes = .set(notes) }
        if let category = posted.category {
            patch.category = .set(category)
            patch.subcategory = posted.subcategory.map { .set($0) } ?? .clear
        }
        if let card = posted.card { patch.card = .set(card) }
        return patch
    }
}
