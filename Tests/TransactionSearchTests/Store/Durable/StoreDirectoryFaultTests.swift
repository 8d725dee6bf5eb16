import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every file operation of a compaction and of an append is made to fail in turn, or to
/// "crash" (it and everything after it fail, as if the process had stopped there): reopening
/// the directory always gives every acknowledged change, and nothing a failed call was told
/// it did not do.
@Suite struct StoreDirectoryFaultTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ts-faults-\(UUID().uuidString)")
    }

    static func open(_ directory: URL, faults: FileFaults? = nil, threshold: Int = 8 << 20) throws -> DurableStore {
        try DurableStore(directory: directory, configuration: nil, mode: .readWrite, creatingIfMissing: true,
                         durability: .synchronous, compactionThreshold: threshold, fileSystem: FileSystem(faults: faults))
    }

    /// A store with some history (adds, updates, deletes, an earlier compaction), open with
    /// `faults` (not yet armed).
    static func prepared(_ directory: URL, seed: UInt64, faults: FileFaults?) throws -> (DurableStore, RandomWorld) {
        var world = RandomWorld(seed: seed)
        let durable = try open(directory, faults: faults)
        try durable.add(contentsOf: (0..<20).map { _ in world.draft(id: nil) })
        try durable.compact()
        for step in 0..<12 { try change(durable, &world, step) }
        return (durable, world)
    }

    /// One random acknowledged change.
    static func change(_ durable: DurableStore, _ world: inout RandomWorld, _ step: Int) throws {
        let ids = durable.store.transactions().map(\.id)
        switch step % 3 {
        case 0: try durable.add(world.draft(id: nil))
        case 1: _ = try? durable.update(id: world.pick(ids), world.patch())
        default: if ids.count > 1 { try durable.delete(id: world.pick(ids)) }
        }
    }

    /// How many file operations one compaction makes.
    static let compactionOperations: Int = {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = FileFaults.counting()
        let (durable, _) = try! prepared(directory, seed: 1, faults: counter)
        counter.arm()
        try! durable.compact()
        durable.close()
        return counter.count
    }()

    @Test func aCompactionCountsItsOperations() {
        // open, write, fsync of each temporary file; two renames; two directory fsyncs.
        #expect(Self.compactionOperations >= 10, "\(Self.compactionOperations)")
    }

    /// A compaction whose operation `index` fails: the call throws, the store stays usable,
    /// later changes are acknowledged, and reopening gives all of them.
    @Test(arguments: 0..<12)
    func aCompactionThatFailsAtAnyStepLosesNothing(index: Int) throws {
        guard index < Self.compactionOperations else { return }
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FileFaults(failing: index)
        var (durable, world) = try Self.prepared(directory, seed: UInt64(100 + index), faults: faults)
        faults.arm()
        #expect(throws: DurableStoreError.self, "operation \(index): \(faults.history.last ?? "")") { try durable.compact() }
        #expect(faults.hasFailed)
        for step in 0..<15 { try Self.change(durable, &world, step) }
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        let reopened = try Self.open(directory)
        #expect(reopened.store.transactions(in: .dateAscending) == expected, "after failing \(faults.history.last ?? "")")
        reopened.store.checkInvariants()
        // And the reopened store compacts and reopens cleanly.
        try reopened.compact()
        reopened.close()
        #expect(try Self.open(directory).store.transactions(in: .dateAscending) == expected)
    }

    /// A process that stops at operation `index` of a compaction: reopening gives every change
    /// acknowledged before it.
    @Test(arguments: 0..<12)
    func aCompactionCutShortAtAnyStepLosesNothing(index: Int) throws {
        guard index < Self.compactionOperations else { return }
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FileFaults(failing: index, crashes: true, writesHalfBeforeFailing: true)
        let (durable, _) = try Self.prepared(directory, seed: UInt64(200 + index), faults: faults)
        let expected = durable.store.transactions(in: .dateAscending)
        faults.arm()
        _ = try? durable.compact()
        durable.close()
        let reopened = try Self.open(directory)
        #expect(reopened.store.transactions(in: .dateAscending) == expected, "stopped at \(faults.history.last ?? "")")
        reopened.store.checkInvariants()
    }

    /// An append whose operation `index` fails (a partial write, an fsync): the call throws,
    /// memory is undone, reopening gives the store without it. When the process stops there
    /// instead, the change in flight may be found whole (its record was written before the
    /// stop), never in part.
    @Test(arguments: [false, true])
    func anAppendThatFailsIsUndoneInMemoryAndOnDisk(crashes: Bool) throws {
        for index in 0..<3 {
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let faults = FileFaults(failing: index, of: [.write, .sync], crashes: crashes, writesHalfBeforeFailing: true)
            var (durable, world) = try Self.prepared(directory, seed: UInt64(300 + index), faults: faults)
            faults.arm()
            // Two adds: the failure lands on the first's write, its fsync, or the second's write.
            var acknowledged = durable.store.transactions(in: .dateAscending)
            var inFlight: [Transaction] = []
            for attempt in 0..<2 {
                let draft = world.draft(id: "new\(attempt)")
                do {
                    try durable.add(draft)
                    acknowledged = durable.store.transactions(in: .dateAscending)
                } catch {
                    #expect(durable.store.transactions(in: .dateAscending) == acknowledged, "memory undone")
                    let probe = TransactionStore()
                    try probe.add(contentsOf: acknowledged.map(\.draft) + [draft])
                    inFlight = probe.transactions(in: .dateAscending)
                    break
                }
            }
            durable.close()
            let found = try Self.open(directory).store.transactions(in: .dateAscending)
            if crashes && found == inFlight { continue }
            #expect(found == acknowledged, "index \(index), crash \(crashes): \(faults.history.last ?? "")")
        }
    }

    /// An automatic compaction that fails leaves the store usable, says so once (not on every
    /// later change), tries again later, and loses nothing.
    @Test func aFailedAutomaticCompactionIsSaidOnceAndLosesNothing() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FileFaults(failing: 0, of: [.rename])
        var world = RandomWorld(seed: 400)
        let durable = try Self.open(directory, faults: faults, threshold: 2048)
        faults.arm()
        // Each compaction the adds make due runs before the next add (they run in the
        // background: waiting keeps the order of failures and retries the same every run).
        for index in 0..<60 {
            try durable.add(world.draft(id: "a\(index)"))
            durable.waitForCompaction()
        }
        #expect(faults.hasFailed)
        let notices = durable.takeNotices()
        #expect(notices.count == 1, "\(notices)")
        #expect(notices.first?.contains("automatic compaction failed") == true)
        #expect(durable.takeNotices().isEmpty, "said once")
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        let reopened = try Self.open(directory)
        #expect(reopened.store.transactions(in: .dateAscending) == expected)
        #expect(reopened.openReport.snapshotRows > 0, "a later automatic compaction succeeded")
    }

    /// The issue's case: the new log cannot be created (disk full) after the snapshot is
    /// written; the store keeps appending to the old log, and all of it survives reopening.
    @Test func changesAfterALogSwitchFailsAreReplayed() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Fail the second rename of the compaction: the snapshot is in place, the log is not.
        let faults = FileFaults(failing: 1, of: [.rename])
        var (durable, world) = try Self.prepared(directory, seed: 500, faults: faults)
        faults.arm()
        #expect(throws: DurableStoreError.self) { try durable.compact() }
        for index in 0..<100 { try durable.add(world.draft(id: "after\(index)")) }
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        let reopened = try Self.open(directory)
        #expect(reopened.store.count == expected.count)
        #expect(reopened.store.transactions(in: .dateAscending) == expected)
        #expect(reopened.openReport.logRecords == 100)
    }

    // MARK: The directory removed under a writer

    @Test func aStoreDirectoryRemovedWhileWritingIsAFailureNotAnAcknowledgement() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let durable = try Self.open(directory)
        try FileManager.default.removeItem(at: directory)
        #expect(throws: DurableStoreError.self) {
            try durable.importTransactions(from: Array("date,merchant,amount\n2026-01-01,Lidl,-1\n".utf8), format: .csv)
        }
        #expect(durable.store.count == 0, "the import was undone in memory")
    }

    // MARK: Readers during compaction

    /// Readers opening over and over while a writer adds and compacts never see a mismatched
    /// pair: a healthy store is never reported damaged.
    @Test func readersDuringCompactionsAlwaysOpen() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = try Self.open(directory)
        try writer.add(TransactionDraft(date: try! .day(2026, 1, 1), merchant: "First", amount: -1))
        let rounds = 150 * RandomScale.factor
        let failures = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                var world = RandomWorld(seed: 600)
                for index in 0..<rounds {
                    _ = try? writer.add(world.draft(id: "w\(index)"))
                    _ = try? writer.compact()
                }
                return []
            }
            for _ in 0..<2 {
                group.addTask {
                    var failures: [String] = []
                    var lastCount = 0
                    for _ in 0..<rounds {
                        do {
                            let reader = try DurableStore(directory: directory, mode: .readOnly)
                            // Changes only add rows here: a reader never sees fewer than before.
                            if reader.store.count < lastCount { failures.append("went back from \(lastCount) to \(reader.store.count)") }
                            lastCount = reader.store.count
                        } catch {
                            failures.append("\(error)")
                        }
                    }
                    return failures
                }
            }
            var all: [String] = []
            for await part in group { all += part }
            return all
        }
        writer.close()
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }
}

