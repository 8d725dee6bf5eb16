/// Works out an `ImportPlan` from a file's records against the store (under its write lock):
/// gives each record its import key (`ImportKeys`), leaves out the records already present,
/// finds the pending rows posted records settle (`PendingMatcher`), and validates the rest as
/// one batch. Changes nothing. With `keepingFates`, it also says what becomes of each record
/// (for previews).
struct ImportPlanner {
    /// Adds one to a count in place and returns it (one dictionary access, not two).
    private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }

    let contents: StoreContents

    func plan(_ read: ReadImport, matching: PendingMatching, keepingFates: Bool = false) -> ImportPlan {
        var plan = ImportPlan()
        // With fates kept: each record's fate, additions by their place among the drafts
        // until validation says which were accepted.
        var fates: [ImportPlan.RecordFate] = []
        if keepingFates { fates.reserveCapacity(read.records.count) }
        var matcher: PendingMatcher?
        var occurrences: [ImportKeys.Fingerprint: Int] = [:]
        occurrences.reserveCapacity(read.records.count)
        // Kept apart (not as pairs) so that the drafts go to validation without another copy.
        var additionDrafts: [TransactionDraft] = []
        var additionLocations: [ImportIssue.Location] = []
        additionDrafts.reserveCapacity(read.records.count)
        additionLocations.reserveCapacity(read.records.count)
        var replacementKeys = StringSet()
        for record in read.records {
            var draft = record.draft
            let currency = draft.currency ?? contents.baseCurrency
            if draft.importKey == nil {
                if let bankID = record.bankID {
                    draft.importKey = ImportKeys.bankKey(account: draft.account, bankID: bankID)
                } else if draft.id == nil {
                    let fingerprint = ImportKeys.fingerprint(of: draft, currency: currency)
                    let occurrence = ImportPlanner.increment(&occurrences[fingerprint, default: 0])
                    draft.importKey = ImportKeys.fingerprintKey(fingerprint, occurrence: occurrence)
                }
            }
            if let id = draft.id, let row = contents.table.ids.row(of: id) {
                plan.alreadyPresent += 1
                if keepingFates { fates.append(.alreadyPresent(row)) }
                continue
            }
            if let key = draft.importKey, let row = contents.table.importKeys.row(of: key) {
                plan.alreadyPresent += 1
                if keepingFates { fates.append(.alreadyPresent(row)) }
                continue
            }
            if draft.status == .posted && matching.isEnabled {
                if matcher == nil { matcher = PendingMatcher(contents: contents, rules: matching) }
                let day = contents.calendar.place(draft.date).day
                let pendingKey = record.pendingBankID.map { ImportKeys.bankKey(account: draft.account, bankID: $0) }
                if let match = matcher!.claim(for: draft, currency: currency, day: day, pendingKey: pendingKey) {
                    let old = contents.transaction(at: match.row)
                    do throws(ValidationError) {
                        let new = try contents.validator.validate(ImportPlanner.replacement(of: old, by: draft, currency: currency), on: old)
                        if let key = new.importKey, !replacementKeys.insert(key) {
                            throw ValidationError(.importKey, .duplicateImportKey(key))
                        }
                        if keepingFates { fates.append(.replacesPending(plan.replacements.count)) }
                        plan.replacements.append((match.row, old, new))
                    } catch {
                        if keepingFates { fates.append(.refused) }
                        plan.failures.append(ImportIssue(record.location, field: error.field, .invalid(error.reason)))
                    }
                    continue
                }
            }
            if keepingFates { fates.append(.added(additionDrafts.count)) }
            additionDrafts.append(draft)
            additionLocations.append(record.location)
        }
        let validated = contents.validate(batch: additionDrafts)
        additionDrafts = []
        plan.explicitIDs = validated.ids
        var failed = Set(validated.failures.map(\.index))
        for failure in validated.failures {
            plan.failures.append(ImportIssue(additionLocations[failure.index], field: failure.error.field, .invalid(failure.error.reason)))
        }
        // A key may not be both added and given to a replaced row.
        var acceptedIndex = 0
        plan.additions.reserveCapacity(validated.accepted.count)
        var placeOfDraft: [Int?] = keepingFates ? Array(repeating: nil, count: additionLocations.count) : []
        for (index, location) in additionLocations.enumerated() where !failed.contains(index) {
            let transaction = validated.accepted[acceptedIndex]
            acceptedIndex += 1
            if let key = transaction.importKey, replacementKeys.contains(key) {
                failed.insert(index)
                plan.failures.append(ImportIssue(location, field: .importKey, .invalid(.duplicateImportKey(key))))
                continue
            }
            if keepingFates { placeOfDraft[index] = plan.additions.count }
            plan.additions.append(transaction)
        }
        if keepingFates {
            plan.fates = fates.map { fate in
                guard case .added(let draft) = fate else { return fate }
                return placeOfDraft[draft].map { .added($0) } ?? .refused
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
