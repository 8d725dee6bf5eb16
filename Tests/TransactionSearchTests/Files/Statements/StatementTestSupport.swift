import Foundation
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// What the statement reader tests share: a context in UTC and the fixture names.
enum StatementTestSupport {
    static let context = StatementContext(clock: ZoneClock(timeZone: TimeZone(identifier: "UTC")!), defaultCurrency: nil)

    static let qifFixtures = [
        "us-bank.qif", "day-first.qif", "apostrophe-years.qif", "thousands.qif", "european.qif", "splits.qif",
        "transfers.qif", "accounts.qif", "ccard.qif", "windows-1252.qif", "bad-records.qif", "no-header.qif",
        "no-payee.qif", "currencies.qif",
    ]

    static let mt940Fixtures = [
        "german-structured.sta", "dutch-slash.sta", "free-text.sta", "several-statements.sta", "envelopes.sta",
        "reversals.sta", "year-end.sta", "mt942-pending.sta", "bad-lines.sta", "quirks.sta",
    ]

    /// The bytes of a QIF or MT940 fixture.
    static func qif(_ name: String) throws -> [UInt8] { try TestFiles.fixture("statements/qif/" + name) }
    static func mt940(_ name: String) throws -> [UInt8] { try TestFiles.fixture("statements/mt940/" + name) }
}
