import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Queries no search box would make: pages at `Int.max` and `Int.min`, amount bounds at the
/// ends of `Int64` with up to 18 fraction digits, days far outside the calendar, texts of
/// control characters. `search` must answer every one (a trap ends the test run), and what it
/// answers must agree with itself: a page never longer than the limit, never past the total.
@Suite struct QueryFuzzTests {
    static let extremeCounts = [Int.max, Int.min, Int.max - 1, Int.min + 1, -1, 0, 1, 2, 50, Int(Int32.max), -Int(Int32.max)]
    static let extremeSignificands: [Int64] = [.max, .min, .max - 1, .min + 1, 0, 1, -1, 999_999_999_999_999_999, -999_999_999_999_999_999]
    static let extremeDays: [Int32] = [.max, .min, 0, -1, 20_520, -719_162, 2_932_896, 2_932_897]
    static let texts = ["", " ", "\u{0}", "\u{1B}[31m", "\u{FEFF}", "9223372036854775807", "-9223372036854775808",
                        "0.000000000000000001", "99999999999999999999999", "12.5", "a", "star", "\u{7}\u{85}\u{9B}", "..", ",", "1,", "-"]

    static let boxTerms = ["amount>99999999999999999", "amount:0.000000000000000001", "amount<=999999999999999999",
                           "amount:9223372036854775807..", "date:0001-01..9999-12", "date>=9999-12-31", "date<0001-01-01",
                           "-amount:18446744073709551615", "\"9223372036854775808\"", "12,999999999999999999", "card:\u{0}"]

    @Test(arguments: 0..<4)
    func extremeQueriesNeverTrap(seedIndex: Int) throws {
        let seed = UInt64(7100 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!, baseCurrency: world.pick([.eur, .usd]))
        try store.add(contentsOf: (0..<world.random.int(in: 0...30)).map { _ in
            var draft = world.draft(id: nil)
            if world.random.chance(0.2) {  // the largest amounts a store takes: 15 digits of minor units
                draft.amount = DecimalAmount(significand: world.pick([999_999_999_999_999, -999_999_999_999_999]), fractionDigits: 2)
                draft.currency = .eur
            }
            return draft
        })
        if world.random.chance(0.5) {
            store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: QueryFuzzTests.amount(&world), .jpy: QueryFuzzTests.amount(&world), .eur: QueryFuzzTests.amount(&world)])
        }
        for step in 0..<(150 * RandomScale.factor) {
            let query = QueryFuzzTests.query(&world)
            let result = store.search(query, usingCache: world.random.chance(0.5))
            let limit = max(0, query.limit), offset = max(0, query.offset)
            #expect(result.rows.count <= limit, "seed \(seed) step \(step): \(query)")
            #expect(result.rows.count == max(0, min(limit, result.total.count - min(offset, result.total.count))),
                    "seed \(seed) step \(step): \(query)")
            _ = try JSONEncoder().encode(result)
        }
    }

    /// An amount with an extreme significand and any number of fraction digits (0...18).
    static func amount(_ world: inout RandomWorld) -> DecimalAmount {
        let significand = world.random.chance(0.5) ? world.pick(extremeSignificands) : Int64.random(in: .min ... .max, using: &world.random)
        return DecimalAmount(significand: significand, fractionDigits: world.random.int(in: 0...18))
    }

    static func day(_ world: inout RandomWorld) -> CalendarDay {
        CalendarDay(daysSince1970: world.random.chance(0.5) ? world.pick(extremeDays) : Int32.random(in: .min ... .max, using: &world.random))
    }

    static func query(_ world: inout RandomWorld) -> Query {
        var query = world.query()
        if world.random.chance(0.2) {
            // The search box syntax with extreme values: its amounts and dates reach the same terms.
            let typed = (0..<world.random.int(in: 1...3)).map { _ in world.pick(boxTerms) }.joined(separator: " ")
            query = SearchSyntax.parseLeniently(typed).applied(to: query)
        } else if world.random.chance(0.5) { query.text = (0..<world.random.int(in: 1...3)).map { _ in world.pick(texts) }.joined(separator: " ") }
        query.limit = world.random.chance(0.6) ? world.pick(extremeCounts) : Int.random(in: .min ... .max, using: &world.random)
        query.offset = world.random.chance(0.6) ? world.pick(extremeCounts) : Int.random(in: .min ... .max, using: &world.random)
        if world.random.chance(0.5) { query.filters.minimumAmount = amount(&world) }
        if world.random.chance(0.5) { query.filters.maximumAmount = amount(&world) }
        if world.random.chance(0.3) { query.filters.from = day(&world) }
        if world.random.chance(0.3) { query.filters.to = day(&world) }
        if world.random.chance(0.2) { query.filters.cards = [world.pick(texts)] }
        for _ in 0..<world.random.int(in: 0...2) {
            let condition: SearchTerm.Condition
            switch world.random.int(in: 0...2) {
            case 0:
                condition = .magnitude(MagnitudeRange(lower: world.random.chance(0.7) ? amount(&world) : nil, lowerInclusive: world.random.chance(0.5),
                                                      upper: world.random.chance(0.7) ? amount(&world) : nil, upperInclusive: world.random.chance(0.5)))
            case 1: condition = .dates(from: world.random.chance(0.7) ? day(&world) : nil, to: world.random.chance(0.7) ? day(&world) : nil)
            default: condition = .text(world.pick(texts), field: world.pick(TermField.allCases))
            }
            query.terms.append(SearchTerm(condition, isExcluded: world.random.chance(0.3)))
        }
        return query
    }
}
