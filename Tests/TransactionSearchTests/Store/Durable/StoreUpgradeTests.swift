import Foundation
import Testing
@testable import TransactionSearch

/// A store directory an earlier version wrote (snapshot 5 and log 2: no payees, no sources)
/// opens with every payee cleaned from its merchant, and is written again in today's formats
/// before anything is appended.
@Suite struct StoreUpgradeTests {
    @Test func aStoreOfTheEarlierFormatsOpensWithPayeesAndIsUpgraded() throws {
        let directory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let day: TransactionDate = try .day(2026, 3, 14)
        let rows = [
            Transaction(id: "a", date: day, merchant: "SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA", category: "Coffee",
                        amount: Money(minorUnits: -450, currency: .eur), importKey: "bank:****1234:F1"),
            Transaction(id: "b", date: day, merchant: "AMZN Mktp US*2K4XY1 AMZN.COM/BILL WA", amount: Money(minorUnits: -2999, currency: .eur)),
        ]
        let snapshot = SnapshotFile(generation: 1, timeZoneIdentifier: "UTC", baseCurrency: .eur, transactions: rows)
        try Data(snapshot.encoded(layoutVersion: SnapshotFile.versionWithoutPayees)).write(to: directory.appendingPathComponent("snapshot.bin"))
        let logged = Transaction(id: "c", date: day, merchant: "PAYPAL *SPOTIFY", amount: Money(minorUnits: -999, currency: .eur))
        let log = EventLog.header(generation: 1, version: 2) + EventLog.record(.add([logged]), version: 2)
        try Data(log).write(to: directory.appendingPathComponent("log.bin"))

        let reader = try DurableStore(directory: directory, mode: .readOnly)
        #expect(reader.store.transactions(in: .dateAscending).map(\.payee).sorted() == ["Amazon", "Blue Bottle Coffee", "Spotify"])
        #expect(reader.store.transactions().allSatisfy { $0.sources[.payee] == .cleaner })
        #expect(reader.store.transaction(id: "a")?.importKey == "bank:****1234:F1", "old keys stay as they are")
        reader.close()

        let writer = try DurableStore(directory: directory)
        writer.store.checkInvariants()
        try writer.add(TransactionDraft(id: "d", date: day, merchant: "TST* JOES PIZZA 1234 BROOKLYN NY", amount: -12))
        writer.close()
        let snapshotBytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent("snapshot.bin")))
        #expect(try SnapshotFile.decode(snapshotBytes, path: "s").rows.version == SnapshotFile.version)
        let logBytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent("log.bin")))
        #expect(EventLog.version(of: logBytes) == EventLog.version)
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.store.count == 4 && reopened.store.transaction(id: "d")?.payee == "Joes Pizza")
        #expect(reopened.store.search(try Query(parsing: "payee:spotify")).total.count == 1)
        #expect(reopened.store.search(try Query(parsing: "payee:amazon")).rows.map(\.transaction.id) == ["b"])
        reopened.store.checkInvariants()
    }
}
