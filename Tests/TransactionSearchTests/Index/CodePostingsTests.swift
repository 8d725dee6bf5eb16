import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct CodePostingsTests {
    /// Rows added to and removed from codes at random (most codes with one row, some with
    /// many, a few rows past 2^31 that cannot be kept inline) list what a plain map lists, and
    /// a table built from lists at once equals one grown row by row.
    @Test func insertsAndRemovalsMatchAPlainMap() {
        let seed: UInt64 = 0xC0DE
        var random = SeededRandom(seed: seed)
        var postings = CodePostings()
        var model: [Int: Set<UInt32>] = [:]
        let capacity = 5_000
        for step in 0..<30_000 {
            let code = random.chance(0.2) ? random.int(in: 0...3) : random.int(in: 4...2_000)
            // Rows past 2^31 only under the sparse codes: a dense list is a bitset over the rows.
            let row = code >= 4 && random.chance(0.01) ? UInt32.max - UInt32(random.int(in: 0...5)) : UInt32(random.int(in: 0...(capacity - 1)))
            if model[code, default: []].contains(row) {
                postings.remove(row, code: code, rowCapacity: capacity)
                model[code]!.remove(row)
            } else {
                postings.insert(row, code: code, rowCapacity: capacity)
                model[code, default: []].insert(row)
            }
            if step % 3_000 == 0 || step == 29_999 {
                for code in 0...2_001 {
                    #expect(postings[code].rows == model[code, default: []].sorted(), "seed \(seed) step \(step) code \(code)")
                }
                let built = CodePostings((0...2_000).map { PostingList.build(sortedRows: model[$0, default: []].sorted(), rowCapacity: capacity) })
                #expect((0...2_001).allSatisfy { built[$0].rows == postings[$0].rows }, "seed \(seed) step \(step)")
            }
        }
    }
}
