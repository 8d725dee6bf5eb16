import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct DescriptorGroupsTests {
    /// Descriptors added to and removed from keys at random (most keys with one descriptor,
    /// a few with hundreds) list exactly what a plain map of sets lists.
    @Test func addsAndRemovalsMatchAPlainMap() {
        let seed: UInt64 = 0xD6A0
        var random = SeededRandom(seed: seed)
        var groups = DescriptorGroups()
        var model: [UInt32: Set<UInt32>] = [:]
        var keyOf: [UInt32: UInt32] = [:]
        var nextDescriptor: UInt32 = 1
        for step in 0..<20_000 {
            if keyOf.isEmpty || random.chance(0.6) {
                // A few crowded keys (categories) and many sparse ones (merchants).
                let key = random.chance(0.3) ? UInt32(random.int(in: 1...3)) : UInt32(random.int(in: 4...5_000))
                let descriptor = nextDescriptor
                nextDescriptor += 1
                groups.add(descriptor, under: key)
                model[key, default: []].insert(descriptor)
                keyOf[descriptor] = key
            } else {
                let descriptor = keyOf.keys.randomElement(using: &random)!
                let key = keyOf.removeValue(forKey: descriptor)!
                groups.remove(descriptor, from: key)
                model[key]!.remove(descriptor)
            }
            if step % 1_000 == 0 || step == 19_999 {
                for key in UInt32(0)...5_001 {
                    var listed: [UInt32] = []
                    groups.forEach(of: key) { listed.append($0) }
                    #expect(Set(listed) == model[key, default: []] && listed.count == model[key, default: []].count,
                            "seed \(seed) step \(step) key \(key)")
                }
                #expect(groups.count == keyOf.count, "seed \(seed) step \(step)")
                #expect(keyOf.allSatisfy { groups.lists($0.key, under: $0.value) && !groups.lists($0.key, under: $0.value + 1) })
            }
        }
    }


    /// Keys crowded with thousands of descriptors spread over 200,000 codes, so that the
    /// others of a key go through every form of a list (an array, blocks, a bitset) and back,
    /// and lose their first descriptor again and again: each key lists what a plain map does.
    @Test func crowdedKeysMatchAPlainMap() {
        let seed: UInt64 = 0xC40D
        var random = SeededRandom(seed: seed)
        var groups = DescriptorGroups()
        var model: [UInt32: Set<UInt32>] = [:]
        var keyOf: [UInt32: UInt32] = [:]
        var descriptors: [UInt32] = []
        func check(_ phase: String) {
            for key in UInt32(0)...40 {
                var listed: [UInt32] = []
                groups.forEach(of: key) { listed.append($0) }
                #expect(listed.count == model[key, default: []].count && Set(listed) == model[key, default: []],
                        "seed \(seed) \(phase) key \(key)")
            }
            #expect(groups.count == keyOf.count, "seed \(seed) \(phase)")
        }
        // Key 1 gets about 12,000 (a bitset), key 2 about 4,000 (blocks), keys 3-40 a few each.
        for target in [20_000, 2_000, 18_000, 0] {
            while keyOf.count != target {
                if keyOf.count < target {
                    let descriptor = UInt32(random.int(in: 1...200_000))
                    guard keyOf[descriptor] == nil else { continue }
                    let roll = random.int(in: 0...99)
                    let key: UInt32 = roll < 60 ? 1 : roll < 80 ? 2 : UInt32(random.int(in: 3...40))
                    groups.add(descriptor, under: key)
                    model[key, default: []].insert(descriptor)
                    keyOf[descriptor] = key
                    descriptors.append(descriptor)
                } else {
                    let position = random.int(in: 0...(descriptors.count - 1))
                    descriptors.swapAt(position, descriptors.count - 1)
                    let descriptor = descriptors.removeLast()
                    let key = keyOf.removeValue(forKey: descriptor)!
                    groups.remove(descriptor, from: key)
                    model[key]!.remove(descriptor)
                }
            }
            check("target \(target)")
            #expect(keyOf.allSatisfy { groups.lists($0.key, under: $0.value) && !groups.lists($0.key, under: $0.value + 1) })
        }
    }
}
