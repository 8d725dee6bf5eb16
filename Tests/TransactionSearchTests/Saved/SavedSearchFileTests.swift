import Foundation
import Testing
@testable import TransactionSearch

/// Saved searches in a store directory: written to disk before they are kept, read back when
/// the store opens, private files, and crash-safe: each file operation of a save fails or
/// "crashes" in turn, and reopening finds the old list or the new one, whole.
@Suite struct SavedSearchFileTests {
    static func open(_ directory: URL, faults: FileFaults? = nil, mode: DurableStore.Mode = .readWrite) throws -> DurableStore {
        try DurableStore(directory: directory, configuration: nil, mode: mode, creatingIfMissing: true,
                         durability: .synchronous, compactionThreshold: 8 << 20, fileSystem: FileSystem(faults: faults))
    }

    static let coffee = try! SavedSearch(name: "coffee", searchText: "starbucks OR costa", options: Query(grouping: .month))
    static let rent = try! SavedSearch(name: "rent", searchText: "category:rent date:2026", options: Query(groupOrdering: .total))

    @Test func savedSearchesSurviveAReopenAndACompaction() throws {
        let directory = StoreDirectoryFaultTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let durable = try Self.open(directory)
            try durable.add(.sample("a", merchant: "Starbucks"))
            #expect(try durable.save(Self.coffee) == nil)
            try durable.save(Self.rent)
            try durable.compact()
            #expect(try durable.removeSavedSearch(named: "nope") == nil)
            durable.close()
        }
        let reopened = try Self.open(directory, mode: .readOnly)
        #expect(reopened.store.savedSearches == [Self.coffee, Self.rent])
        #expect(throws: DurableStoreError.readOnly) { try reopened.save(Self.coffee) }
        let path = directory.appendingPathComponent(SavedSearchFile.fileName).path
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        reopened.close()
        let writer = try Self.open(directory)
        #expect(try writer.removeSavedSearch(named: "coffee") == Self.coffee)
        writer.close()
        #expect(try Self.open(directory, mode: .readOnly).store.savedSearches == [Self.rent])
    }

    /// How many file operations one save makes (write, fsync and rename of the temporary
    /// file, its open, the directory's fsync).
    static let saveOperations: Int = {
        let directory = StoreDirectoryFaultTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = FileFaults.counting()
        let durable = try! open(directory, faults: counter)
        counter.arm()
        try! durable.save(coffee)
        durable.close()
        return counter.count
    }()

    @Test(arguments: 0..<8)
    func aSaveThatFailsOrCrashesAtAnyStepLeavesTheOldListOrTheNewOne(index: Int) throws {
        #expect(Self.saveOperations >= 5, "\(Self.saveOperations)")
        guard index < Self.saveOperations else { return }
        for crashes in [false, true] {
            let directory = StoreDirectoryFaultTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let faults = FileFaults(failing: index, crashes: crashes, writesHalfBeforeFailing: true)
            let durable = try Self.open(directory, faults: faults)
            try durable.save(Self.coffee)
            faults.arm()
            let acknowledged = (try? durable.save(Self.rent)) != nil
            #expect(faults.hasFailed, "step \(index)")
            // What the store keeps agrees with the call's outcome.
            #expect(durable.store.savedSearches == (acknowledged ? [Self.coffee, Self.rent] : [Self.coffee]), "step \(index)")
            durable.close()
            let reopened = try Self.open(directory, mode: .readOnly)
            let found = reopened.store.savedSearches
            #expect(found == [Self.coffee] || found == [Self.coffee, Self.rent], "step \(index), crashes \(crashes): \(found)")
            if acknowledged { #expect(found == [Self.coffee, Self.rent], "step \(index): an acknowledged save was lost") }
            reopened.close()
        }
    }

    @Test func aDamagedFileIsAnErrorAndRecoveryOpensWithoutIt() throws {
        let directory = StoreDirectoryFaultTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let durable = try Self.open(directory)
        try durable.save(Self.coffee)
        durable.close()
        let path = directory.appendingPathComponent(SavedSearchFile.fileName)
        try Data(#"{"version": 1, "searches": [{"name": "x", "search": "a OR"}]}"#.utf8).write(to: path)
        #expect(throws: StoreFileError.self) { try Self.open(directory, mode: .readOnly) }
        try Data(#"{"version": 9, "searches": []}"#.utf8).write(to: path)
        do {
            _ = try Self.open(directory, mode: .readOnly)
            Issue.record("opened a newer version")
        } catch let error as StoreFileError {
            #expect(error.kind == .unknownVersion)
        }
        let recovered = try Self.open(directory, mode: .recovery)
        #expect(recovered.store.savedSearches.isEmpty)
        #expect(recovered.openReport.warnings.contains { $0.contains("saved searches") })
        // A leftover temporary file is never read.
        try FileManager.default.removeItem(at: path)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path.path + ".tmp"))
        #expect(try Self.open(directory, mode: .readOnly).store.savedSearches.isEmpty)
    }
}
