import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A batch into an empty store large enough to be built in two parts side by side
/// (`BuildParallelism.minimumRows`) holds what the same rows added in small batches hold.
@Suite struct BulkBuildTests {
    @Test func aLargeBatchBuiltInTwoPartsEqualsSmallBatches() throws {
        var drafts = TransactionGenerator(rows: BuildParallelism.minimumRows + 5_000, seed: 0xB17D, distribution: .longTail).generate()
        for index in stride(from: 0, to: drafts.count, by: 7) { drafts[index].importKey = "key-\(index)" }
        // Rows freed before the batch are taken first: the store is empty but not new.
        let bulk = TransactionStore()
        let early = try bulk.add(contentsOf: Array(drafts.prefix(100)).map { draft in
            var draft = draft
            draft.id = "early-\(draft.id ?? "")"
            return draft
        })
        for id in early.addedIDs { try bulk.delete(id: id) }
        try bulk.add(contentsOf: drafts)
        bulk.checkInvariants()

        let small = TransactionStore()
        var start = 0
        while start < drafts.count {
            let end = min(start + 40, drafts.count)  // under the bulk build's 64 rows
            try small.add(contentsOf: Array(drafts[start..<end]))
            start = end
        }
        #expect(bulk.count == drafts.count)
        #expect(bulk.transactions(in: .dateAscending) == small.transactions(in: .dateAscending))
        for text in ["order", "a", "st", "café", "12"] {
            for grouping in [Grouping.merchant, .category, .card, .day] {
                let query = Query(text: text, grouping: grouping)
                #expect(bulk.search(query) == small.search(query), "\(text) by \(grouping)")
            }
        }
    }
}
