import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Strings no row uses any more are reclaimed: a small store under endless updates keeps its
/// pools, postings, trigram index and arenas bounded.
@Suite struct ReclamationTests {
    @Test func aMillionUpdatesKeepEveryStructureBounded() throws {
        let store = TransactionStore()
        let rows = 50
        try store.add(contentsOf: (0..<rows).map { .sample("r\($0)") })
        var random = SeededRandom(seed: 21)
        let updates = 1_000_000 * RandomScale.factor
        for step in 0..<updates {
            var patch = TransactionPatch()
            // Every update brings strings never seen before, so without reclamation the pools
            // would hold a million merchants and notes.
            patch.merchant = .set("Merchant \(step) \(random.int(in: 0...9))")
            if step % 2 == 0 { patch.notes = .set("note \(step)") } else { patch.category = .set("Category \(step % 97)") }
            if step % 5 == 0 { patch.date = .set(.day(CalendarDay(daysSince1970: Int32(18_000 + step % 3000)))) }
            try store.update(id: "r\(random.int(in: 0...(rows - 1)))", patch)
        }
        store.checkInvariants()
        let contents = store.contents
        // Merchants and payees share one pool (`FieldStrings`): the strings of both in use.
        let liveStrings = Set(store.transactions().flatMap { [$0.merchant, $0.payee] }.filter { !$0.isEmpty })
        #expect(contents.text[.merchant].liveCount <= rows)
        #expect(contents.text[.merchant].pool.liveCount == liveStrings.count)
        #expect(contents.text[.merchant].codeLimit <= 2 * rows + 2)
        #expect(contents.text[.notes].codeLimit <= rows + 2)
        #expect(contents.text[.category].codeLimit <= rows + 2)
        #expect(contents.calendar.days.codeLimit <= rows + 2)
        // The postings hold exactly the n-grams of the merchants and payees in use, nothing
        // left behind.
        let expectedPostings = liveStrings.reduce(0) { total, merchant in
            total + Array(Folding.fold(merchant).utf8).withUnsafeBufferPointer { Trigram.distinctKeys(of: $0, includingShort: true).count }
        }
        #expect(contents.text[.merchant].trigrams.postingCount == expectedPostings)
        #expect(contents.text[.merchant].trigrams.trigramCount <= expectedPostings)
        #expect(contents.table.rowLimit == rows)
        // Whole store, every index included: bounded by the rows and the constants, never by
        // the number of updates. The bytes of each pool's two arenas (strings and folded
        // strings) saw-tooth: up to `compactionFloor` of removed strings wait for compaction,
        // and an array's capacity is at most twice its bytes; the rest is a few KiB a field.
        let arena = 2 * (PackedTexts.compactionFloor + 8 * 1024)
        let bound = TextField.allCases.count * 2 * arena + 100_000
        #expect(contents.memoryUse < bound, "memory \(contents.memoryUse), bound \(bound)")
    }
}