/// Damage to the log is damage, never taken for a torn tail: a writer refuses the store (and
/// changes no byte of it), `recovery` mode opens what precedes the damage and says so. A torn
/// tail is only what a crash in the middle of the last append leaves.
@Suite struct LogDamageTests {
    /// A store of 4 single adds (4 records), closed; its directory and the log's bytes.
    static func fourAdds() throws -> (URL, [UInt8]) {
        let directory = StoreDirectoryFaultTests.temporaryDirectory()
        let durable = try DurableStore(directory: directory)
        for index in 0..<4 {
            try durable.add(TransactionDraft(id: "t\(index)", date: try! .day(2026, 3, 14), merchant: "Shop \(index)", amount: -100))
        }
        durable.close()
        return (directory, Array(try Data(contentsOf: directory.appendingPathComponent("log.bin"))))
    }

    enum Expected: Equatable, Sendable {
        case damage(String, offset: Int?)
        case tornTail(rows: Int)
    }

    static let cases: [(String, @Sendable ([UInt8]) -> [UInt8], Expected)] = [
        // Item 2 of the issue: one bit of the first record's length (byte 24) flipped.
        ("a bit of a middle record's length", { var b = $0; b[EventLog.headerSize] ^= 0x10; return b },
         .damage("record header's checksum", offset: 24)),
        ("a bit of a middle record's payload checksum", { var b = $0; b[EventLog.headerSize + 5] ^= 0x01; return b },
         .damage("record header's checksum", offset: 24)),
        ("a bit of a middle record's payload", { var b = $0; b[EventLog.headerSize + 20] ^= 0x01; return b },
         .damage("records follow it", offset: 24)),
        // Item 3: the header's generation (byte 12) flipped.
        ("the header's generation", { var b = $0; b[12] ^= 0x10; return b }, .damage("log header's checksum", offset: 0)),
        ("a log shorter than its header", { Array($0.prefix(10)) }, .damage("shorter", offset: 0)),
        ("an empty log", { _ in [] }, .damage("bad magic", offset: 0)),
        ("a log of another generation, with a valid header", { bytes in
            EventLog.header(generation: 7) + bytes[EventLog.headerSize...]
        }, .damage("does not match", offset: 12)),
        ("garbage after the last record", { $0 + [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
         .damage("record header's checksum", offset: nil)),
        // Torn tails: what a crash in the last append leaves.
        ("the last record cut short", { Array($0.dropLast(5)) }, .tornTail(rows: 3)),
        ("only part of the last record's header", { bytes in Array(bytes.prefix(bytes.count - lastRecordLength(bytes) + 7)) },
         .tornTail(rows: 3)),
        ("the last record's payload changed", { var b = $0; b[b.count - 2] ^= 0x40; return b }, .tornTail(rows: 3)),
        ("zeros after the last record", { $0 + [UInt8](repeating: 0, count: 40) }, .tornTail(rows: 4)),
    ]

    /// The length of the log's last record (they are all the same size here).
    static func lastRecordLength(_ bytes: [UInt8]) -> Int { (bytes.count - EventLog.headerSize) / 4 }

    @Test(arguments: cases.indices)
    func damageIsDamageAndATornTailIsATornTail(caseIndex: Int) throws {
        let (name, change, expected) = Self.cases[caseIndex]
        let (directory, original) = try Self.fourAdds()
        defer { try? FileManager.default.removeItem(at: directory) }
        let logURL = directory.appendingPathComponent("log.bin")
        let damaged = change(original)
        try Data(damaged).write(to: logURL)
        switch expected {
        case .damage(let reason, let offset):
            for mode in [DurableStore.Mode.readWrite, .readOnly] {
                do {
                    _ = try DurableStore(directory: directory, mode: mode)
                    Issue.record("\(name): opened in \(mode)")
                } catch {
                    #expect(error.kind == .corrupt || error.kind == .unknownVersion, "\(name)")
                    #expect(error.description.contains(reason), "\(name): \(error)")
                    #expect(error.file.hasSuffix("log.bin"), "\(name)")
                    if let offset { #expect(error.offset == offset, "\(name): \(error)") }
                }
            }
            // The writer refused before changing a byte, and another attempt refuses again.
            #expect(Array(try Data(contentsOf: logURL)) == damaged, "\(name): the damaged log was changed")
            #expect(throws: StoreFileError.self) { try DurableStore(directory: directory) }
            // Recovery opens what precedes the damage, read-only, and says so.
            if damaged.count >= EventLog.headerSize, (try? EventLog.generation(of: damaged, path: "")) == 1 {
                let recovered = try DurableStore(directory: directory, mode: .recovery)
                #expect(recovered.openReport.warnings.contains { $0.contains("recovery") }, "\(name)")
                #expect(recovered.store.count < 4 || name.contains("garbage"))
                #expect(throws: DurableStoreError.readOnly) { try recovered.delete(id: "t0") }
            }
        case .tornTail(let rows):
            let reader = try DurableStore(directory: directory, mode: .readOnly)
            #expect(reader.store.count == rows, "\(name)")
            #expect(reader.openReport.warnings.first?.contains("torn last record") == true, "\(name)")
            #expect(Array(try Data(contentsOf: logURL)) == damaged, "a reader changes nothing")
            let writer = try DurableStore(directory: directory)
            #expect(writer.store.count == rows)
            try writer.add(TransactionDraft(id: "next", date: try! .day(2026, 3, 15), merchant: "After", amount: -1))
            writer.close()
            let reopened = try DurableStore(directory: directory)
            #expect(reopened.store.count == rows + 1, "\(name): the torn tail was cut off, the new record kept")
            #expect(reopened.openReport.warnings.isEmpty)
        }
    }

    @Test func aMissingLogBesideASnapshotIsDamage() throws {
        let (directory, _) = try Self.fourAdds()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("log.bin"))
        #expect(throws: StoreFileError.self) { try DurableStore(directory: directory) }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("log.bin").path), "nothing recreated")
    }

    @Test func onlyACreatingOpenCreatesAStore() throws {
        let directory = StoreDirectoryFaultTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: StoreFileError.self) { try DurableStore(directory: directory, creatingIfMissing: false) }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(throws: StoreFileError.self) { try DurableStore(directory: directory, mode: .readOnly) }
        let created = try DurableStore(directory: directory, configuration: StoreConfiguration(timeZone: TimeZone(identifier: "Asia/Tokyo")!))
        created.close()
        do {
            _ = try DurableStore(directory: directory, configuration: StoreConfiguration(timeZone: TimeZone(identifier: "America/New_York")!))
            Issue.record("another zone was accepted")
        } catch {
            #expect(error.kind == .configurationMismatch)
            #expect(error.reason.contains("Asia/Tokyo") && error.reason.contains("America/New_York"), "\(error)")
        }
        #expect(try DurableStore(directory: directory).store.timeZone.identifier == "Asia/Tokyo")
    }
}
