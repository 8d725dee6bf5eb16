/// One record of a file to import, as a draft, with what identifies it: the bank's ids when the
/// file has them. The draft has an id only when the file gives one (our own format).
struct ImportRecord: Sendable {
    var location: ImportIssue.Location
    var draft: TransactionDraft
    var bankID: String?
    var pendingBankID: String?
    /// The bank's kind of transaction, for previews.
    var transactionType: String?
}

/// A file read for import: its records, the records that could not be read, the parts left
/// out on purpose, and what was detected.
struct ReadImport: Sendable {
    var format: StatementFormat
    var encoding: TextEncoding
    var records: [ImportRecord] = []
    var issues: [ImportIssue] = []
    var skippedParts: [SkippedPart] = []
    var accounts: [String] = []
    var warnings: [String] = []
    var layout: BankCSVLayout?
}

/// Reads any file an import takes into records: our own CSV and JSON through
/// `TransactionReader`, bank statements through their readers (`StatementEntry` to drafts).
/// The options fill what a file does not say (account, currency).
enum ImportReading {
    static func read(_ bytes: [UInt8], options: ImportOptions, clock: ZoneClock) throws(ImportError) -> ReadImport {
        guard let format = options.format ?? StatementFormat.detect(bytes) else {
            throw ImportError(issues: [ImportIssue(.line(1), .unknownFormat)])
        }
        let context = StatementContext(clock: clock, defaultCurrency: options.currency)
        let parsed: ParsedStatement
        var layout: BankCSVLayout?
        do throws(ImportIssue) {
            switch format {
            case .csv, .json:
                return try readOwn(bytes, format: format, options: options, clock: clock)
            case .ofx: parsed = try OFXReader.read(bytes, context: context)
            case .camt: parsed = try CamtReader.read(bytes, context: context)
            case .mt940: parsed = try MT940Reader.read(bytes, context: context)
            case .qif: parsed = try QIFReader.read(bytes, context: context, dateOrder: QIFDateOrder(options.bankCSV.dateOrder))
            case .bankCSV:
                var bankOptions = options.bankCSV
                if bankOptions.defaultCurrency == nil { bankOptions.defaultCurrency = options.currency }
                if bankOptions.account == nil { bankOptions.account = options.account }
                do throws(BankCSVError) {
                    (parsed, layout) = try BankCSVReader.read(bytes, options: bankOptions, context: context)
                } catch {
                    throw ImportIssue(.line(error.headerLine ?? 1), .unrecognizedLayout(error))
                }
            }
        } catch {
            throw ImportError(issues: [error])
        }
        var read = ReadImport(format: format, encoding: parsed.encoding, issues: parsed.issues, skippedParts: parsed.skipped,
                              accounts: parsed.accounts, warnings: parsed.warnings, layout: layout)
        read.records = parsed.entries.map { entry in
            ImportRecord(
                location: entry.location,
                draft: TransactionDraft(
                    date: entry.date, merchant: entry.merchant, category: entry.category, subcategory: entry.subcategory,
                    card: entry.card, account: entry.account ?? options.account, amount: entry.amount,
                    currency: entry.currency ?? options.currency, status: entry.status, notes: entry.notes),
                bankID: entry.bankID, pendingBankID: entry.pendingBankID, transactionType: entry.transactionType)
        }
        return read
    }

    /// Our own CSV or JSON, decoded from any encoding first.
    private static func readOwn(_ bytes: [UInt8], format: StatementFormat, options: ImportOptions,
                                clock: ZoneClock) throws(ImportIssue) -> ReadImport {
        let decoded = TextDecoding.decode(bytes)
        let output = try TransactionReader(clock: clock).read(decoded.bytes, format: format == .json ? .json : .csv)
        var read = ReadImport(format: format, encoding: decoded.encoding, issues: output.issues, warnings: output.warnings)
        read.records = output.rows.map { row in
            var draft = row.draft
            if draft.account == nil { draft.account = options.account }
            if draft.currency == nil { draft.currency = options.currency }
            return ImportRecord(location: row.location, draft: draft)
        }
        return read
    }
}

extension QIFDateOrder {
    /// The QIF order of a bank CSV date order (year first has no QIF form).
    init?(_ order: BankCSVOptions.DateOrder?) {
        switch order {
        case .dayMonthYear?: self = .dayFirst
        case .monthDayYear?: self = .monthFirst
        case .yearMonthDay?, nil: return nil
        }
    }
}
