/// Works out an `ImportPlan` from a file's staged records against the store (under its write
/// lock), one record at a time: leaves out the records already present (their import key was
/// given at staging, `ImportStager`), finds the pending rows posted records settle
/// (`PendingMatcher`), and validates the rest as one batch would (a repeated id or key fails on
/// its second use). Keeps a bit per record, never the validated rows. Changes nothing. With
/// `keepingFates`, it also says what becomes of each record (for previews).
struct ImportPlanner {
    let contents: StoreContents

    func plan(_ records: StagedRecords, matching: PendingMatching, keepingFates: Bool = false) -> ImportPlan {
        var plan = ImportPlan(explicitIDs: StagedKeySet(records: records, field: .id))
        plan.added = [UInt64](repeating: 0, count: (records.count + 63) / 64)
        if keepingFates { plan.fates.reserveCapacity(records.count) }
        var matcher: PendingMatcher?
        var batchKeys = StagedKeySet(records: records, field: .importKey)
        var replacementKeys = StringSet()
        var replacementKeyCount = 0
        let storeHasRows = contents.table.ids.count > 0  // an import into an empty store looks no id up
        for index in 0..<records.count {
            let record = records[index]
            let draft = record.draft
            let currency = draft.currency ?? contents.baseCurrency
            if storeHasRows {
                if let id = draft.id, let row = contents.table.ids.row(of: id) {
                    plan.alreadyPresent += 1
                    if keepingFates { plan.fates.append(.alreadyPresent(row)) }
                    continue
                }
                if let key = draft.importKey, let row = contents.table.importKeys.row(of: key) {
                    plan.alreadyPresent += 1
                    if keepingFates { plan.fates.append(.alreadyPresent(row)) }
                    continue
                }
            }
            if storeHasRows && draft.status == .posted && matching.isEnabled {
                if matcher == nil { matcher = PendingMatcher(contents: contents, rules: matching) }
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
            do throws(ValidationError) {
                let transaction = try contents.validator.validate(draft)
                if !transaction.id.isEmpty {
                    if (storeHasRows && contents.table.ids.row(of: transaction.id) != nil)
                        || !plan.explicitIDs.insert(transaction.id, record: index) {
                        throw ValidationError(.id, .duplicateID(transaction.id))
                    }
                }
                if let key = transaction.importKey {
                    if (storeHasRows && contents.table.importKeys.row(of: key) != nil) || !batchKeys.insert(key, record: index) {
                        throw ValidationError(.importKey, .duplicateImportKey(key))
                    }
                }
                plan.explicitIDBytes += transaction.id.utf8.count
                plan.setAdded(index, true)
                plan.additionCount += 1
                if keepingFates { plan.fates.append(.added) }
            } catch {
                if keepingFates { plan.fates.append(.refused) }
                plan.failures.append(ImportIssue(record.location, field: error.field, .invalid(error.reason)))
            }
        }
        // A key may not be both added and given to a replaced row.
        if replacementKeyCount > 0 {
            for index in 0..<records.count where plan.isAdded(index) {
                let record = records[index]
                guard let key = record.draft.importKey?.trimmingWhitespace(), !key.isEmpty, replacementKeys.contains(key) else { continue }
                plan.setAdded(index, false)
                plan.additionCount -= 1
                plan.explicitIDBytes -= record.draft.id?.utf8.count ?? 0
                plan.failures.append(ImportIssue(record.location, field: .importKey, .invalid(.duplicateImportKey(key))))
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
