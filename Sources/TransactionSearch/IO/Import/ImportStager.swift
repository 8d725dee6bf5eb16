/// Where a statement reader hands each transaction as soon as it is complete, instead of
/// gathering the whole file's entries in an array: the import path stages them compactly
/// (`ImportStager`), tests and tools collect them (`StatementEntryCollector`).
protocol StatementEntrySink: AnyObject {
    /// Takes one complete entry, in file order.
    func accept(_ entry: StatementEntry)
}

/// Collects entries in an array: what `ParsedStatement.entries` holds when a reader is asked
/// for the whole file at once.
final class StatementEntryCollector: StatementEntrySink {
    private(set) var entries: [StatementEntry] = []

    func accept(_ entry: StatementEntry) { entries.append(entry) }
}

/// Turns each record of a file, as its reader hands it over, into a staged record
/// (`StagedRecords`): the import's account and currency filled in where the file names none,
/// its import key worked out (the bank's id, else a fingerprint numbered by its occurrence in
/// the file; `ImportKeys`), and validated while it is at hand (`StagedChecks`). Nothing here
/// looks at a store but its base currency, so it runs before the store's lock is taken.
///
/// One import's reader drives it from one thread, so its properties skip the dynamic
/// exclusivity check (three accesses a record; see `StoreContents`).
final class ImportStager: StatementEntrySink {
    @exclusivity(unchecked) private(set) var records = StagedRecords()
    @exclusivity(unchecked) private(set) var checks = StagedChecks()
    @exclusivity(unchecked) private var occurrences = FingerprintCounter()
    private let account: String?
    private let currency: Currency?
    private let validator: TransactionValidator

    /// A stager for an import's options into a store with this base currency.
    init(options: ImportOptions, baseCurrency: Currency) {
        account = options.account
        currency = options.currency
        validator = TransactionValidator(baseCurrency: baseCurrency)
    }

    /// Hands over the staged records and what was found out about them (the stager is then
    /// empty).
    func take() -> (StagedRecords, StagedChecks) {
        defer {
            records = StagedRecords()
            checks = StagedChecks()
        }
        return (records, checks)
    }

    /// A bank statement's entry.
    func accept(_ entry: StatementEntry) {
        let draft = TransactionDraft(
            date: entry.date, merchant: entry.merchant, category: entry.category, subcategory: entry.subcategory,
            card: entry.card, account: entry.account ?? account, amount: entry.amount, currency: entry.currency ?? currency,
            status: entry.status, notes: entry.notes)
        stage(ImportRecord(location: entry.location, draft: draft, pendingBankID: entry.pendingBankID), bankID: entry.bankID)
    }

    /// A row of our own CSV or JSON.
    func accept(_ row: TransactionReader.Row) {
        var draft = row.draft
        if draft.account == nil { draft.account = account }
        if draft.currency == nil { draft.currency = currency }
        stage(ImportRecord(location: row.location, draft: draft), bankID: nil)
    }

    /// The key, as the planner worked it out before staging existed: the file's own key, else
    /// the bank's id, else (for a record with no id) a fingerprint numbered in file order.
    /// Then the checks, as the planner made them for a store with no rows.
    private func stage(_ record: ImportRecord, bankID: String?) {
        var record = record
        let key: StagedRecords.StagedKey
        if let given = record.draft.importKey {
            key = .given(given)
        } else if let bankID {
            key = .bank(id: bankID)
        } else if record.draft.id == nil {
            let fingerprint = ImportKeys.fingerprint(of: record.draft, currency: record.draft.currency ?? validator.baseCurrency)
            key = .fingerprint(fingerprint, occurrence: occurrences.increment(fingerprint, next: records.count, in: records))
        } else {
            key = .none
        }
        record.draft.importKey = key.importKey(account: record.draft.account)
        let index = records.count
        let transaction: Transaction
        do throws(ValidationError) {
            transaction = try validator.validate(record.draft)
        } catch {
            records.append(record, key: key)
            checks.valid.append(false)
            checks.addedIntoEmpty.append(false)
            checks.invalid.append((index, ImportIssue(record.location, field: error.field, .invalid(error.reason))))
            return
        }
        records.append(record, key: key, isNormalized: ImportStager.isNormalized(record.draft, as: transaction))
        checks.valid.append(true)
        var problem: ValidationError?
        if !transaction.id.isEmpty && !checks.ids.insert(transaction.id, record: index, in: records) {
            problem = ValidationError(.id, .duplicateID(transaction.id))
        } else if let key = transaction.importKey, !checks.keys.insert(key, record: index, in: records) {
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
