import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A page of any size handed over in chunks: the same rows, in the same order, as one result.
@Suite struct ResultChunksTests {
    @Test(arguments: 0..<6)
    func chunksHoldThePageInOrder(seedIndex: Int) throws {
        let seed = UInt64(8_200 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        try store.add(contentsOf: (0..<world.random.int(in: 0...300)).map { _ in world.draft(id: nil) })
        for step in 0..<(20 * RandomScale.factor) {
            var query = world.query()
            query.limit = world.pick([0, 1, 7, 100, 1000, Int.max])
            let chunkSize = world.pick([1, 3, 64, 1000])
            let (streamed, chunks) = store.search(query, rowsInChunksOf: chunkSize) { result, chunks in (result, Array(chunks)) }
            let whole = store.search(query, usingCache: false)
            #expect(streamed.rows.isEmpty, "seed \(seed) step \(step)")
            #expect(chunks.flatMap { $0 } == whole.rows, "seed \(seed) step \(step): \(query)")
            #expect(chunks.allSatisfy { !$0.isEmpty && $0.count <= chunkSize }, "seed \(seed) step \(step)")
            var withRows = streamed
            withRows.rows = whole.rows
            #expect(withRows == whole, "seed \(seed) step \(step): \(query)")
        }
    }
}
