import Testing
@testable import TransactionSearch
import TransactionSearchSupport

/// The radix sorts order like the standard library's stable sort on the key alone.
@Suite struct RadixSortTests {
    @Test(arguments: [(32, 26), (0, 13), (5, 14), (40, 24), (0, 1)])
    func sortingWordsByTheirKeyBitsIsAStableSortOnThoseBits(low: Int, bits: Int) {
        let seed: UInt64 = 0x5eed_0000 &+ UInt64(low * 64 + bits)
        var random = SeededRandom(seed: seed)
        for round in 0..<20 * RandomScale.factor {
            let count = random.int(in: 0...(round % 4 == 0 ? 5 : 3000))
            // Few distinct keys in some rounds, so that stability is tested on long runs.
            let distinct = random.chance(0.5) ? UInt64(random.int(in: 1...8)) : UInt64.max
            let keyMask: UInt64 = bits == 64 ? .max : (1 << UInt64(bits) - 1)
            var values: [UInt64] = (0..<count).map { _ in
                let key = (random.next() % distinct) & keyMask
                return key << UInt64(low) | (random.next() & ~(keyMask << UInt64(low)))
            }
            let key = { (value: UInt64) in (value >> UInt64(low)) & keyMask }
            let expected = values.enumerated().sorted { key($0.element) != key($1.element) ? key($0.element) < key($1.element) : $0.offset < $1.offset }.map(\.element)
            RadixSort.sort(&values, keyBitsFrom: low, count: bits)
            #expect(values == expected, "seed \(seed), round \(round), \(count) values")
        }
    }
}
