import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Facets and corrections are cached with their result and dropped exactly when a mutation
/// can change them: a facet query by the rows it (or its disjunctive facets' queries) can
/// match, a word that may be widened by the rows of its scope that hold it.
@Suite struct SearchAidCacheTests {
    static func draft(_ id: String, _ merchant: String, card: String? = nil, day: Int = 1) throws -> TransactionDraft {
        TransactionDraft(id: id, date: try .day(2026, 3, day), merchant: merchant, card: card, amount: DecimalAmount(significand: -100, fractionDigits: 2))
    }

    @Test func aDisjunctiveFacetIsDroppedByRowsOfOtherCardsAndNoOthers() throws {
        let store = TransactionStore()
        try store.add(contentsOf: [SearchAidCacheTests.draft("a", "Lidl", card: "Visa 4242"), SearchAidCacheTests.draft("b", "Lidl", card: "Amex 1005"),
                                   SearchAidCacheTests.draft("c", "Uber", card: "Amex 1005")])
        let disjunctive = try Query(parsing: "lidl card:4242", facets: [FacetRequest(.card, isDisjunctive: true)])
        let exact = try Query(parsing: "lidl card:4242", facets: [FacetRequest(.card)])
        _ = store.search(disjunctive)
        _ = store.search(exact)
        #expect(store.cacheStatistics.entries == 2)
        // A Lidl row on another card: outside both results, but inside the disjunctive facet's.
        try store.add(SearchAidCacheTests.draft("d", "Lidl", card: "Amex 1005"))
        #expect(store.cacheStatistics.invalidations == 1 && store.cacheStatistics.entries == 1)
        #expect(store.search(disjunctive).facets[0].values.map(\.count) == [2, 1])
        #expect(store.search(disjunctive) == ResultCacheTests.fresh(store, disjunctive))
        // An Uber row touches neither.
        let before = store.cacheStatistics.invalidations
        try store.add(SearchAidCacheTests.draft("e", "Uber", card: "Visa 4242"))
        #expect(store.cacheStatistics.invalidations == before)
        #expect(store.search(exact) == ResultCacheTests.fresh(store, exact))
    }

    @Test func aWidenedWordIsDroppedByRowsThatHoldItOrDecideIt() throws {
        let store = TransactionStore()
        try store.add(contentsOf: [SearchAidCacheTests.draft("a", "Starbucks"), SearchAidCacheTests.draft("b", "Lidl")])
        let typo = try Query(text: "starbuks", filters: QueryFilters(from: CalendarDay(year: 2026, month: 3, day: 1), to: CalendarDay(year: 2026, month: 3, day: 1)))
        #expect(store.search(typo).corrections.map(\.matched) == [["starbucks"]])
        // A new approximate match on another day: not a match (the date filter), but a new
        // spelling of the word's scope.
        try store.add(SearchAidCacheTests.draft("c", "Starbucks Reserve Roastery", day: 2))
        #expect(store.cacheStatistics.entries == 0)
        #expect(store.search(typo) == ResultCacheTests.fresh(store, typo))
        // An exact match anywhere ends the widening, on any day.
        try store.add(SearchAidCacheTests.draft("d", "Starbuks Kiosk", day: 9))
        #expect(store.cacheStatistics.entries == 0)
        let exact = store.search(typo)
        #expect(exact.total.count == 0 && exact.corrections.isEmpty)
        // And deleting that exact match widens it again.
        try store.delete(id: "d")
        #expect(store.cacheStatistics.entries == 0)
        #expect(store.search(typo).total.count == 1)
        // A row far from the word touches nothing.
        let before = store.cacheStatistics.invalidations
        try store.add(SearchAidCacheTests.draft("e", "Mercadona", day: 1))
        #expect(store.cacheStatistics.invalidations == before)
    }

    /// Random facet and typo queries cached, random mutations: every cached answer equals a
    /// fresh one.
    @Test(arguments: 0..<6)
    func everyCachedAnswerEqualsAFreshOne(seedIndex: Int) throws {
        let seed = UInt64(18_400 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        var model: [String: Transaction] = [:]
        for id in try store.add(contentsOf: (0..<30).map { _ in world.draft(id: nil) }).addedIDs { model[id] = store.transaction(id: id) }
        var queries: [Query] = []
        for _ in 0..<12 {
            var query = world.query()
            if world.random.chance(0.5) {
                // A typo of a stored merchant.
                var letters = Array(Folding.fold(world.pick(RandomWorld.merchants)).unicodeScalars.filter(\.properties.isAlphabetic))
                if letters.count >= 6 {
                    letters.swapAt(2, 3)
                    query.text = String(String.UnicodeScalarView(letters))
                    query.scope = .all
                }
            }
            query.facets = FacetField.allCases.filter { _ in world.random.chance(0.4) }.map {
                FacetRequest($0, limit: world.pick([1, 3]), isDisjunctive: world.random.chance(0.5))
            }
            queries.append(query)
        }
        for step in 0..<(40 * RandomScale.factor) {
            for query in queries where world.random.chance(0.5) { _ = store.search(query) }
            try world.mutate(store, &model)
            for query in queries {
                let cached = store.search(query)
                let fresh = ResultCacheTests.fresh(store, query)
                if cached != fresh {
                    let difference = SearchAgainstReferenceTests.difference(cached, fresh)
                    Issue.record("seed \(seed) step \(step): \(query)\n\(difference)\n\(cached.facets) \(cached.corrections)\n\(fresh.facets) \(fresh.corrections)")
                    return
                }
            }
        }
    }
}
