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
            if case .sorted = list { sawSorted = true }
            if step % 5000 == 0 {
                #expect(list.rows == model.sorted())
            }
        }
        #expect(list.count == model.count)
        #expect(list.rows == model.sorted())
        #expect(sawDense && sawSorted)
        #expect(model.allSatisfy { list.contains($0) })
    }
}

@Suite struct OrderedRowListTests {
    struct ByValue: RowOrder {
        let keys: [Int]
        func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
            keys[Int(a)] != keys[Int(b)] ? keys[Int(a)] < keys[Int(b)] : a < b
        }
    }

    @Test func staysSortedThroughRandomInsertsAndRemovals() {
        var random = SeededRandom(seed: 9)
        let keys = (0..<20_000).map { _ in random.int(in: 0...500) }
        let order = ByValue(keys: keys)
        var list = OrderedRowList()
        var present = Set<UInt32>()
        for _ in 0..<50_000 {
            let row = UInt32(random.int(in: 0...(keys.count - 1)))
            if present.contains(row) {
                list.remove(row, order: order)
                present.remove(row)
            } else {
                list.insert(row, order: order)
                present.insert(row)
            }
        }
        list.checkInvariants(order: order)
        #expect(list.rows == present.sorted { order.precedes($0, $1) })
        let position = list.lowerBound { keys[Int($0)] < 250 }
        #expect(list.rank(of: position) == present.filter { keys[Int($0)] < 250 }.count)
        var backward: [UInt32] = []
        list.walkBackward(before: list.endPosition) { backward.append($0); return true }
        #expect(backward == list.rows.reversed())
    }
}
