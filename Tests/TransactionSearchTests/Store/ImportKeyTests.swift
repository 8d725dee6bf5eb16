import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The import key is a field like the others: validated, unique, kept by updates, the log, the
/// snapshot, export and import, and findable.
@Suite struct ImportKeyTests {
    static func draft(_ id: String, key: String?) -> TransactionDraft {
        TransactionDraft(id: id, date: try! .day(2026, 3, 14), merchant: "Lidl", amount: -500, importKey: key)
    }

    @Test func anImportKeyIsUniqueInAStoreAndInABatch() throws {
        let store = TransactionStore()
        try store.add(Self.draft("a", key: "bank:****1234:F1"))
        #expect(throws: ValidationError(.importKey, .duplicateImportKey("bank:****1234:F1"))) {
            try store.add(Self.draft("b", key: "bank:****1234:F1"))
        }
        #expect(throws: BatchError.self) { try store.add(contentsOf: [Self.draft("c", key: "k"), Self.draft("d", key: "k")]) }
        #expect(store.count == 1)
        try store.add(contentsOf: [Self.draft("e", key: nil), Self.draft("f", key: nil)])  // none is not a key
        var patch = TransactionPatch()
        patch.importKey = .set("bank:****1234:F1")
        #expect(throws: ValidationError(.importKey, .duplicateImportKey("bank:****1234:F1"))) { try store.update(id: "e", patch) }
        store.checkInvariants()
    }

    @Test func updatesSetAndClearTheKeyAndLookupsFollow() throws {
        let store = TransactionStore()
        try store.add(Self.draft("a", key: "  pending-1  "))
        #expect(store.transaction(id: "a")?.importKey == "pending-1", "trimmed like any text field")
        var patch = TransactionPatch()
        patch.importKey = .set("posted-1")
        patch.status = .set(.posted)
        try store.update(id: "a", patch)
        #expect(store.transaction(id: "a")?.importKey == "posted-1")
        try store.add(Self.draft("b", key: "pending-1"))  // the old key is free again
        patch = TransactionPatch()
        patch.importKey = .clear
        try store.update(id: "a", patch)
        #expect(store.transaction(id: "a")?.importKey == nil)
        store.checkInvariants()
    }

    @Test func keysSurviveTheLogTheSnapshotAndExport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var durable = try DurableStore(directory: directory)
        try durable.add(Self.draft("a", key: "fp:0123#1"))
        try durable.add(contentsOf: [Self.draft("b", key: nil), Self.draft("c", key: "bank:****9876:XYZ")])
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        durable = try DurableStore(directory: directory)
        #expect(durable.store.transactions(in: .dateAscending) == expected, "replayed from the log")
        try durable.compact()
        durable.close()
        let reopened = try DurableStore(directory: directory)
        #expect(reopened.store.transactions(in: .dateAscending) == expected, "restored from the snapshot")
        reopened.store.checkInvariants()
        let copy = TransactionStore()
        try copy.importTransactions(from: reopened.store.export(as: .csv), format: .csv)
        #expect(copy.transactions(in: .dateAscending) == expected, "exported and imported as CSV")
        let json = TransactionStore()
        try json.importTransactions(from: reopened.store.export(as: .json), format: .json)
        #expect(json.transactions(in: .dateAscending) == expected, "exported and imported as JSON")
    }

    /// Fingerprints are kept in stores, so their text never changes: the hex writer gives what
    /// `String(_:radix: 16)` zero-padded to 16 digits per word gives, for random and edge words.
    @Test func fingerprintHexIsTheZeroPaddedRadix16Text() {
        var random = SeededRandom(seed: 17)
        let edges: [UInt64] = [0, 1, 0xF, 0x10, UInt64.max, UInt64.max >> 4, 1 << 63]
        let words = edges + (0..<500).map { _ in UInt64(random.int(in: 0...Int.max)) &* 3 }
        func reference(_ word: UInt64) -> String {
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        for (first, second) in zip(words, words.reversed()) {
            #expect(ImportKeys.hex((first, second)) == reference(first) + reference(second), "\(first) \(second)")
        }
    }
}
