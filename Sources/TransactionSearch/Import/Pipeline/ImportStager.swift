/// Where a statement reader hands each transaction as soon as it is complete, instead of
/// gathering the whole file's entries in an array: the import path stages them compactly
/// (`ImportStager`), tests and tools collect them (`StatementEntryCollector`).
package protocol StatementEntrySink: AnyObject {
    /// Takes one complete entry, in file order.
    func accept(_ entry: StatementEntry)
}

/// Collects entries in an array: what `ParsedStatement.entries` holds when a reader is asked
/// for the whole file at once.
package final class StatementEntryCollector: StatementEntrySink {
    package private(set) var entries: [StatementEntry] = []

    /// An empty collector.
    package init() {}

    package func accept(_ entry: StatementEntry) { entries.append(entry) }
}

/// Turns each record of a file, as its reader hands it over, into a staged record
/// (`StagedRecords`): the import's account and currency filled in where the file names none,
/// its import key worked out (the bank's id with the account's digest, else a fingerprint
/// numbered by its occurrence in the file; `ImportKeys`), and validated while it is at hand
/// (`StagedChecks`). Nothing here looks at a store but its base currency, so it runs before
/// the store's lock is taken.
///
/// A bank id that the file gives to two records is no id there (a payment and its fee under
/// one reference): when the second comes, both are marked, and `take()` stages the file again
/// with those records keyed by fingerprint (the shared id joining it), so no record is refused
/// or dropped for it (docs/SPEC.md section 9).
///
/// One import's reader drives it from one thread, so its properties skip the dynamic
/// exclusivity check (three accesses a record; see `StoreContents`).
package final class ImportStager: StatementEntrySink {
    @exclusivity(unchecked) private(set) var records = StagedRecords()
    @exclusivity(unchecked) private(set) var checks = StagedChecks()
    @exclusivity(unchecked) private var occurrences = FingerprintCounter()
    /// Records whose bank id another record of the file shares.
    @exclusivity(unchecked) private var sharingBankID: Set<Int> = []
    /// Account identities seen, with their digests (a file names a few).
    @exclusivity(unchecked) private var digests: [String: String] = [:]
    /// Payees cleaned so far, by merchant: a file repeats its merchants, and cleaning one
    /// takes about as long as staging the record (at most `payeeCacheLimit` kept).
    @exclusivity(unchecked) private var payees: [String: String] = [:]
    private static let payeeCacheLimit = 100_000
    private let account: String?
    private let currency: Currency?
    private let validator: TransactionValidator
    /// The first currency a record named (or the options', for a record that named none).
    @exclusivity(unchecked) package private(set) var firstCurrency: Currency?

    /// A stager for an import's options into a store with this base currency.
    package init(options: ImportOptions, baseCurrency: Currency) {
        account = options.account
        currency = options.currency
        validator = TransactionValidator(baseCurrency: baseCurrency)
    }

    /// Hands over the staged records and what was found out about them (the stager is then
    /// empty), and how many records were keyed by content because their bank id was shared.
    package func take() -> (records: StagedRecords, checks: StagedChecks, sharedBankIDs: Int) {
        let shared = sharingBankID.count
        if shared > 0 { restageSharedBankIDs() }
        defer {
            records = StagedRecords()
            checks = StagedChecks()
            sharingBankID = []
        }
        return (records, checks, shared)
    }

    /// A bank statement's entry. A merchant longer than a transaction's limit (a camt entry's
    /// remittance text with no counterparty) is cut with `…`, and its whole text leads the
    /// notes; notes longer than theirs are cut with `…`: a statement is never refused for a
    /// long text.
    package func accept(_ entry: StatementEntry) {
        let (merchant, notes) = ImportStager.fitted(merchant: entry.merchant, notes: entry.notes)
        if firstCurrency == nil { firstCurrency = entry.currency ?? currency }
        let draft = TransactionDraft(
            date: entry.date, merchant: merchant, category: entry.category, subcategory: entry.subcategory,
            card: entry.card, account: entry.account ?? account, amount: entry.amount, currency: entry.currency ?? currency,
            status: entry.status, notes: notes)
        let digest = self.digest(of: entry.accountIdentity ?? entry.account ?? account)
        let pendingKey = ImportKeys.bankID(entry.pendingBankID).map { ImportKeys.bankKey(accountDigest: digest, bankID: $0) }
        let record = ImportRecord(location: entry.location, draft: draft, pendingKey: pendingKey)
        if let bankID = ImportKeys.bankID(entry.bankID) {
            stage(record, key: .bank(key: ImportKeys.bankKey(accountDigest: digest, bankID: bankID)))
        } else {
            stage(record, key: fingerprintKey(of: record.draft, accountDigest: digest, reference: entry.payerReference))
        }
    }

    /// A row of our own CSV or JSON: its key column, else its id (no key needed), else a
    /// fingerprint.
    package func accept(_ draft: TransactionDraft, at location: ImportIssue.Location) {
        var draft = draft
        if draft.account == nil { draft.account = account }
        if draft.currency == nil { draft.currency = currency }
        if firstCurrency == nil { firstCurrency = draft.currency }
        let record = ImportRecord(location: location, draft: draft)
        if let given = draft.importKey {
            stage(record, key: .given(given))
        } else if draft.id == nil {
            stage(record, key: fingerprintKey(of: draft, accountDigest: digest(of: draft.account), reference: nil))
        } else {
            stage(record, key: .none)
        }
    }

    /// The merchant and notes of a statement entry within a transaction's limits (see
    /// `accept(_:)`).
    static func fitted(merchant: String, notes: String?) -> (String, String?) {
        var merchant = merchant, notes = notes
        let nameLimit = TransactionField.nameLimit
        let trimmed = merchant.trimmingWhitespace()
        if trimmed.utf8.count > nameLimit && trimmed.count > nameLimit {
            merchant = String(trimmed.prefix(nameLimit - 1)).trimmingWhitespace() + "…"
            notes = notes.map { trimmed + " | " + $0 } ?? trimmed
        }
        if let text = notes, text.utf8.count > TransactionField.notesLimit && text.count > TransactionField.notesLimit {
            notes = String(text.prefix(TransactionField.notesLimit - 1)) + "…"
        }
        return (merchant, notes)
    }

    /// The digest of an account identity, worked out once per identity.
    private func digest(of identity: String?) -> String? {
        guard let identity else { return nil }
        if let known = digests[identity] { return known }
        guard let digest = AccountIdentity.digest(of: identity) else { return nil }
        digests[identity] = digest
        return digest
    }

    /// A fingerprint key, numbered by its occurrence among the records staged so far.
    private func fingerprintKey(of draft: TransactionDraft, accountDigest: String?, reference: String?) -> StagedRecords.StagedKey {
        let fingerprint = ImportKeys.fingerprint(of: draft, currency: draft.currency ?? validator.baseCurrency,
                                                 accountDigest: accountDigest, reference: reference)
        return .fingerprint(fingerprint, occurrence: occurrences.increment(fingerprint, next: records.count, in: records))
    }

    /// Stages a record with its key, then the checks, as the planner makes them for a store
    /// with no rows. A bank key that an earlier record has is no key for either: both are
    /// marked, to be keyed by content (`take()`).
    private func stage(_ record: ImportRecord, key stagedKey: StagedRecords.StagedKey) {
        var record = record
        record.draft.importKey = stagedKey.importKey
        if record.draft.payee?.trimmingWhitespace().isEmpty ?? true, record.draft.sources == nil {
            record.draft.payee = cleanedPayee(of: record.draft.merchant)
            record.draft.sources = SourcesPool.cleanedPayee
        }
        let index = records.count
        let transaction: Transaction
        do throws(ValidationError) {
            transaction = try validator.validate(record.draft)
        } catch {
            records.append(record, key: stagedKey)
            checks.valid.append(false)
            checks.addedIntoEmpty.append(false)
            checks.invalid.append((index, ImportIssue(record.location, field: error.field, .invalid(error.reason))))
            return
        }
        // A payee given as the cleaner would make it counts as the cleaner's (the validator
        // says so); the staging keeps that.
        if transaction.sources == SourcesPool.cleanedPayee { record.draft.sources = SourcesPool.cleanedPayee }
        records.append(record, key: stagedKey, isNormalized: ImportStager.isNormalized(record.draft, as: transaction))
        checks.valid.append(true)
        var problem: ValidationError?
        if !transaction.id.isEmpty && !checks.ids.insert(transaction.id, record: index, in: records) {
            problem = ValidationError(.id, .duplicateID(transaction.id))
        } else if let key = transaction.importKey, !checks.keys.insert(key, record: index, in: records) {
            if case .bank = stagedKey, let first = checks.keys.member(key, in: records) {
                sharingBankID.insert(first)
                sharingBankID.insert(index)
            }
            problem = ValidationError(.importKey, .duplicateImportKey(key))
        }
        if let problem {
            checks.addedIntoEmpty.append(false)
            checks.repeated.append((index, ImportIssue(record.location, field: problem.field, .invalid(problem.reason))))
        } else {
            checks.addedIntoEmpty.append(true)
            checks.additionsIntoEmpty += 1
            checks.explicitIDBytes += transaction.id.utf8.count
            if let key = transaction.importKey {
                checks.importKeyCount += 1
                checks.importKeyBytes += key.utf8.count
            }
        }
    }

    /// The payee the cleaner makes of a merchant, remembered for the merchant's next record.
    private func cleanedPayee(of merchant: String) -> String {
        if let known = payees[merchant] { return known }
        let payee = PayeeCleaner.shared.clean(merchant).payee
        if payees.count >= ImportStager.payeeCacheLimit { payees.removeAll(keepingCapacity: true) }
        payees[merchant] = payee
        return payee
    }

    /// Stages the file again from what was staged, the records that share a bank id keyed by
    /// their content with that id joining the fingerprint (so a payment and its fee stay two,
    /// and importing the same file again finds both).
    private func restageSharedBankIDs() {
        let staged = records
        let shared = sharingBankID
        records = StagedRecords()
        checks = StagedChecks()
        occurrences = FingerprintCounter()
        sharingBankID = []
        for index in 0..<staged.count {
            let record = staged[index]
            let key = staged.key(at: index)
            guard shared.contains(index), case .bank(let bankKey) = key else {
                stage(record, key: key)
                continue
            }
            // The bank key holds the account's digest: it is the fingerprint's reference.
            stage(record, key: fingerprintKey(of: record.draft, accountDigest: nil, reference: bankKey))
        }
    }

    /// Whether validation left every text of the draft as it was (nothing trimmed, nothing
    /// blank made none): the transaction can then be made from the staged draft directly.
    /// Checks every `TextField`, the import key and the date.
    private static func isNormalized(_ draft: TransactionDraft, as transaction: Transaction) -> Bool {
        var isSame = transaction.importKey == draft.importKey && transaction.date == draft.date
        TextField.forEach { field in
            isSame = isSame && field.value(in: transaction) == field.transactionField.textValue(in: draft)
        }
        return isSame
    }
}
