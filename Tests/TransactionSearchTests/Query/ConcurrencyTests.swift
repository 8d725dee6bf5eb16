import Foundation
import Synchronization
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Shared between the reader and writer tasks.
private final class Progress: Sendable {
    let done = Atomic<Bool>(false)
    let answered = Atomic<Int>(0)
}

/// Readers on several threads while a writer mutates: every answer must be whole (its parts
/// agree with each other) and the store must end exact. Run it under ThreadSanitizer with
/// `swift test --sanitize=thread`.
@Suite struct ConcurrencyTests {
    @Test func queriesRunWhileAWriterMutates() throws {
        let store = TransactionStore()
        try store.add(contentsOf: TransactionGenerator(rows: 3000, seed: 3, merchants: 200).generate())
        let progress = Progress()
        let queries = [Query(text: "star", grouping: .day), Query(grouping: .category), Query(text: "a", grouping: .month, limit: 5),
                       Query(filters: QueryFilters(cards: ["4242"]), grouping: .card), Query(text: "12", scope: .amount)]
        // Dedicated threads: busy readers would starve the writer of a pooled thread (the
        // cooperative pool and Dispatch's both have about as many threads as cores).
        let group = DispatchGroup()
        func spawn(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        for reader in 0..<4 {
            spawn {
                var index = reader
                // At least one answer each, however the threads are scheduled.
                repeat {
                    let query = queries[index % queries.count]
                    let result = store.search(query)
                    index += 1
                    if result.grouping != .none {
                        #expect(result.groups.reduce(0) { $0 + $1.count } == result.total.count)
                    }
                    #expect(result.rows.count <= max(0, query.limit))
                    progress.answered.add(1, ordering: .relaxed)
                } while !progress.done.load(ordering: .acquiring)
            }
        }
        spawn {
            var world = RandomWorld(seed: 77)
            let subscription = store.observe { _ in }
            defer {
                subscription.cancel()
                progress.done.store(true, ordering: .releasing)
            }
            for step in 0..<400 {
                let id = "t" + String(step * 7 % 3000, radix: 36)
                switch step % 3 {
                case 0: _ = try? store.update(id: id, world.patch())
                case 1: _ = try? store.add(world.draft(id: nil))
                default: _ = try? store.delete(id: id)
                }
            }
        }
        group.wait()
        #expect(progress.answered.load(ordering: .relaxed) > 0)
        store.checkInvariants()
        for query in queries {
            #expect(store.search(query) == ResultCacheTests.fresh(store, query))
        }
    }
}
