import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The descending walk of an ordered row list visits runs of equal keys from the last run
/// back, each run forward, from any position, also when a run spans chunks; and it stops
/// when told.
@Suite struct DescendingWalkTests {
    /// The plain answer: the rows before `end` (list order) cut into runs of equal keys, runs
    /// last first, each run forward.
    static func expected(_ rows: [UInt32], before end: Int, key: (UInt32) -> Int) -> [UInt32] {
        var result: [UInt32] = []
        var stop = end
        while stop > 0 {
            var start = stop - 1
            while start > 0 && key(rows[start - 1]) == key(rows[stop - 1]) { start -= 1 }
            result += rows[start..<stop]
            stop = start
        }
        return result
    }

    @Test func runsAreVisitedLastFirstEachForwardAcrossChunks() {
        let seed: UInt64 = 0xdec0de
        var random = SeededRandom(seed: seed)
        for round in 0..<12 * RandomScale.factor {
            // Keys ascending in runs of 1 to 2,500 rows: many runs cross the 768-row chunks
            // of a build and the 1,024-row chunks after inserts.
            let count = random.int(in: 0...6_000)
            var keys: [Int] = []
            var key = 0
            while keys.count < count {
                key += 1
                let run = random.chance(0.3) ? random.int(in: 1...2_500) : random.int(in: 1...3)
                keys += repeatElement(key, count: min(run, count - keys.count))
            }
            let order = OrderedRowListTests.ByValue(keys: keys)
            var list = OrderedRowList()
            if random.chance(0.5) {
                list.build(sortedRows: (0..<UInt32(count)).map { $0 }, order: order)
            } else {
                for row in (0..<UInt32(count)).shuffled(using: &random) { list.insert(row, order: order) }
            }
            let rows = list.rows
            let keyOf = { (row: UInt32) in keys[Int(row)] }
            for _ in 0..<4 {
                let end = random.int(in: 0...count)
                let position = list.lowerBound { Int($0) < end }  // rows are their own rank here
                var visited: [UInt32] = []
                list.walkDescendingByRuns(before: position, sameKey: { keyOf($0) == keyOf($1) }) { visited.append($0); return true }
                #expect(visited == DescendingWalkTests.expected(rows, before: end, key: keyOf), "seed \(seed), round \(round), end \(end)")
                let limit = random.int(in: 0...50)
                var first: [UInt32] = []
                list.walkDescendingByRuns(before: position, sameKey: { keyOf($0) == keyOf($1) }) { row in
                    first.append(row)
                    return first.count < limit
                }
                #expect(first == Array(visited.prefix(max(limit, visited.isEmpty ? 0 : 1))), "seed \(seed), round \(round), stop after \(limit)")
            }
        }
    }
}
