import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The payee is part of a row's descriptor (`DescriptorIndex.Key`): a merchant whose rows
/// carry two payees has two descriptors, a payee's rows are its descriptors' rows, an edit of
/// the payee alone moves the row to another descriptor, and a snapshot (whose descriptors are
/// merchant, category and subcategory, with a column of payees) restores the same store.
@Suite struct PayeeDescriptorTests {
    private static let merchants = ["SHELL 0042", "Shell", "Rewe Markt", "Café Zoë", "UBER *TRIP"]
    private static let payees = ["Shell", "Shell Garage", "Rewe", "Café Zoë", "Uber", "Zoë"]

    /// A store of `count` rows over few merchants, each row's payee cleaned or picked.
    private static func store(_ count: Int, _ random: inout SeededRandom) throws -> TransactionStore {
        let store = TransactionStore(timeZone: .utc)
        try store.add(contentsOf: (0..<count).map { index in
            var draft = TransactionDraft.sample("p\(index)", "2026-03-\(10 + index % 15)", merchant: random.pick(merchants),
                                                amount: DecimalAmount(significand: -Int64(random.int(in: 1...9_999)), fractionDigits: 2),
                                                category: random.chance(0.8) ? "Food" : "Travel")
            if random.chance(0.5) { draft.payee = random.pick(payees) }
            return draft
        })
        return store
    }

    /// Groups, facets and term counts by payee equal the plain scan's.
    private func checkAgainstPlainScan(_ store: TransactionStore) throws {
        store.checkInvariants()
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        for text in ["", "payee:shell", "payee:zo", "shell", "merchant:shell", "-payee:uber", "payee:garage OR merchant:rewe", "payee:nothing"] {
            for grouping in [Grouping.payee, .merchant] {
                var query = try Query(parsing: text, grouping: grouping, limit: 500)
                query.facets = [FacetRequest(.payee, limit: 10), FacetRequest(.merchant, limit: 10)]
                let result = store.search(query), expected = reference.search(query)
                #expect(result.groups == expected.groups, "\(text) by \(grouping)")
                #expect(result.facets == expected.facets, "\(text) by \(grouping)")
                #expect(result.total.count == expected.total.count, "\(text) by \(grouping)")
            }
        }
    }

    @Test func aMerchantWithTwoPayeesHasTwoDescriptors() throws {
        let store = TransactionStore(timeZone: .utc)
        var drafts = (0..<3).map { TransactionDraft.sample("s\($0)", merchant: "Shell") }
        drafts[2].payee = "Shell Garage"
        try store.add(contentsOf: drafts)
        #expect(store.lock.withReadLock { store.contents.text.descriptors.liveCount } == 2)
        #expect(store.search(try Query(parsing: "payee:garage")).total.count == 1)
        #expect(store.search(try Query(parsing: "merchant:shell")).total.count == 3)
        try checkAgainstPlainScan(store)
        // The payee edited alone: the row joins the other descriptor, and its own is freed.
        var patch = TransactionPatch()
        patch.payee = .set("Shell")
        try store.update(id: "s2", patch)
        #expect(store.lock.withReadLock { store.contents.text.descriptors.liveCount } == 1)
        #expect(store.search(try Query(parsing: "payee:garage")).total.count == 0)
        try checkAgainstPlainScan(store)
    }

    @Test func payeesFollowRandomEdits() throws {
        var random = SeededRandom(seed: 29)
        let store = try Self.store(60, &random)
        try checkAgainstPlainScan(store)
        for step in 0..<120 {
            let id = "p\(random.int(in: 0...59))"
            var patch = TransactionPatch()
            switch random.int(in: 0...2) {
            case 0: patch.payee = .set(random.pick(Self.payees))
            case 1: patch.merchant = .set(random.pick(Self.merchants))
            default: patch.category = .set(random.pick(["Food", "Travel", "Fuel"]))
            }
            try store.update(id: id, patch)
            if step % 30 == 0 { try checkAgainstPlainScan(store) }
        }
        try checkAgainstPlainScan(store)
    }

    /// A store's descriptors that differ by their payee only are one descriptor in the file
    /// (its payee in the payee column), and restoring makes them apart again.
    @Test func aSnapshotRestoresDescriptorsApartByTheirPayee() throws {
        var random = SeededRandom(seed: 31)
        let store = try Self.store(80, &random)
        let bytes = store.lock.withReadLock { SnapshotFile.encoded(from: store.contents, generation: 1, foldedLog: nil) }
        let rows = try SnapshotFile.decode(bytes, path: "snapshot.bin").rows
        let (storeDescriptors, merchantCategoryPairs) = store.lock.withReadLock {
            let descriptors = store.contents.text.descriptors
            let keys = (1..<UInt32(descriptors.codeLimit)).filter { descriptors.rowCount($0) > 0 }.map(descriptors.key)
            return (keys.count, Set(keys.map { [$0.merchant, $0.category, $0.subcategory] }).count)
        }
        #expect(storeDescriptors > merchantCategoryPairs, "the data should have a merchant with two payees")
        #expect(rows.descriptorCount == merchantCategoryPairs)
        let restored = TransactionStore(timeZone: .utc)
        #expect(restored.restore(rows) == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        #expect(restored.lock.withReadLock { restored.contents.text.descriptors.liveCount } == storeDescriptors)
        try checkAgainstPlainScan(restored)
        // Written from the transactions (as older stores wrote it), it restores alike.
        let rewritten = SnapshotFile(generation: 1, timeZoneIdentifier: "UTC", baseCurrency: store.baseCurrency,
                                     transactions: store.transactions(in: .dateAscending)).encoded()
        let other = TransactionStore(timeZone: .utc)
        #expect(other.restore(try SnapshotFile.decode(rewritten, path: "s").rows) == nil)
        #expect(other.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        try checkAgainstPlainScan(other)
    }
}
