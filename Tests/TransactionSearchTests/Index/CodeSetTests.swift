import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct CodeSetTests {
    /// A set built from bits, branch-free, holds what a plain filter of the codes holds, and
    /// `bit` answers as `contains` does, for limits around word edges, empty and full sets,
    /// and codes past the set's words.
    @Test func aSetBuiltFromBitsEqualsAPlainFilter() {
        let seed: UInt64 = 0xB175
        var random = SeededRandom(seed: seed)
        for limit in [0, 1, 63, 64, 65, 127, 128, 129, 1_000, 4_097] {
            for density in [0.0, 0.01, 0.5, 0.99, 1.0] {
                let members = Set((0..<limit).filter { _ in random.chance(density) }.map { UInt32($0) })
                let built = CodeSet(limit: limit) { (code: UInt32) -> UInt64 in members.contains(code) ? 1 : 0 }
                let plain = CodeSet(limit: limit) { members.contains($0) }
                #expect(built == plain, "seed \(seed) limit \(limit) density \(density)")
                #expect(built.count == members.count, "seed \(seed) limit \(limit) density \(density)")
                #expect(built.codes == members.sorted(), "seed \(seed) limit \(limit) density \(density)")
                for code in UInt32(0) ..< UInt32(limit + 130) {
                    #expect(built.bit(code) == (built.contains(code) ? 1 : 0), "seed \(seed) limit \(limit) code \(code)")
                }
            }
        }
    }
}
