import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct HashSlotsTests {
    /// Keys inserted, looked up and removed at random equal a plain set, with well spread
    /// hashes, with hashes squeezed into a few homes (runs far longer than the 255 a slot's
    /// distance byte holds) and with one hash for every key.
    @Test(arguments: [0, 3, 64])
    func matchesAPlainSet(homeBits: Int) {
        let seed = UInt64(0x4A5 + homeBits)
        var random = SeededRandom(seed: seed)
        // Value v's key is v itself; its hash is spread, or only `homeBits` bits of it vary.
        let hashOf: (UInt32) -> Int = { value in
            let spread = Int(truncatingIfNeeded: UInt64(value) &* 0x9E37_79B9_7F4A_7C15)
            return homeBits >= 64 ? spread : spread & ((1 << homeBits) - 1)
        }
        var table = HashSlots(capacity: 4, seed: seed)
        var model = Set<UInt32>()
        let steps = homeBits == 0 ? 1_500 : (homeBits == 3 ? 6_000 : 20_000)
        for step in 0..<steps {
            let value = UInt32(random.int(in: 0...3_000))
            HashSlotsTests.randomChange(of: value, &table, &model, &random, removing: 0.45, inserting: 0.7, hashOf: hashOf,
                                        "seed \(seed) step \(step) value \(value)")
            #expect(table.count == model.count, "seed \(seed) step \(step)")
            if step % (homeBits >= 64 ? 50 : 400) == 0 { table.checkInvariants(hashOf: hashOf) }
            if step % 500 == 0 {
                for probe in UInt32(0)...3_000 {
                    #expect((table.find(hash: hashOf(probe)) { $0 == probe } != nil) == model.contains(probe),
                            "seed \(seed) step \(step) probe \(probe)")
                }
            }
        }
        #expect(table.count <= table.room)
        table.checkInvariants(hashOf: hashOf)
    }

    /// A table made with room for its values takes them by `insertIfAbsent` (a repeat refused)
    /// at up to four fifths full, and finds each.
    @Test func insertIfAbsentFillsToFourFifths() {
        let count = 1_000
        var table = HashSlots(capacity: count, seed: 7)
        let hashOf: (UInt32) -> Int = { Int(truncatingIfNeeded: UInt64($0 % 700) &* 0xBF58_476D_1CE4_E5B9) }
        for value in UInt32(0)..<UInt32(count) {
            #expect(table.insertIfAbsent(value, hash: hashOf(value), hashOf: hashOf) { $0 == value })
            #expect(!table.insertIfAbsent(value, hash: hashOf(value), hashOf: hashOf) { $0 == value })
        }
        #expect(table.memoryUse <= 2_048 * 5 + 64, "\(table.memoryUse) bytes for \(count) values")
        table.checkInvariants(hashOf: hashOf)
        for value in UInt32(0)..<UInt32(count) { #expect(table.find(hash: hashOf(value)) { $0 == value } == value) }
    }

    /// A table past the size that grows at once moves its previous slots step by step: while
    /// it does, keys inserted, removed (from the moved part and from the part not moved yet),
    /// removed again after re-insertion and looked up still equal a plain set.
    /// Hashes spread, or with their low `clearedBits` cleared: homes 256 slots apart, runs
    /// of a hundred values and more, distances past the 255 a byte holds.
    @Test(arguments: [0, 8])
    func growsStepByStepLikeAPlainSet(clearedBits: Int) {
        let seed = UInt64(0x57E9 + clearedBits)
        var random = SeededRandom(seed: seed)
        let hashOf: (UInt32) -> Int = { value in
            Int(truncatingIfNeeded: UInt64(value) &* 0xBF58_476D_1CE4_E5B9) & ~((1 << clearedBits) - 1)
        }
        var table = HashSlots(capacity: 4, seed: seed)
        var model = Set<UInt32>()
        var stepsWhileGrowing = 0
        for step in 0..<120_000 {
            let value = UInt32(random.int(in: 0...70_000))
            HashSlotsTests.randomChange(of: value, &table, &model, &random, removing: 0.3, inserting: 0.8, hashOf: hashOf,
                                        "seed \(seed) step \(step) value \(value)")
            if table.isGrowing { stepsWhileGrowing += 1 }
            #expect(table.count == model.count, "seed \(seed) step \(step)")
            if step % 9_999 == 0 || (table.isGrowing && step % 997 == 0) {
                table.checkInvariants(hashOf: hashOf)
                for probe in UInt32(0)...70_000 where (table.find(hash: hashOf(probe)) { $0 == probe } != nil) != model.contains(probe) {
                    Issue.record("seed \(seed) step \(step) probe \(probe)")
                    return
                }
            }
        }
        #expect(stepsWhileGrowing > 1_000, "the table never grew step by step (\(stepsWhileGrowing) steps)")
        table.checkInvariants(hashOf: hashOf)
        // Everything out: the table ends empty whatever state its growth is in.
        for value in model { table.remove(value, hash: hashOf(value), hashOf: hashOf) }
        #expect(table.count == 0)
        table.checkInvariants(hashOf: hashOf)
    }

    /// One step of a random walk: `value` looked up (found exactly when the model holds it),
    /// then removed with chance `removing` if present, or inserted with chance `inserting` if
    /// not, in the table and the model alike.
    private static func randomChange(of value: UInt32, _ table: inout HashSlots, _ model: inout Set<UInt32>,
                                     _ random: inout SeededRandom, removing: Double, inserting: Double,
                                     hashOf: (UInt32) -> Int, _ context: @autoclosure () -> Comment) {
        let found = table.find(hash: hashOf(value)) { $0 == value }
        #expect((found != nil) == model.contains(value), context())
        if model.contains(value) {
            if random.chance(removing) {
                table.remove(value, hash: hashOf(value), hashOf: hashOf)
                model.remove(value)
            }
        } else if random.chance(inserting) {
            table.insert(value, hash: hashOf(value), hashOf: hashOf)
            model.insert(value)
        }
    }
}
