import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Typed searches no person would type, with OR, parentheses and extreme values: the lenient
/// parse never traps and its query is always answered, agreeing with itself.
@Suite struct BooleanFuzzTests {
    static let pieces = [
        "OR", "(", ")", "-(", "()", "((", "))", "-", "\"", "\"OR\"", "amount~9223372036854775807", "amount~0", "amount~0.000000000000000001",
        "amount~999999999999999999±999999999999999999", "amount~1+-0", "amount~12±", "date:0001", "date:9999", "date:0000",
        "date:0001..9999", "-date:2026", "a", "star", "\u{0}", "\u{1B}[31m", "12,999999999999999999", "amount>99999999999999999",
        "status:pending", "-status:posted", "card:\u{0}", "-(a OR", "OR)", "(-(-(a)))", "merchant:(x", "x)",
    ]

    @Test(arguments: 0..<4)
    func anyTypedBooleanSearchIsAnswered(seedIndex: Int) throws {
        let seed = UInt64(35_600 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        try store.add(contentsOf: (0..<world.random.int(in: 0...40)).map { _ in world.draft(id: nil) })
        for step in 0..<(300 * RandomScale.factor) {
            let typed = (0..<world.random.int(in: 1...10)).map { _ in
                var piece = world.pick(BooleanFuzzTests.pieces)
                if world.random.chance(0.2) { piece = "(" + piece }
                if world.random.chance(0.2) { piece += ")" }
                return piece
            }.joined(separator: world.random.chance(0.8) ? " " : "")
            var query = SearchSyntax.parseLeniently(typed).applied(to: world.booleanQuery())
            query.limit = world.pick([0, 5, Int.max])
            let result = store.search(query, usingCache: world.random.chance(0.5))
            #expect(result.rows.count <= max(0, query.limit), "seed \(seed) step \(step): \(typed)")
            #expect(result.rows.count <= result.total.count, "seed \(seed) step \(step): \(typed)")
            _ = try JSONEncoder().encode(result)
        }
    }
}
