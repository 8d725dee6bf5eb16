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
/// and its import key worked out (the bank's id, else a fingerprint numbered by its
/// occurrence in the file; `ImportKeys`). Nothing here looks at a store but its base currency
/// (a fingerprint's currency when the record names none), so it runs before the store's lock
/// is taken.
final class ImportStager: StatementEntrySink {
    private(set) var records = StagedRecords()
    private var occurrences = FingerprintCounter()
    private let account: String?
    private let currency: Currency?
    private let baseCurrency: Currency

    /// A stager for an import's options into a store with this base currency.
    init(options: ImportOptions, baseCurrency: Currency) {
        account = options.account
        currency = options.currency
        self.baseCurrency = baseCurrency
    }

    /// Hands over the staged records (the stager is then empty).
    func takeRecords() -> StagedRecords {
        defer { records = StagedRecords() }
        return records
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
    private func stage(_ record: ImportRecord, bankID: String?) {
        let key: StagedRecords.StagedKey
        if let given = record.draft.importKey {
            key = .given(given)
        } else if let bankID {
            key = .bank(id: bankID)
        } else if record.draft.id == nil {
            let fingerprint = ImportKeys.fingerprint(of: record.draft, currency: record.draft.currency ?? baseCurrency)
            key = .fingerprint(fingerprint, occurrence: occurrences.increment(fingerprint))
        } else {
            key = .none
        }
        records.append(record, key: key)
    }
}
