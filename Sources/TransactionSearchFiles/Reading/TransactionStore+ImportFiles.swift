import Foundation
import TransactionSearch

extension TransactionStore {
    /// Imports a file of transactions: a bank statement (OFX/QFX, QIF, camt.052/053/054,
    /// MT940/MT942), a bank's CSV export, or our own CSV or JSON, its format detected from the
    /// content unless `options.format` says. Records already in the store (the same import key,
    /// or the same id in our own format) are left alone, so importing the same or an
    /// overlapping file again adds only what is new; a posted record that settles a pending
    /// row of the store replaces it in place (same id, an `.updated` event).
    ///
    /// All or nothing by default: one bad record and nothing changes, and the error lists
    /// every problem. With `options.skippingInvalid`, the good records are imported and every
    /// skipped one is reported.
    /// - Throws: `ImportError`; the store is then unchanged.
    @discardableResult
    public func importStatement(from bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        let read = try ImportReading.read(bytes, options: options, clock: importClock(for: options), baseCurrency: baseCurrency)
        return try applyImport(read, options: options).report
    }

    /// What `importStatement` would do with a file, without changing the store: the report
    /// (counts of what would be added, already present and replaced) and the file's first
    /// `firstRows` records as they would be stored, each marked new, already present or
    /// replacing a pending row. Problems are listed, not thrown, unless the file cannot be
    /// read as a whole. A bank CSV export whose date order nothing decides is previewed
    /// day-first: its layout's `dateReadings` show both readings, and the import would refuse.
    /// - Throws: `ImportError` only for a file that cannot be read at all.
    public func previewImport(of bytes: [UInt8], options: ImportOptions = ImportOptions(),
                              firstRows: Int = 5) throws(ImportError) -> ImportPreview {
        let read = try ImportReading.read(bytes, options: options, clock: importClock(for: options), baseCurrency: baseCurrency,
                                          allowingUndecidedDates: true)
        return preview(read, options: options, firstRows: firstRows)
    }

    /// Imports CSV or JSON bytes in our own format (docs/SPEC.md section 1): an `id` column is
    /// the import identity, so importing the same file again adds nothing. See
    /// `importStatement(from:options:)`.
    /// - Throws: `ImportError`; the store is then unchanged.
    @discardableResult
    public func importTransactions(from bytes: [UInt8], format: InterchangeFormat,
                                   skippingInvalid: Bool = false) throws(ImportError) -> ImportReport {
        try importStatement(from: bytes, options: ImportOptions(format: format.statementFormat, skippingInvalid: skippingInvalid))
    }

    /// Imports text (CSV or JSON); see `importTransactions(from:format:skippingInvalid:)`.
    @discardableResult
    public func importTransactions(from text: String, format: InterchangeFormat,
                                   skippingInvalid: Bool = false) throws(ImportError) -> ImportReport {
        try importTransactions(from: Array(text.utf8), format: format, skippingInvalid: skippingInvalid)
    }
}
