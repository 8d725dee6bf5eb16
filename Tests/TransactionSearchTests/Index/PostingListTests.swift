import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct PostingListTests {
    @Test func matchesASetThroughSparseAndDenseRepresentations() {
        var random = SeededRandom(seed: 3)
        let capacity = 40_000
        var list = PostingList.empty
        var model = Set<UInt32>()
        var sawDense = false, sawSorted = false
        for step in 0..<60_000 {
            // Grow for a while, then shrink, so the list crosses both thresholds.
            let growing = (step / 15_000) % 2 == 0
            let row = UInt32(random.int(in: 0...(capacity - 1)))
            if growing || model.isEmpty {
                if model.insert(row).inserted { list.insert(row, rowCapacity: capacity) }
            } else if let victim = model.randomElement(using: &random) {
                model.remove(victim)
                list.remove(victim, rowCapacity: capacity)
            }
            if case .dense = list { sawDense = true }
            if case .narrow = list { sawSorted = true }
            if step % 5000 == 0 {
                #expect(list.rows == model.sorted())
            }
        }
        #expect(list.count == model.count)
        #expect(list.rows == model.sorted())
        #expect(sawDense && sawSorted)
        #expect(model.allSatisfy { list.contains($0) })
    }

    /// Members on both sides of 65,536: a list stays two bytes a member while every member
    /// fits, widens when one does not, and answers like a plain set through inserts, removals,
    /// bulk appends and a build from sorted rows.
    @Test func twoByteListsWidenAndStayExact() {
        let seed: UInt64 = 0x6B17
        var random = SeededRandom(seed: seed)
        let capacity = 1_000_000  // no list here gets dense: only the array forms are at stake
        var list = PostingList.empty
        var model = Set<UInt32>()
        var sawNarrow = false, sawWide = false
        for step in 0..<4_000 {
            let wide = random.chance(0.3)
            let row = UInt32(wide ? random.int(in: 65_536...200_000) : random.int(in: 0...65_535))
            if random.chance(0.6) || model.isEmpty {
                if model.insert(row).inserted { list.insert(row, rowCapacity: capacity) }
            } else if let victim = model.randomElement(using: &random) {
                model.remove(victim)
                list.remove(victim, rowCapacity: capacity)
            }
            if case .narrow = list { sawNarrow = true }
            if case .sorted = list { sawWide = true }
            if case .narrow(let codes) = list { #expect(codes.count == model.count, "seed \(seed) step \(step)") }
            if step % 500 == 0 {
                #expect(list.rows == model.sorted(), "seed \(seed) step \(step)")
                if model.count > 1 {
                    #expect(PostingList.build(sortedRows: model.sorted(), rowCapacity: capacity).rows == model.sorted())
                }
            }
        }
        #expect(sawNarrow && sawWide, "seed \(seed)")
        #expect(list.rows == model.sorted(), "seed \(seed)")
        #expect((0..<UInt32(210_000)).allSatisfy { list.contains($0) == model.contains($0) }, "seed \(seed)")

        // Bulk appends in ascending runs, crossing 65,536 in the middle of a run.
        for runs in [[[3, 9, 9, 70], [65_535, 65_536, 80_000]], [[1, 2], [5]], [[70_000], [70_001, 70_001]]] {
            var appended = PostingList.empty
            var expected: [UInt32] = []
            for run in runs {
                let words = run.map { UInt64($0) }
                words.withUnsafeBufferPointer { appended.appendAscending($0[...], rowCapacity: capacity) }
                for value in run where expected.last != UInt32(value) { expected.append(UInt32(value)) }
            }
            #expect(appended.rows == expected, "runs \(runs)")
            if case .narrow = appended { #expect(expected.last! < 65_536) }
        }
    }
}

/// Lists of thousands of members are kept in blocks (`SortedBlocks`): through inserts and
/// removals that split and merge blocks, bulk appends and builds, and the changes to and from
/// an array and a bitset, a list answers like a plain set.
@Suite struct BlockedPostingListTests {
    static func isBlocked(_ list: PostingList) -> Bool {
        if case .blocked(let blocks) = list {
            blocks.checkInvariants()
            return true
        }
        return false
    }

    @Test(arguments: [UInt64(0xB10C), 0x5EED])
    func matchesASetThroughBlockSplitsAndMerges(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let capacity = 400_000  // dense above 12,500 members
        var list = PostingList.empty
        var model = Set<UInt32>()
        var sawBlocked = false, sawDense = false, sawSorted = false
        // Up to 9,000 members (blocks), up to 16,000 (a bitset), down to 300 (an array), twice.
        for target in [9_000, 600, 16_000, 300, 7_000, 0] {
            while model.count != target {
                if model.count < target {
                    // Clustered and spread members, so that some blocks fill and split.
                    let row = random.chance(0.5) ? UInt32(random.int(in: 100_000...112_000)) : UInt32(random.int(in: 0...(capacity - 1)))
                    if model.insert(row).inserted { list.insert(row, rowCapacity: capacity) }
                } else {
                    let victim = model.randomElement(using: &random)!
                    model.remove(victim)
                    list.remove(victim, rowCapacity: capacity)
                }
                if BlockedPostingListTests.isBlocked(list) { sawBlocked = true }
                if case .dense = list { sawDense = true }
                if case .sorted = list { sawSorted = true }
                #expect(list.count == model.count, "seed \(seed)")
                if model.count % 997 == 0 {
                    #expect(list.rows == model.sorted(), "seed \(seed) at \(model.count)")
                    #expect(list.first == model.min(), "seed \(seed) at \(model.count)")
                }
            }
            #expect(list.rows == model.sorted(), "seed \(seed) target \(target)")
            #expect((0..<UInt32(1_000)).map { $0 * 397 % UInt32(capacity) }.allSatisfy { list.contains($0) == model.contains($0) })
        }
        #expect(sawBlocked && sawDense && sawSorted, "seed \(seed)")
    }

    /// Bulk appends (a trigram index built slice by slice) and builds from sorted rows give
    /// blocks past 2,048 members; a repeated member is added once.
    @Test func bulkAppendsAndBuildsMakeBlocks() {
        var random = SeededRandom(seed: 0xA99E)
        let capacity = 1_000_000
        var appended = PostingList.empty
        var expected: [UInt32] = []
        var next: UInt32 = 70_000
        for _ in 0..<12 {
            var run: [UInt64] = []
            for _ in 0..<random.int(in: 1...900) {
                next += UInt32(random.int(in: 0...40))
                run.append(UInt64(next))
                if expected.last != next { expected.append(next) }
            }
            run.withUnsafeBufferPointer { appended.appendAscending($0[...], rowCapacity: capacity) }
            #expect(appended.rows == expected)
            #expect(BlockedPostingListTests.isBlocked(appended) == (expected.count > DensityThresholds.blocksAbove))
        }
        let built = PostingList.build(sortedRows: expected, rowCapacity: capacity)
        #expect(BlockedPostingListTests.isBlocked(built) && built.rows == expected)
        let selection = RowSelection(rowLimit: capacity)
        selection.insert(built)
        #expect((0..<UInt32(capacity)).filter { selection.contains($0) } == expected)
        #expect(CodeSet(built).codes == expected)
        #expect(CodeSet(unionOf: [built, .single(5)], limit: capacity).codes == [5] + expected)
        // Blocks fit a list's 16 bytes, as every other form does (a list is 16 bytes a code of
        // every pool and descriptor that has one).
        #expect(MemoryLayout<PostingList>.stride == 16)
    }
}

@Suite struct OrderedRowListTests {
    /// Rows by a value, ties by row number; with `keyed`, the value is also the order's key
    /// (`RowOrder.key`), so that chunks are found by their last keys (ties read the rows).
    struct ByValue: RowOrder {
        let keys: [Int]
        var keyed = true
        func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
            keys[Int(a)] != keys[Int(b)] ? keys[Int(a)] < keys[Int(b)] : a < b
        }
        func key(_ row: UInt32) -> UInt64 { keyed ? UInt64(keys[Int(row)]) : 0 }
    }

    /// Random inserts and removals (values from 0 to `largest`: with 500, many equal values,
    /// so keys tie across chunks; with the largest Int, spread values whose guessed places
    /// are far off), a rebuild from sorted rows, then everything removed: the rows stay in
    /// order and every chunk's last key stays its last row's (`checkInvariants`), with keys
    /// and without.
    @Test(arguments: [(true, 500), (false, 500), (true, Int.max), (true, 40_000)])
    func staysSortedThroughRandomInsertsAndRemovals(keyed: Bool, largest: Int) {
        var random = SeededRandom(seed: 9)
        let keys = (0..<20_000).map { _ in random.chance(0.1) ? random.int(in: 0...50) : random.int(in: 0...largest) }
        let order = ByValue(keys: keys, keyed: keyed)
        var list = OrderedRowList()
        var present = Set<UInt32>()
        for step in 0..<50_000 {
            let row = UInt32(random.int(in: 0...(keys.count - 1)))
            if present.contains(row) {
                list.remove(row, order: order)
                present.remove(row)
            } else {
                list.insert(row, order: order)
                present.insert(row)
            }
            if step % 5_000 == 0 { list.checkInvariants(order: order) }
        }
        list.checkInvariants(order: order)
        #expect(list.rows == present.sorted { order.precedes($0, $1) })
        let position = list.lowerBound { keys[Int($0)] < largest / 2 }
        #expect(list.rank(of: position) == present.filter { keys[Int($0)] < largest / 2 }.count)
        var backward: [UInt32] = []
        list.walkBackward(before: list.endPosition) { backward.append($0); return true }
        #expect(backward == list.rows.reversed())
        list.build(sortedRows: present.sorted { order.precedes($0, $1) }, order: order)
        list.checkInvariants(order: order)
        for (step, row) in present.sorted().shuffled(using: &random).enumerated() {
            list.remove(row, order: order)
            if step % 1_000 == 0 { list.checkInvariants(order: order) }
        }
        list.checkInvariants(order: order)
        #expect(list.count == 0 && list.rows.isEmpty)
    }

    /// Rows inserted into and removed from two lists at once (`insert(_:into:order:and:order:)`,
    /// the store's date and amount orders) land where two single inserts put them: two orders
    /// over different values (one with many equal keys, one spread, one with every key equal),
    /// from empty lists through chunk splits and merges back to empty.
    @Test(arguments: [(500, Int.max, true), (Int.max, 50, true), (500, 500, false)])
    func twoListsAtOnceMatchTwoSingleLists(firstLargest: Int, secondLargest: Int, secondKeyed: Bool) {
        var random = SeededRandom(seed: 17)
        let count = 40_000
        let first = ByValue(keys: (0..<count).map { _ in random.int(in: 0...firstLargest) })
        let second = ByValue(keys: (0..<count).map { _ in random.int(in: 0...secondLargest) }, keyed: secondKeyed)
        var pairFirst = OrderedRowList(), pairSecond = OrderedRowList()
        var singleFirst = OrderedRowList(), singleSecond = OrderedRowList()
        var present = Set<UInt32>()
        func check() {
            pairFirst.checkInvariants(order: first)
            pairSecond.checkInvariants(order: second)
            #expect(pairFirst.rows == singleFirst.rows)
            #expect(pairSecond.rows == singleSecond.rows)
            #expect(pairFirst.rows == present.sorted { first.precedes($0, $1) })
            #expect(pairSecond.rows == present.sorted { second.precedes($0, $1) })
        }
        for step in 0..<60_000 {
            // Inserts outnumber removals in the first half, so that chunks fill and split; then
            // the set settles near half full. The drain below empties both lists.
            let row = UInt32(random.int(in: 0...(count - 1)))
            if present.contains(row) {
                if step < 30_000 && random.chance(0.7) { continue }
                OrderedRowList.remove(row, from: &pairFirst, order: first, and: &pairSecond, order: second)
                singleFirst.remove(row, order: first)
                singleSecond.remove(row, order: second)
                present.remove(row)
            } else {
                OrderedRowList.insert(row, into: &pairFirst, order: first, and: &pairSecond, order: second)
                singleFirst.insert(row, order: first)
                singleSecond.insert(row, order: second)
                present.insert(row)
            }
            if step % 6_000 == 0 { check() }
        }
        check()
        for (step, row) in present.sorted().shuffled(using: &random).enumerated() {
            OrderedRowList.remove(row, from: &pairFirst, order: first, and: &pairSecond, order: second)
            if step % 1_000 == 0 {
                pairFirst.checkInvariants(order: first)
                pairSecond.checkInvariants(order: second)
            }
        }
        #expect(pairFirst.count == 0 && pairSecond.count == 0 && pairFirst.rows.isEmpty && pairSecond.rows.isEmpty)
    }
}
