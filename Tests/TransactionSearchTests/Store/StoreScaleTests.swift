import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct StoreScaleTests {
    @Test func buildsAStoreFrom100000GeneratedRows() throws {
        let drafts = TransactionGenerator(rows: 100_000, seed: 7).generate()
        let store = TransactionStore()
        let result = try store.add(contentsOf: drafts)
        #expect(result.addedIDs.count == 100_000)
        #expect(store.count == 100_000)
        let distinctMerchants = store.lock.withReadLock { store.contents.text[.merchant].liveCount }
        #expect((2000...3000).contains(distinctMerchants))
        store.checkInvariants()
        // A few mutations on the big store keep every structure exact.
        var patch = TransactionPatch()
        patch.category = .set("Recategorised")
        try store.update(id: result.addedIDs[500], patch)
        try store.delete(id: result.addedIDs[42])
        try store.add(.sample("new"))
        store.checkInvariants()
    }
}
