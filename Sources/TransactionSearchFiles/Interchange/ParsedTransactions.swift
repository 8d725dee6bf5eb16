import Foundation
import TransactionSearch

/// The rows of a CSV or JSON input read as drafts, without adding them anywhere: to preview a
/// file, or to time building a store from parsed rows.
public struct ParsedTransactions: Sendable {
    /// The rows that became drafts, in input order.
    public var drafts: [TransactionDraft]
    /// The rows that did not, with their location, field and reason.
    public var issues: [ImportIssue]
    /// Unknown columns or keys.
    public var warnings: [String]

    /// Reads an input; a date-time with no offset is local time in `timeZone`.
    /// - Throws: `ImportError` when the input as a whole cannot be read.
    public init(from bytes: [UInt8], format: InterchangeFormat, timeZone: TimeZone = .utc) throws(ImportError) {
        do throws(ImportIssue) {
            let output = try TransactionReader(clock: ZoneClock(timeZone: timeZone)).read(bytes, format: format)
            drafts = output.rows.map(\.draft)
            issues = output.issues
            warnings = output.warnings
        } catch {
            throw ImportError(issues: [error])
        }
    }
}
