import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A store in a directory: what is acknowledged survives reopening and compaction; damage is
/// reported with its file and offset; a second writer is refused.
@Suite struct DurableStoreTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ts-durable-\(UUID().uuidString)")
    }

    /// A store with a few hundred random changes, closed.
    static func filledStore(seed: UInt64) throws -> (URL, [Transaction]) {
        let directory = temporaryDirectory()
        var world = RandomWorld(seed: seed)
        let durable = try DurableStore(directory: directory, configuration: StoreConfiguration(timeZone: TimeZone(identifier: "Europe/Madrid")!))
        try durable.add(contentsOf: (0..<50).map { _ in world.draft(id: nil) })
        for step in 0..<150 {
            let ids = durable.store.transactions().map(\.id)
            switch step % 4 {
            case 0: try durable.add(world.draft(id: "d\(step)"))
            case 1: _ = try? durable.update(id: world.pick(ids), world.patch())
            case 2: try durable.delete(id: world.pick(ids))
            default: _ = try? durable.update(id: world.pick(ids), world.patch())
            }
        }
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        return (directory, expected)
    }

    @Test func everyAcknowledgedChangeSurvivesReopening() throws {
        let (directory, expected) = try DurableStoreTests.filledStore(seed: 1)
        defer { try? FileManager.default.removeItem(at: directory) }
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.store.transactions(in: .dateAscending) == expected)
        #expect(reopened.store.timeZone.identifier == "Europe/Madrid")
        #expect(reopened.openReport.logRecords == 151)
        #expect(reopened.openReport.warnings.isEmpty)
        reopened.store.checkInvariants()
    }

    @Test func reopeningAfterCompactionGivesExactlyTheSameStore() throws {
        let (directory, expected) = try DurableStoreTests.filledStore(seed: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try DurableStore(directory: directory)
        var world = RandomWorld(seed: 3)
        let queries = (0..<40).map { _ in world.query() }
        let answers = queries.map { before.store.search($0) }
        try before.compact()
        before.close()
        let after = try DurableStore(directory: directory)
        #expect(after.openReport.logRecords == 0)
        #expect(after.openReport.snapshotRows == expected.count)
        #expect(after.store.transactions(in: .dateAscending) == expected)
        for (query, answer) in zip(queries, answers) {
            var fresh = after.store.search(query)
            fresh.elapsedMicroseconds = answer.elapsedMicroseconds
            #expect(fresh == answer, "\(query)")
        }
        after.store.checkInvariants()
    }

    @Test func theLogCompactsItselfPastItsThreshold() throws {
        let directory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var world = RandomWorld(seed: 4)
        let durable = try DurableStore(directory: directory, compactionThreshold: 4096)
        for index in 0..<200 { try durable.add(world.draft(id: "a\(index)")) }
        let expected = durable.store.transactions()
        durable.close()
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.openReport.snapshotRows > 0)
        #expect(reopened.openReport.logBytes <= 4096 + 512)
        #expect(reopened.store.transactions() == expected)
    }

    @Test func aSecondWriterIsRefusedAndAReaderIsNot() throws {
        let directory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try DurableStore(directory: directory)
        try first.add(TransactionDraft(date: try! .day(2026, 3, 14), merchant: "Lidl", amount: -500))
        #expect(throws: StoreFileError.self) { try DurableStore(directory: directory) }
        do {
            _ = try DurableStore(directory: directory)
        } catch {
            #expect(error.kind == .locked)
        }
        let reader = try DurableStore(directory: directory, mode: .readOnly)
        #expect(reader.store.count == 1)
        #expect(throws: DurableStoreError.readOnly) { try reader.delete(id: "tx_1") }
        first.close()
        let second = try DurableStore(directory: directory)  // the lock is free again
        #expect(second.store.count == 1)
    }

    @Test func aRefusedChangeLeavesTheStoreAndTheLogAsTheyWere() throws {
        let directory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let durable = try DurableStore(directory: directory)
        try durable.add(TransactionDraft(id: "a", date: try! .day(2026, 3, 14), merchant: "Lidl", amount: -500))
        #expect(throws: DurableStoreError.self) { try durable.add(TransactionDraft(id: "a", date: try! .day(2026, 3, 14), merchant: "x", amount: 1)) }
        #expect(throws: DurableStoreError.self) { try durable.update(id: "nope", TransactionPatch()) }
        #expect(throws: DurableStoreError.self) {
            try durable.importTransactions(from: Array("date,merchant,amount\n2026-01-01,ok,1\n2026-01-02,bad,1.234\n".utf8), format: .csv)
        }
        let bytes = durable.openReport.logBytes
        durable.close()
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.store.transactions().map(\.id) == ["a"])
        #expect(reopened.openReport.logRecords == 1)
        #expect(bytes == EventLog.headerSize)
    }

    @Test func aSnapshotWithARepeatedIdIsRefusedNotLoaded() throws {
        let directory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let row = Transaction(id: "same", date: try! .day(2026, 3, 14), merchant: "Lidl", amount: Money(minorUnits: -500, currency: .eur))
        let snapshot = SnapshotFile(generation: 1, timeZoneIdentifier: "UTC", baseCurrency: .eur, transactions: [row, row])
        try Data(snapshot.encoded()).write(to: directory.appendingPathComponent("snapshot.bin"))
        try Data(EventLog.header(generation: 1)).write(to: directory.appendingPathComponent("log.bin"))
        #expect(throws: StoreFileError(.corrupt, file: directory.appendingPathComponent("snapshot.bin").path, reason: "an id appears twice")) {
            try DurableStore(directory: directory)
        }
    }

    // MARK: Damage

    static func damage(_ path: URL, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = Array(try Data(contentsOf: path))
        change(&bytes)
        try Data(bytes).write(to: path)
    }

    /// Opening after damage: nil means it must open (with a warning); otherwise the error.
    @Test(arguments: [
        ("log: the last record cut short", "log.bin", -7, "cut", nil),
        ("log: a bit flipped in the last record", "log.bin", -3, "flip", nil),
        ("log: a bit flipped in a middle record", "log.bin", 200, "flip", "does not match its checksum, and records follow it"),
        ("log: the header's magic", "log.bin", 2, "flip", "not a TransactionSearch log"),
        ("log: an unknown version", "log.bin", 8, "version", "format version"),
        ("snapshot: a bit flipped in the body", "snapshot.bin", 100, "flip", "checksum mismatch"),
        ("snapshot: truncated", "snapshot.bin", -10, "cut", "checksum mismatch"),
        ("snapshot: the magic", "snapshot.bin", 0, "flip", "not a TransactionSearch snapshot"),
        ("snapshot: an unknown version", "snapshot.bin", 8, "version", "format version"),
    ] as [(String, String, Int, String, String?)])
    func damageIsReportedWithItsFileAndOffset(name: String, file: String, position: Int, kind: String, expected: String?) throws {
        let (directory, transactions) = try DurableStoreTests.filledStore(seed: 5)
        defer { try? FileManager.default.removeItem(at: directory) }
        if file == "snapshot.bin" {  // fold the log into the snapshot first, so it has a body
            let durable = try DurableStore(directory: directory)
            try durable.compact()
            durable.close()
        }
        let path = directory.appendingPathComponent(file)
        try DurableStoreTests.damage(path) { bytes in
            let index = position < 0 ? bytes.count + position : position
            switch kind {
            case "cut": bytes.removeSubrange(index...)
            case "flip": bytes[index] ^= 0x10
            default: bytes[index] = 99
            }
        }
        do {
            let reopened = try DurableStore(directory: directory)
            #expect(expected == nil, "\(name): opened, expected \(expected ?? "")")
            // A torn last record loses only the last change, with a warning.
            #expect(reopened.openReport.warnings.count == 1, "\(name)")
            #expect(reopened.openReport.warnings.first?.contains("torn last record") == true)
            #expect(reopened.store.count >= transactions.count - 1 && reopened.store.count <= transactions.count + 1)
            reopened.close()
            #expect(try DurableStore(directory: directory).openReport.warnings.isEmpty, "the torn tail was cut off")
        } catch {
            guard let expected else {
                Issue.record("\(name): \(error)")
                return
            }
            #expect(error.description.contains(expected), "\(name): \(error)")
            #expect(error.file.hasSuffix(file))
            #expect(error.offset != nil || error.kind == .unknownVersion)
        }
    }
}
