import Foundation
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The hand-written statement fixtures under `Fixtures/statements/` and the context they are
/// read in: Europe/Berlin, so that a local date-time visibly moves by the zone's offset (one
/// or two hours, daylight saving time from 2026-03-29 02:00) when it becomes an instant.
enum StatementFixtures {
    static let ofx = [
        "sgml-header.ofx", "xml-declaration-sgml.ofx", "no-header.ofx", "values-next-line.ofx", "xml-v2.ofx",
        "credit-card.qfx", "several-accounts.ofx", "transaction-outside-list.ofx", "name-cut-memo.ofx",
        "charset-1252.ofx", "dates.ofx", "bad-records.ofx", "investment.ofx", "error-status.ofx",
        "no-transactions.ofx",
    ]

    static let camt = [
        "camt053-v02.xml", "camt053-v08.xml", "camt052-pending.xml", "camt054.xml", "batch.xml", "datetime.xml",
        "ultimate-parties.xml", "prefixed.xml", "bad-entries.xml", "zone-dates.xml",
    ]

    static let context = StatementContext(clock: ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!), defaultCurrency: nil)

    /// The bytes of an OFX fixture.
    static func bytes(ofx name: String) throws -> [UInt8] { try TestFiles.fixture("statements/ofx/" + name) }

    /// The bytes of a camt fixture.
    static func bytes(camt name: String) throws -> [UInt8] { try TestFiles.fixture("statements/camt/" + name) }
}
