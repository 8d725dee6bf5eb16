import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The helpers with no domain, each against a plain twin on seeded random input: the radix sort
/// against a sort by (key, position), the integer map against a `Dictionary`, UTF-8 validation
/// against the standard library's, the byte hash against itself at other addresses, and the
/// free-slot table against a list of what was stored.
@Suite struct InternalsReferenceTests {
    @Test(arguments: [1, 2, 3])
    func theRadixSortIsAStableSortByKey(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<50 {
            let count = random.int(in: 0...300)
            // Keys that share bytes (so passes are skipped), that collide, and that differ high up.
            let shape = random.int(in: 0...2)
            var pairs: [(key: UInt64, row: UInt32)] = (0..<count).map { row in
                let key: UInt64 = switch shape {
                case 0: UInt64(random.int(in: 0...5))
                case 1: UInt64(random.int(in: 0...1_000)) << 40 | 0xABCD
                default: random.next()
                }
                return (key, UInt32(row))
            }
            let expected = pairs.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
            RadixSort.sort(&pairs)
            #expect(pairs.map(\.key) == expected.map(\.key) && pairs.map(\.row) == expected.map(\.row))
            // With a tie-break: equal keys ordered by it, here descending rows.
            pairs.shuffle(using: &random)
            RadixSort.sort(&pairs, breakingTiesBy: { $0 > $1 })
            let byTie = pairs.sorted { ($0.key, UInt32.max - $0.row) < ($1.key, UInt32.max - $1.row) }
            #expect(pairs.map(\.row) == byTie.map(\.row))
        }
    }

    /// Ordering by three parts, packed (small limits) and compared (limits beyond 64 bits),
    /// against a sort by (parts, position): the same parts in the same order.
    @Test(arguments: [6, 7])
    func orderingByThreePartsIsASortByThem(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for round in 0..<40 {
            let limits = round % 2 == 0 ? (random.int(in: 1...50), random.int(in: 1...1_000), random.int(in: 1...4))
                : (1 << 30, 1 << 30, 1 << 10)
            let parts = (0..<random.int(in: 0...300)).map { _ in
                (random.int(in: 0...(min(limits.0, 60) - 1)), random.int(in: 0...(min(limits.1, 2_000) - 1)), random.int(in: 0...(min(limits.2, 5) - 1)))
            }
            let order = RadixSort.order(count: parts.count, limits: limits) { parts[$0] }
            let expected = parts.indices.sorted { (parts[$0].0, parts[$0].1, parts[$0].2, $0) < (parts[$1].0, parts[$1].1, parts[$1].2, $1) }
            #expect(order.map { parts[Int($0)].0 } == expected.map { parts[$0].0 }, "round \(round)")
            #expect(order.map { parts[Int($0)].1 } == expected.map { parts[$0].1 } && order.map { parts[Int($0)].2 } == expected.map { parts[$0].2 })
            #expect(Set(order) == Set(parts.indices.map(UInt32.init)) && order.count == parts.count)
            if round % 2 == 0 { #expect(order == expected.map(UInt32.init), "packed keeps equal parts in place") }
        }
    }

    @Test(arguments: [4, 5])
    func theIntegerMapAgreesWithADictionary(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var map = IntMap()
        var reference: [UInt64: UInt32] = [:]
        // Few distinct keys, so that sets, overwrites and removals (with backward shifts) meet.
        let keys = (0..<400).map { index -> UInt64 in index % 3 == 0 ? UInt64(index) << 32 : random.next() }
        for step in 0..<20_000 {
            let key = random.pick(keys)
            if random.int(in: 0...2) == 0 {
                map.remove(key)
                reference[key] = nil
            } else {
                let value = UInt32(truncatingIfNeeded: step)
                map.set(key, value)
                reference[key] = value
            }
            if step % 1_000 == 0 {
                #expect(map.count == reference.count)
                #expect(keys.allSatisfy { map[$0] == reference[$0] })
            }
        }
        #expect(Dictionary(uniqueKeysWithValues: map.entries.map { ($0.key, $0.value) }) == reference)
    }

    @Test(arguments: [6, 7])
    func utf8ValidationAgreesWithTheStandardLibrary(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        // Pieces of valid text and the classic invalid forms: lone continuation bytes, overlong
        // forms, surrogates, values past U+10FFFF, sequences cut short.
        let pieces: [[UInt8]] = [
            Array("plain ASCII text, ".utf8), Array("Café ".utf8), Array("€".utf8), Array("🍰".utf8), Array("日本".utf8),
            [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x8D], [0xC3],
        ]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(in: 0...12) { bytes += random.pick(pieces) }
            if random.int(in: 0...3) == 0, !bytes.isEmpty { bytes[random.int(in: 0...(bytes.count - 1))] = UInt8(random.int(in: 0...255)) }
            #expect(UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func theByteHashDependsOnTheBytesOnlyAndSpreadsThem() {
        var random = SeededRandom(seed: 8)
        var seen: [Int: [UInt8]] = [:]
        for _ in 0..<5_000 {
            let bytes = (0..<random.int(in: 0...40)).map { _ in UInt8(random.int(in: 0...255)) }
            let hash = bytes.withUnsafeBytes { hashBytes($0, seed: 11) }
            // The same bytes at another address, at an odd offset in a larger buffer.
            let padded = [0x55] + bytes + [0xAA, 0xAA]
            let again = padded.withUnsafeBytes { hashBytes(UnsafeRawBufferPointer(rebasing: $0[1..<(1 + bytes.count)]), seed: 11) }
            #expect(hash == again)
            if let string = String(validating: bytes, as: UTF8.self) { #expect(hashString(string, seed: 11) == hash) }
            // Distinct inputs of 5,000 do not collide in 64 bits (a collision would be a bug in the tail).
            if let earlier = seen[hash] { #expect(earlier == bytes) }
            seen[hash] = bytes
        }
    }

    @Test func freedSlotsAreReusedLastFirst() {
        var random = SeededRandom(seed: 9)
        var table: [Int] = []
        var free: [UInt32] = []
        var live: [UInt32: Int] = [:]
        for value in 0..<2_000 {
            if !live.isEmpty && random.int(in: 0...2) == 0 {
                let index = random.pick(Array(live.keys))
                live[index] = nil
                free.append(index)
            } else {
                let expected = free.last ?? UInt32(table.count)
                let index = table.store(value, reusing: &free)
                #expect(index == expected)
                live[index] = value
            }
        }
        #expect(live.allSatisfy { table[Int($0.key)] == $0.value })
        #expect(Set(live.keys).isDisjoint(with: free) && live.count + free.count == table.count)
    }
}
