/// Works out an `ImportPlan` from a file's staged records against the store (under its write
/// lock): leaves out the records already present (their import key was worked out at staging,
/// `ImportStager`), corrects in place the rows whose bank id (or id) is stored with another
/// date, amount or text, finds the pending rows posted records settle (`PendingMatcher`), and
/// checks the rest as one batch would (validation was done at staging; a repeated id or key
/// fails on its second use). Keeps a bit per record, never the validated rows. Changes
/// nothing. With `keepingFates`, it also says what becomes of each record (for previews).
///
/// Into an empty store nothing is present or pending, so the stager's checks are the plan and
/// no record is read back; into a store with rows, each record's identity is read back
/// (`StagedRecords.identity(at:)`), and all of it only for a record found by its bank id or id
/// (to compare), a posted record when the store has pending rows or the record names its
/// pending transaction, and every record when the store holds keys of an earlier scheme
/// (`ImportKeys.isLegacy`).
struct ImportPlanner {
    let contents: StoreContents

    func plan(_ read: ReadImport, matching: PendingMatching, keepingFates: Bool = false) -> ImportPlan {
        guard contents.table.ids.count > 0 else { return planIntoEmptyStore(read, keepingFates: keepingFates) }
        var plan = planIntoStore(read, matching: matching, keepingFates: keepingFates)
        if plan.additionCount > 0 { plan.likelyDuplicates = LikelyDuplicateFinder(contents: contents).find(read.records, plan: plan) }
        return plan
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

    /// The state of one plan into a store with rows, built record by record.
    private struct Planning {
        var plan: ImportPlan
        var matcher: PendingMatcher?
        var batchKeys = StagedKeySet(field: .importKey)
        var replacementKeys = StringSet()
        var replacementKeyCount = 0
        /// Stored rows the plan changes (none is changed twice, nor claimed as pending after).
        var touched: Set<UInt32> = []
        let keepingFates: Bool
    }

    private func planIntoStore(_ read: ReadImport, matching: PendingMatching, keepingFates: Bool) -> ImportPlan {
        let records = read.records
        let checks = read.checks
        let table = contents.table
        var state = Planning(plan: ImportPlan(explicitIDs: StagedKeySet(field: .id)), keepingFates: keepingFates)
        state.plan.added = RecordBits(count: records.count)
        if keepingFates { state.plan.fates.reserveCapacity(records.count) }
        var legacy = table.legacyImportKeyCount > 0 ? LegacyKeys(baseCurrency: contents.baseCurrency) : nil
        var invalidCursor = 0
        for index in 0..<records.count {
            let identity = records.identity(at: index)
            let legacyKey = legacy?.key(of: records.draft(at: index), identity: identity)
            // Found by its id or key: already present, or a correction of the stored row.
            var found: (row: UInt32, comparable: Bool)?
            if let id = identity.id, let row = table.ids.row(of: id) {
                found = (row, true)
            } else if let key = identity.importKey, let row = table.importKeys.row(of: key) {
                found = (row, identity.keyKind == .bank || identity.keyKind == .given)
                if identity.keyKind == .fingerprint && !identity.hasAccount { state.plan.matchedWithoutAccount += 1 }
            }
            if let (row, comparable) = found {
                if comparable, !state.touched.contains(row), let (patch, kind) = correction(of: row, by: records.draft(at: index)) {
                    change(row, patch, kind: kind, record: index, records, &state)
                } else {
                    state.plan.alreadyPresent += 1
                    if keepingFates { state.plan.fates.append(.alreadyPresent(row)) }
                }
                continue
            }
            // Found by its key of an earlier scheme: present, and the row takes the new key.
            if let legacyKey, let row = table.importKeys.row(of: legacyKey), !state.touched.contains(row),
               let patch = upgrade(of: row, to: identity, record: records.draft(at: index), legacyKeyIsBank: legacyKey.hasPrefix("bank")) {
                change(row, patch, kind: .keyUpgrade, record: index, records, &state)
                continue
            }
            if identity.isPosted && matching.isEnabled {
                if state.matcher == nil { state.matcher = PendingMatcher(contents: contents, rules: matching, taken: state.touched) }
                if state.matcher!.hasCandidates || identity.hasPendingLink {
                    let record = records[index]
                    let draft = record.draft
                    let currency = draft.currency ?? contents.baseCurrency
                    let day = contents.calendar.place(draft.date).day
                    if let match = state.matcher!.claim(for: draft, currency: currency, day: day, pendingKey: record.pendingKey) {
                        let old = contents.transaction(at: match.row)
                        change(match.row, ImportPlanner.replacement(of: old, by: draft, currency: currency), kind: .settlesPending,
                               record: index, records, &state, old: old)
                        continue
                    }
                }
            }
            guard checks.valid[index] else {
                while checks.invalid[invalidCursor].record < index { invalidCursor += 1 }
                if keepingFates { state.plan.fates.append(.refused) }
                state.plan.failures.append(checks.invalid[invalidCursor].issue)
                continue
            }
            // Repeats among the added records and against the store, as validation found them
            // for a batch: the id first, then the key.
            var problem: ValidationError?
            if let id = identity.id, table.ids.row(of: id) != nil || !state.plan.explicitIDs.insert(id, record: index, in: records) {
                problem = ValidationError(.id, .duplicateID(id))
            } else if let key = identity.importKey?.trimmingWhitespace(), !key.isEmpty,
                      table.importKeys.row(of: key) != nil || !state.batchKeys.insert(key, record: index, in: records) {
                problem = ValidationError(.importKey, .duplicateImportKey(key))
            }
            if let problem {
                if keepingFates { state.plan.fates.append(.refused) }
                state.plan.failures.append(ImportIssue(records[index].location, field: problem.field, .invalid(problem.reason)))
                continue
            }
            state.plan.explicitIDBytes += identity.id?.utf8.count ?? 0
            state.plan.added[index] = true
            state.plan.additionCount += 1
            if keepingFates { state.plan.fates.append(.added) }
        }
        // A key may not be both added and given to a changed row.
        if state.replacementKeyCount > 0 {
            for index in 0..<records.count where state.plan.added[index] {
                let identity = records.identity(at: index)
                guard let key = identity.importKey?.trimmingWhitespace(), !key.isEmpty, state.replacementKeys.contains(key) else { continue }
                state.plan.added[index] = false
                state.plan.additionCount -= 1
                state.plan.explicitIDBytes -= identity.id?.utf8.count ?? 0
                state.plan.failures.append(ImportIssue(records[index].location, field: .importKey, .invalid(.duplicateImportKey(key))))
                if keepingFates { state.plan.fates[index] = .refused }
            }
        }
        return state.plan
    }

    /// Adds to the plan the change of a stored row by `patch`, validated (a failure is listed
    /// as the record's).
    private func change(_ row: UInt32, _ patch: TransactionPatch, kind: ImportPlan.ChangeKind, record index: Int,
                        _ records: StagedRecords, _ state: inout Planning, old given: Transaction? = nil) {
        let old = given ?? contents.transaction(at: row)
        state.touched.insert(row)
        state.matcher?.exclude(row)
        do throws(ValidationError) {
            let new = try contents.validator.validate(patch, on: old, by: .input)
            if let key = new.importKey, key != old.importKey {
                guard state.replacementKeys.insert(key) else { throw ValidationError(.importKey, .duplicateImportKey(key)) }
                state.replacementKeyCount += 1
            }
            if state.keepingFates { state.plan.fates.append(.changes(state.plan.replacements.count)) }
            state.plan.replacements.append(ImportPlan.Change(row: row, old: old, new: new, kind: kind))
        } catch {
            if state.keepingFates { state.plan.fates.append(.refused) }
            state.plan.failures.append(ImportIssue(records[index].location, field: error.field, .invalid(error.reason)))
        }
    }

    /// What a record found by its bank id (or id) changes in the stored row: nil when the date,
    /// amount, currency and text are the same and it settles nothing. A pending record never
    /// changes a posted row (an older file read again). Only those fields change: what the
    /// person set (category, notes, card) stays.
    private func correction(of row: UInt32, by draft: TransactionDraft) -> (TransactionPatch, ImportPlan.ChangeKind)? {
        let old = contents.transaction(at: row)
        guard !(draft.status == .pending && old.status == .posted) else { return nil }
        var draft = draft
        draft.id = nil
        guard let new = try? contents.validator.validate(draft) else { return nil }
        var patch = TransactionPatch()
        if new.date != old.date { patch.date = .set(new.date) }
        if new.amount != old.amount {
            patch.amount = .set(new.amount.rowDecimalAmount)
            patch.currency = .set(new.amount.currency)
        }
        if new.merchant != old.merchant { patch.merchant = .set(new.merchant) }
        let settles = old.status == .pending && new.status == .posted
        let isSame = patch == TransactionPatch()
        if settles { patch.status = .set(.posted) }
        if isSame && !settles { return nil }
        return (patch, isSame ? .settlesPending : .correction)
    }

    /// The change that gives a row found by its key of an earlier scheme the record's key (and
    /// its text, when the bank changed it); nil when the row is not the record's transaction:
    /// an old bank key names the account by its last four digits only, so the date and amount
    /// must agree too.
    private func upgrade(of row: UInt32, to identity: StagedRecords.Identity, record draft: TransactionDraft,
                         legacyKeyIsBank: Bool) -> TransactionPatch? {
        let old = contents.transaction(at: row)
        var draft = draft
        draft.id = nil
        guard let new = try? contents.validator.validate(draft) else { return nil }
        if legacyKeyIsBank && (new.date != old.date || new.amount != old.amount) { return nil }
        var patch = TransactionPatch()
        patch.importKey = identity.importKey.map { .set($0) } ?? .clear
        if new.merchant != old.merchant { patch.merchant = .set(new.merchant) }
        return patch
    }

    /// The patch that turns a pending row into its posted self: the posted date, amount,
    /// currency, merchant and key; notes, category and card from the file when it has them and
    /// no person or rule set them on the pending row, else as they are.
    static func replacement(of old: Transaction, by posted: TransactionDraft, currency: Currency) -> TransactionPatch {
        var patch = TransactionPatch()
        patch.date = .set(posted.date)
        patch.amount = .set(posted.amount)
        patch.currency = .set(currency)
        patch.merchant = .set(posted.merchant)
        patch.status = .set(.posted)
        if let key = posted.importKey { patch.importKey = .set(key) }
        // What a person or a rule set on the pending row stays.
        func isFromInput(_ field: TransactionField) -> Bool {
            switch old.sources[field] {
            case .input, .cleaner: true
            case .hand, .rule: false
            }
        }
        if let notes = posted.notes, isFromInput(.notes) { patch.notes = .set(notes) }
        if let category = posted.category, isFromInput(.category), isFromInput(.subcategory) {
            patch.category = .set(category)
            patch.subcategory = posted.subcategory.map { .set($0) } ?? .clear
        }
        if let card = posted.card, isFromInput(.card) { patch.card = .set(card) }
        return patch
    }
}

/// The keys an earlier version gave a file's records (`ImportKeys.legacyBankKey`,
/// `legacyFingerprint` numbered by occurrence in the file), worked out in file order while a
/// store still holds keys of that scheme.
private struct LegacyKeys {
    let baseCurrency: Currency
    private var occurrences: [ImportKeys.Fingerprint: Int] = [:]

    init(baseCurrency: Currency) {
        self.baseCurrency = baseCurrency
    }

    /// The key the record had under the earlier scheme; nil when it has none (or it cannot be
    /// told: a bank id too long to keep whole).
    mutating func key(of draft: TransactionDraft, identity: StagedRecords.Identity) -> String? {
        switch identity.keyKind {
        case .bank:
            guard let key = identity.importKey, key.hasPrefix("bank2:") else { return nil }
            let rest = key.dropFirst("bank2:".count)
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            return ImportKeys.legacyBankKey(account: draft.account, bankID: String(rest[rest.index(after: colon)...]))
        case .fingerprint:
            let fingerprint = ImportKeys.legacyFingerprint(of: draft, currency: draft.currency ?? baseCurrency)
            let occurrence = (occurrences[fingerprint] ?? 0) + 1
            occurrences[fingerprint] = occurrence
            return ImportKeys.legacyFingerprintKey(fingerprint, occurrence: occurrence)
        case .none, .given:
            return nil
        }
    }
}
