/// What an import did: the rows added, the rows skipped (only when skipping was asked for) and
/// the warnings (unknown columns or keys).
public struct ImportReport: Hashable, Sendable {
    /// Ids of the added rows, generated ones included, in input order.
    public var addedIDs: [String]
    /// Every row left out, with its location, field and reason.
    public var skipped: [ImportIssue]
    public var warnings: [String]
}

extension TransactionStore {
    /// Imports CSV or JSON bytes. By default all or nothing: any bad row and nothing is added,
    /// and the error lists every problem. With `skippingInvalid`, good rows are added and every
    /// skipped row is reported.
    /// - Throws: `ImportError`; the store is then unchanged.
    @discardableResult
    public func importTransactions(from bytes: [UInt8], format: InterchangeFormat,
                                   skippingInvalid: Bool = false) throws(ImportError) -> ImportReport {
        let reader = TransactionReader(clock: contents.clock)
        let parsed: TransactionReader.Output
        do throws(ImportIssue) {
            parsed = try reader.read(bytes, format: format)
        } catch {
            throw ImportError(issues: [error])
        }
        let drafts = parsed.rows.map(\.draft)
        func issue(_ failure: BatchFailure) -> ImportIssue {
            ImportIssue(parsed.rows[failure.index].location, field: failure.error.field, .invalid(failure.error.reason))
        }
        if !parsed.issues.isEmpty && !skippingInvalid {
            let storeIssues = validationFailures(of: drafts).map(issue)
            throw ImportError(issues: TransactionStore.inInputOrder(parsed.issues + storeIssues))
        }
        do throws(BatchError) {
            let result = try add(contentsOf: drafts, skippingInvalid: skippingInvalid)
            return ImportReport(
                addedIDs: result.addedIDs,
                skipped: TransactionStore.inInputOrder(parsed.issues + result.skipped.map(issue)),
                warnings: parsed.warnings)
        } catch {
            throw ImportError(issues: error.failures.map(issue))
        }
    }

    /// Imports text (CSV or JSON); see `importTransactions(from:format:skippingInvalid:)`.
    @discardableResult
    public func importTransactions(from text: String, format: InterchangeFormat,
                                   skippingInvalid: Bool = false) throws(ImportError) -> ImportReport {
        try importTransactions(from: Array(text.utf8), format: format, skippingInvalid: skippingInvalid)
    }

    private static func inInputOrder(_ issues: [ImportIssue]) -> [ImportIssue] {
        issues.enumerated().sorted { left, right in
            let (a, b) = (left.element.location.order, right.element.location.order)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }
}
