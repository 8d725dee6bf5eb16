import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `ExactSums` against 128-bit sums: random additions and subtractions of amounts up to the
/// 64-bit ends (so that slots wrap both ways, many times, and come back), sums of any size
/// added and set, slots appended; every slot equal to the reference after every step, and a
/// slot back in the 64-bit range keeps no wrap.
@Suite struct ExactSumsTests {
    @Test func everySlotEqualsA128BitSum() {
        let seed: UInt64 = 0xE5A7
        var random = SeededRandom(seed: seed)
        var sums = ExactSums(count: 4)
        var reference = [Int128](repeating: 0, count: 4)
        func amount() -> Int64 {
            switch random.int(in: 0...3) {
            case 0: Int64.max - Int64(random.int(in: 0...1000))
            case 1: Int64.min + Int64(random.int(in: 1...1000))
            case 2: Int64(random.int(in: -1_000_000...1_000_000))
            default: Int64(Money.maximumMagnitude - 1) * (random.chance(0.5) ? 1 : -1)
            }
        }
        for step in 0..<20_000 {
            let slot = random.int(in: 0...(reference.count - 1))
            switch random.int(in: 0...9) {
            case 0...3:
                let value = amount()
                sums.add(value, at: slot)
                reference[slot] += Int128(value)
            case 4...7:
                let value = amount()
                sums.subtract(value, at: slot)
                reference[slot] -= Int128(value)
            case 8:
                let value = Int128(amount()) * Int128(random.int(in: -5_000...5_000))
                sums.add(value, at: slot)
                reference[slot] += value
            default:
                if random.chance(0.1) {
                    sums.append(zeros: 1)
                    reference.append(0)
                } else {
                    let value = Int128(amount()) * Int128(random.int(in: -3...3))
                    sums.set(value, at: slot)
                    reference[slot] = value
                }
            }
            #expect(sums.values == reference, "seed \(seed) step \(step)")
            if sums.values != reference { return }
        }
        // Back in range, every slot is its 64-bit value alone.
        for slot in reference.indices { sums.set(Int128(slot), at: slot) }
        #expect(sums.wraps.allSatisfy { $0 == 0 } && sums.values == reference.indices.map { Int128($0) })
        // Equal to sums that never wrapped, holding the same values.
        var fresh = ExactSums(count: reference.count)
        for slot in reference.indices { fresh.set(Int128(slot), at: slot) }
        #expect(fresh.wraps.isEmpty && sums == fresh)
    }

    /// The writer a row loop uses adds and subtracts exactly as the value's own methods.
    @Test func theWriterWrapsAsTheValueDoes() {
        var sums = ExactSums(count: 2)
        sums.withWriter { writer in
            for _ in 0..<3 { writer.add(Int64.max, at: 0) }
            for _ in 0..<3 { writer.subtract(Int64.max, at: 1) }
        }
        #expect(sums[0] == 3 * Int128(Int64.max) && sums[1] == -3 * Int128(Int64.max))
        sums.withWriter { writer in
            for _ in 0..<3 { writer.subtract(Int64.max, at: 0) }
            for _ in 0..<3 { writer.add(Int64.max, at: 1) }
        }
        #expect(sums.values == [0, 0] && sums.wraps.allSatisfy { $0 == 0 } && sums == ExactSums(count: 2))
    }
}
