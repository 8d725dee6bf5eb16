import TransactionSearch

/// Reads any file an import takes into staged records: our own CSV and JSON through
/// `TransactionReader`, bank statements through their readers, each record handed to an
/// `ImportStager` as soon as it is read (no array of the whole file's entries). The options
/// fill what a file does not say (account, currency).
enum ImportReading {
    /// Reads and stages a file. `baseCurrency` is the store's (a fingerprint's currency when a
    /// record names none); nothing else of the store is looked at. A bank CSV export whose
    /// date order nothing decides is refused (the error names `--date-order` and shows both
    /// readings), unless `allowingUndecidedDates` (a preview reads it day-first, and says so).
    static func read(_ bytes: [UInt8], options: ImportOptions, clock: ZoneClock, baseCurrency: Currency,
                     allowingUndecidedDates: Bool = false) throws(ImportError) -> ReadImport {
        guard let format = options.format ?? StatementFormat.detect(bytes) else {
            throw ImportError(issues: [ImportIssue(.line(1), .unknownFormat)])
        }
        let context = StatementContext(clock: clock, defaultCurrency: options.currency)
        let stager = ImportStager(options: options, baseCurrency: baseCurrency)
        let parsed: ParsedStatement
        var layout: BankCSVLayout?
        do throws(ImportIssue) {
            switch format {
            case .csv, .json:
                return try readOwn(bytes, format: format, stager: stager, clock: clock)
            case .ofx: parsed = try OFXReader.read(bytes, context: context, into: stager)
            case .camt: parsed = try CamtReader.read(bytes, context: context, into: stager)
            case .mt940: parsed = try MT940Reader.read(bytes, context: context)
            case .qif: parsed = try QIFReader.read(bytes, context: context, dateOrder: QIFDateOrder(options.bankCSV.dateOrder))
            case .bankCSV:
                var bankOptions = options.bankCSV
                if bankOptions.defaultCurrency == nil { bankOptions.defaultCurrency = options.currency }
                if bankOptions.account == nil { bankOptions.account = options.account }
                do throws(BankCSVError) {
                    (parsed, layout) = try BankCSVReader.read(bytes, options: bankOptions, context: context, into: stager)
                    if let undecided = layout, undecided.needsDateOrder, !allowingUndecidedDates {
                        throw BankCSVError(.undecidedDateOrder(undecided.dateReadings), headerLine: undecided.headerLine)
                    }
                } catch {
                    // A quote never closed is told where it opens; anything else at the header.
                    var line = error.headerLine ?? 1
                    if case .unterminatedQuote(let opening) = error.reason { line = opening }
                    throw ImportIssue(.line(line), .unrecognizedLayout(error))
                }
            }
        } catch {
            throw ImportError(issues: [error])
        }
        // Readers that still gather their entries hand them over here.
        for entry in parsed.entries { stager.accept(entry) }
        let firstCurrency = stager.firstCurrency
        let (records, checks, shared) = stager.take()
        var warnings = parsed.warnings
        if shared > 0 {
            warnings.append("\(shared) transactions share their bank id with another of this file (the bank gave one reference to several): they are told apart by their content instead")
        }
        var decisions = parsed.decisions
        if let layout {
            let order = layout.dateOrder.map { ", \($0)" } ?? ""
            decisions = ReadingDecisions(currency: layout.currencyReason, dates: "\(layout.dateStyle)\(order) (\(layout.dateOrderReason))",
                                         sign: "\(layout.sign) (\(layout.signReason))")
        }
        return ReadImport(format: format, encoding: parsed.encoding, records: records, checks: checks, issues: parsed.issues,
                          skippedParts: parsed.skipped, accounts: parsed.accounts, warnings: warnings, layout: layout,
                          sharedBankIDs: shared, firstCurrency: firstCurrency, decisions: decisions)
    }

    /// Our own CSV or JSON, decoded from any encoding first.
    private static func readOwn(_ bytes: [UInt8], format: StatementFormat, stager: ImportStager,
                                clock: ZoneClock) throws(ImportIssue) -> ReadImport {
        let decoded = TextDecoding.decode(bytes)
        let output = try TransactionReader(clock: clock).read(decoded.bytes, format: format == .json ? .json : .csv) { stager.accept($0.draft, at: $0.location) }
        let firstCurrency = stager.firstCurrency
        let (records, checks, _) = stager.take()
        let currency = "the currency field; a row without one: the import's currency, else the store's base"
        return ReadImport(format: format, encoding: decoded.encoding, records: records, checks: checks, issues: output.issues,
                          warnings: output.warnings, firstCurrency: firstCurrency,
                          decisions: ReadingDecisions(currency: currency, dates: "ISO 8601 (docs/SPEC.md section 1)",
                                                      sign: "as written: negative is money out"))
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
