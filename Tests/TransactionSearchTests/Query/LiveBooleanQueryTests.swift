import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Live queries and watches with boolean queries, under random mutations: a mutation that
/// changes a query's answer always reaches its watcher, and an observed query's stream always
/// ends up at the fresh answer.
@Suite struct LiveBooleanQueryTests {
    @Test(arguments: 0..<6)
    func noChangeOfABooleanAnswerGoesUnnoticed(seedIndex: Int) async throws {
        let seed = UInt64(35_500 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        var ids = try store.add(contentsOf: (0..<30).map { _ in world.draft(id: nil) }).addedIDs
        let queries = (0..<12).map { _ in world.booleanQuery() }
        let notices = Locked([Int](repeating: 0, count: queries.count))
        var watches: [StoreObservation] = []
        for (index, query) in queries.enumerated() {
            watches.append(store.observe(query) { notices.withLock { $0[index] += 1 } })
        }
        var observed = store.observe(queries[0], buffering: .bufferingNewest(1)).makeAsyncIterator()
        var lastObserved = try #require(await observed.next())
        var last = queries.map { store.search($0, usingCache: false) }
        for step in 0..<(40 * RandomScale.factor) {
            switch world.random.int(in: 0...2) {
            case 0: ids.append(try store.add(world.draft(id: nil)).id)
            case 1: _ = try? store.update(id: world.pick(ids), world.patch())
            default:
                let id = world.pick(ids)
                try store.delete(id: id)
                ids.removeAll { $0 == id }
                if ids.isEmpty { ids.append(try store.add(world.draft(id: nil)).id) }
            }
            let told = notices.withLock { counts in
                defer { counts = [Int](repeating: 0, count: counts.count) }
                return counts
            }
            for (index, query) in queries.enumerated() {
                let fresh = store.search(query, usingCache: false)
                if fresh != last[index] && told[index] == 0 {
                    Issue.record("seed \(seed) step \(step): \(query) changed and its watcher was not told")
                    return  // (the observed stream, marked the same way, would wait forever)
                }
                last[index] = fresh
            }
            if last[0] != lastObserved {
                // The change was yielded after the mutation (and the newest kept).
                lastObserved = try #require(await observed.next())
                #expect(lastObserved == last[0], "seed \(seed) step \(step): \(queries[0])")
            }
        }
        withExtendedLifetime(watches) {}
    }
}
