import Foundation
import Testing
@testable import TransactionSearch

@Suite struct LiveQueryTests {
    @Test func yieldsAtOnceThenAfterEachChangingMutationOnly() async throws {
        let store = TransactionStore()
        try store.add(.sample("a", merchant: "Starbucks"))
        try store.add(.sample("b", merchant: "Lidl"))
        var results = store.observe(Query(text: "star"), buffering: .unbounded).makeAsyncIterator()
        let first = try #require(await results.next())
        #expect(first.total.count == 1)

        try store.add(.sample("c", merchant: "Uber"))  // does not match: nothing yielded
        var patch = TransactionPatch()
        patch.notes = .set("bus")
        try store.update(id: "b", patch)  // does not match either
        try store.add(.sample("d", merchant: "Starbucks Reserve"))  // matches
        let second = try #require(await results.next())
        #expect(second.total.count == 2)  // the next element is the change, not the two before

        try store.delete(id: "a")
        let third = try #require(await results.next())
        #expect(third.rows.map(\.transaction.id) == ["d"])

        var rename = TransactionPatch()
        rename.merchant = .set("Starbucks")  // d keeps matching but changes: a new result
        try store.update(id: "d", rename)
        let fourth = try #require(await results.next())
        #expect(fourth.rows.first?.transaction.merchant == "Starbucks")
    }

    @Test func aMutationThatLeavesTheAnswerEqualYieldsNothing() async throws {
        let store = TransactionStore()
        try store.add(.sample("a", merchant: "Starbucks"))
        // Limit 0: only the count and sums; changing a's notes touches the row but not the answer.
        var results = store.observe(Query(text: "star", limit: 0), buffering: .unbounded).makeAsyncIterator()
        _ = await results.next()
        var patch = TransactionPatch()
        patch.notes = .set("latte")
        try store.update(id: "a", patch)
        try store.add(.sample("b", merchant: "Star Bar"))
        #expect(await results.next()?.total.count == 2)
    }

    @Test func stopsWhenTheConsumerGoesAway() async throws {
        let store = TransactionStore()
        do {
            let stream = store.observe(Query())
            var iterator = stream.makeAsyncIterator()
            _ = await iterator.next()
            #expect(!store.liveQueries.isEmpty)
        }
        try store.add(.sample("x"))
        // Ending the stream removes its query; polled without a tight deadline (a loaded
        // machine may take long to run the termination), failing only after a minute.
        for _ in 0..<6000 where !store.liveQueries.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(store.liveQueries.isEmpty)
    }
}
