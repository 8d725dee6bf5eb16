import TransactionSearch

extension DurableStore {
    /// Imports a file durably (one log record, one fsync); see
    /// `TransactionStore.importStatement(from:options:)`. Re-importing adds nothing twice,
    /// across processes too: the import keys are kept in the log and the snapshot.
    @discardableResult
    public func importStatement(from bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(DurableStoreError) -> ImportReport {
        let read: ReadImport
        do throws(ImportError) {
            read = try ImportReading.read(bytes, options: options, clock: store.importClock(for: options), baseCurrency: store.baseCurrency)
        } catch {
            throw .invalidImport(error)
        }
        return try applyImport(read, options: options)
    }

    /// Imports CSV or JSON in our own format durably; see `importStatement(from:options:)`.
    @discardableResult
    public func importTransactions(from bytes: [UInt8], format: InterchangeFormat,
                                   skippingInvalid: Bool = false) throws(DurableStoreError) -> ImportReport {
        try importStatement(from: bytes, options: ImportOptions(format: format.statementFormat, skippingInvalid: skippingInvalid))
    }
}
