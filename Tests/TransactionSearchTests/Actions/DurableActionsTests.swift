import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Rules, bulk edits, runs of the rules and undos in a store directory: each one log record,
/// replayed to the same store and the same history, kept by a compaction; a failed write
/// leaves memory and disk as they were.
@Suite struct DurableActionsTests {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ts-actions-\(UUID().uuidString)")
    }

    /// A store directory after every kind of step; returns the rows and history it holds.
    static func prepare(_ durable: DurableStore) throws {
        var world = RandomWorld(seed: 31)
        try durable.add(contentsOf: (0..<40).map { _ in world.draft(id: nil) })
        try durable.addRule(Rule(name: "Food", search: "merchant:lidl", actions: [.set(.category, "Groceries"), .addTag("food")]))
        try durable.addRule(Rule(name: "Rides", search: "uber", actions: [.set(.payee, "Uber rides")]), before: "Food")
        try durable.importStatement(from: Array("date,merchant,amount\n2026-03-01,LIDL 42,-9.00\n2026-03-02,UBER TRIP,-12.00\n".utf8))
        try durable.applyRules()
        var patch = TransactionPatch()
        patch.notes = .set("checked")
        try durable.update(matching: Query(text: "a"), patch)
        let first = try #require(durable.store.transactions().first)
        try durable.delete(id: first.id)
        try durable.undo()
        try durable.update(id: first.id, patch)
    }

    @Test func everyStepIsReplayedToTheSameRowsRulesAndHistory() throws {
        let path = Self.directory()
        defer { try? FileManager.default.removeItem(at: path) }
        let durable = try DurableStore(directory: path)
        try Self.prepare(durable)
        let rows = durable.store.transactions(in: .dateAscending)
        let rules = durable.store.rules
        let history = durable.store.history()
        #expect(history.map(\.kind) == [.update, .bulkEdit, .rulesApply, .import, .add])
        durable.close()

        let replayed = try DurableStore(directory: path)
        #expect(replayed.openReport.logRecords > 0)
        #expect(replayed.store.transactions(in: .dateAscending) == rows && replayed.store.rules == rules)
        #expect(replayed.store.history() == history)
        try replayed.compact()
        replayed.close()

        let compacted = try DurableStore(directory: path)
        #expect(compacted.openReport.logRecords == 0)
        #expect(compacted.store.transactions(in: .dateAscending) == rows && compacted.store.rules == rules)
        #expect(compacted.store.history() == history)
        // Undo after a reopen: the steps come off one by one.
        #expect(try compacted.undo()?.kind == .update)
        #expect(try compacted.undo()?.kind == .bulkEdit)
        let afterUndos = compacted.store.transactions(in: .dateAscending)
        #expect(compacted.store.verify().isEmpty)
        compacted.close()
        let again = try DurableStore(directory: path)
        #expect(again.store.transactions(in: .dateAscending) == afterUndos)
        #expect(again.store.history().map(\.kind) == [.rulesApply, .import, .add])
        again.close()
    }

    @Test func aBulkEditOrUndoWhoseLogWriteFailsChangesNothing() throws {
        let path = Self.directory()
        defer { try? FileManager.default.removeItem(at: path) }
        let faults = FileFaults(failing: 0, of: [.write])
        let durable = try StoreDirectoryFaultTests.open(path, faults: faults)
        try Self.prepare(durable)
        let rows = durable.store.transactions(in: .dateAscending)
        let history = durable.store.history()
        faults.arm()
        var patch = TransactionPatch()
        patch.category = .set("Everything")
        #expect(throws: DurableStoreError.self) { try durable.update(matching: Query(), patch) }
        #expect(durable.store.transactions(in: .dateAscending) == rows && durable.store.history() == history)
        #expect(durable.store.verify().isEmpty)
        durable.close()
        let reopened = try DurableStore(directory: path)
        #expect(reopened.store.transactions(in: .dateAscending) == rows && reopened.store.history() == history)
        reopened.close()

        let failingUndo = FileFaults(failing: 0, of: [.write])
        let second = try StoreDirectoryFaultTests.open(path, faults: failingUndo)
        failingUndo.arm()
        #expect(throws: DurableStoreError.self) { try second.undo() }
        #expect(second.store.transactions(in: .dateAscending) == rows && second.store.history() == history)
        second.close()
    }

    @Test func aRuleRefusedOrRemovedIsSaidAndKeptSo() throws {
        let path = Self.directory()
        defer { try? FileManager.default.removeItem(at: path) }
        let durable = try DurableStore(directory: path)
        try durable.addRule(Rule(name: "Food", search: "lidl", actions: [.set(.category, "Groceries")]))
        #expect(throws: DurableStoreError.rule(RuleError(rule: "food", .duplicateName))) {
            try durable.addRule(Rule(name: "food", search: "aldi", actions: [.set(.category, "Groceries")]))
        }
        #expect(try durable.removeRule(named: "FOOD").name == "Food")
        durable.close()
        let reopened = try DurableStore(directory: path)
        #expect(reopened.store.rules.isEmpty)
        reopened.close()
    }
}
