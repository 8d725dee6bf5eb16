import Foundation
import Testing
@testable import TransactionSearch
import TransactionSearchSupport

/// A snapshot written straight from a store's structures (what compaction writes) restores a
/// store equal to the original, row for row and index for index, after adds, changes and
/// deletes have left holes in its pools, descriptors and rows.
@Suite struct SnapshotFromContentsTests {
    @Test(arguments: [1, 2, 3])
    func aStoreWrittenFromItsStructuresRestoresEqual(seed: UInt64) throws {
        var world = RandomWorld(seed: seed)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: zone))
        try store.add(contentsOf: (0..<600).map { _ in world.draft(id: nil) })
        var random = SeededRandom(seed: seed)
        for round in 0..<900 {
            let ids = store.transactions(in: .dateAscending).map(\.id)
            switch random.int(in: 0...2) {
            case 0: try store.add(world.draft(id: "r\(round)"))
            case 1:
                var patch = TransactionPatch()
                patch.merchant = .set("Changed \(random.int(in: 0...50)) Ünïcode")
                patch.notes = random.chance(0.5) ? .clear : .set("note \(round)")
                try store.update(id: random.pick(ids), patch)
            default: try store.delete(id: random.pick(ids))
            }
        }
        let bytes = store.lock.withReadLock {
            SnapshotFile.encoded(from: store.contents, generation: 7, foldedLog: SnapshotFile.FoldedLog(generation: 6, length: 99))
        }
        let decoded = try SnapshotFile.decode(bytes, path: "snapshot.bin")
        #expect(decoded.generation == 7 && decoded.foldedLog == SnapshotFile.FoldedLog(generation: 6, length: 99))
        #expect(decoded.timeZoneIdentifier == "Europe/Berlin" && decoded.baseCurrency == store.baseCurrency)
        let restored = TransactionStore(configuration: StoreConfiguration(timeZone: zone))
        #expect(restored.restore(decoded.rows) == nil)
        restored.checkInvariants()
        #expect(restored.textIndexProblem() == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        #expect(restored.transactions(in: .amountAscending) == store.transactions(in: .amountAscending))
        for text in ["a", "changed", "ünï", "note 1", ""] {
            let query = Query(text: text, grouping: .merchant, limit: 20)
            #expect(restored.search(query).rows == store.search(query).rows && restored.search(query).groups == store.search(query).groups)
        }
        // The same rows written from transactions (each string folded and indexed again) restore
        // to the same store.
        let rewritten = SnapshotFile(generation: 7, timeZoneIdentifier: "Europe/Berlin", baseCurrency: store.baseCurrency,
                                     transactions: store.transactions(in: .dateAscending)).encoded()
        let other = TransactionStore(configuration: StoreConfiguration(timeZone: zone))
        #expect(other.restore(try SnapshotFile.decode(rewritten, path: "s").rows) == nil)
        #expect(other.transactions(in: .dateAscending) == restored.transactions(in: .dateAscending))
    }

    /// An automatic compaction runs after the change that made it due has returned, and loses
    /// nothing.
    @Test func anAutomaticCompactionRunsAfterTheChangeReturns() throws {
        let directory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var world = RandomWorld(seed: 9)
        let durable = try DurableStore(directory: directory, compactionThreshold: 2048)
        for index in 0..<120 { try durable.add(world.draft(id: "a\(index)")) }
        durable.waitForCompaction()
        #expect(!durable.isCompactionDue)
        let expected = durable.store.transactions()
        durable.close()
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.openReport.snapshotRows > 0 && reopened.store.transactions() == expected)
        // Deferred: nothing compacts until the owner asks.
        let deferredDirectory = DurableStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: deferredDirectory) }
        let deferred = try DurableStore(directory: deferredDirectory, compactionThreshold: 2048, automaticCompaction: .deferred)
        for index in 0..<60 { try deferred.add(world.draft(id: "d\(index)")) }
        deferred.waitForCompaction()
        #expect(deferred.isCompactionDue)
        #expect(deferred.compactIfDue())
        #expect(!deferred.isCompactionDue && !deferred.compactIfDue())
        deferred.close()
    }
}
