import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Queries with `OR`, nested and excluded groups, against the plain reference scan on random
/// stores under random mutations, and the identities boolean algebra promises.
@Suite struct BooleanSearchTests {
    /// 24 stores x 20 steps x 8 queries = 3,840 compared boolean queries by default.
    @Test(arguments: 0..<24)
    func everyBooleanAnswerEqualsThePlainScan(seedIndex: Int) throws {
        let seed = UInt64(35_000 + seedIndex)
        var world = RandomWorld(seed: seed)
        let zone = TimeZone(identifier: world.pick(RandomWorld.zones))!
        let store = TransactionStore(timeZone: zone, baseCurrency: world.pick([.eur, .usd]))
        if seedIndex % 3 == 1 {  // every scan of two or more candidates split over two threads
            store.lock.withWriteLock { store.contents.parallelScanMinimum = 2 }
        }
        if world.random.chance(0.4) {
            store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 92, fractionDigits: 2), .jpy: DecimalAmount(significand: 61, fractionDigits: 4),
                                    .eur: DecimalAmount(significand: 108, fractionDigits: 2)])
        }
        var model: [String: Transaction] = [:]
        for id in try store.add(contentsOf: (0..<world.random.int(in: 5...60)).map { _ in world.draft(id: nil) }).addedIDs {
            model[id] = store.transaction(id: id)
        }
        for step in 0..<(20 * RandomScale.factor) {
            try world.mutate(store, &model, deleting: 7...7, batchSize: 1...4)
            let reference = PlainScan(transactions: Array(model.values), timeZone: zone)
            let rates = store.lock.withReadLock { store.contents.exchangeRates }
            for round in 0..<8 {
                let query = world.booleanQuery()
                let expected = reference.search(query, rates: rates)
                let actual = store.search(query, usingCache: round % 2 == 0)
                if actual != expected {
                    var message = "seed \(seed) step \(step): \(query) [\(query.grouping), \(query.groupOrdering)]\n"
                    message += SearchAgainstReferenceTests.difference(actual, expected)
                    if actual.facets != expected.facets { message += "\nfacets \(actual.facets) != \(expected.facets)" }
                    if actual.corrections != expected.corrections { message += "\ncorrections \(actual.corrections) != \(expected.corrections)" }
                    Issue.record(Comment(rawValue: message))
                    return
                }
            }
        }
        store.checkInvariants()
    }

    /// De Morgan, `Q OR Q` = `Q`, and inclusion-exclusion, counts and sums alike, over
    /// random clauses on random stores.
    @Test(arguments: 0..<8)
    func booleanIdentitiesHold(seedIndex: Int) throws {
        let seed = UInt64(35_100 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        try store.add(contentsOf: (0..<world.random.int(in: 20...80)).map { _ in world.draft(id: nil) })
        func answer(_ terms: [SearchTerm], _ scope: SearchScope) -> QueryResult {
            store.search(Query(scope: scope, terms: terms, limit: 0))
        }
        for round in 0..<(60 * RandomScale.factor) {
            let (a, b) = (world.booleanClause(), world.booleanClause())
            let scope = world.pick([SearchScope.all, .all, .merchant, .notes])
            let label = "seed \(seed) round \(round): A = \(Query(terms: a.terms)), B = \(Query(terms: b.terms))"
            // De Morgan: -(A OR B) is -A -B; -(A B) is -A OR -B.
            let notEither = answer([.anyOf([a, b], isExcluded: true)], scope)
            let neither = answer([.anyOf([a], isExcluded: true), .anyOf([b], isExcluded: true)], scope)
            #expect(notEither.total == neither.total, "\(label): -(A OR B) != -A -B")
            let notBoth = answer([.anyOf([SearchClause(a.terms + b.terms)], isExcluded: true)], scope)
            let eitherNot = answer([.anyOf([SearchClause([.anyOf([a], isExcluded: true)]), SearchClause([.anyOf([b], isExcluded: true)])])], scope)
            #expect(notBoth.total == eitherNot.total, "\(label): -(A B) != -A OR -B")
            // Idempotence: Q OR Q is Q, the whole answer (rows, groups, corrections).
            var query = Query(scope: scope, terms: a.terms, grouping: world.pick(Grouping.allCases), sort: world.pick(ResultOrder.allCases))
            let plain = store.search(query)
            query.terms = [.anyOf([a, a])]
            #expect(store.search(query) == plain, "\(label): A OR A != A")
            // Inclusion-exclusion: |A OR B| = |A| + |B| - |A B|, and per currency the sums.
            let either = answer([.anyOf([a, b])], scope)
            let (onlyA, onlyB, both) = (answer(a.terms, scope), answer(b.terms, scope), answer(a.terms + b.terms, scope))
            #expect(either.total.count == onlyA.total.count + onlyB.total.count - both.total.count, "\(label): |A OR B|")
            #expect(BooleanSearchTests.sums(either) == BooleanSearchTests.combined(onlyA, onlyB, minus: both), "\(label): sums of A OR B")
        }
    }

    /// Per currency present in either of two answers: their sums less a third's (whose
    /// currencies are among the first's).
    static func combined(_ a: QueryResult, _ b: QueryResult, minus c: QueryResult) -> [Currency: Int128] {
        var sums: [Currency: Int128] = [:]
        for (currency, sum) in BooleanSearchTests.sums(a) { sums[currency, default: 0] += sum }
        for (currency, sum) in BooleanSearchTests.sums(b) { sums[currency, default: 0] += sum }
        for (currency, sum) in BooleanSearchTests.sums(c) { sums[currency, default: 0] -= sum }
        return sums
    }

    static func sums(_ result: QueryResult) -> [Currency: Int128] {
        Dictionary(uniqueKeysWithValues: result.total.sums.map { ($0.currency, $0.minorUnits) })
    }
}
