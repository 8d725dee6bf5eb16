import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct ResultCacheTests {
    /// The answer computed afresh, bypassing the cache.
    static func fresh(_ store: TransactionStore, _ query: Query) -> QueryResult {
        store.lock.withReadLock {
            QueryExecutor(contents: store.contents, query: QueryCompiler(contents: store.contents).compile(query.normalized), rates: store.contents.exchangeRates).run()
        }
    }

    private func store() throws -> TransactionStore {
        let store = TransactionStore()
        for (index, (category, day)) in [("Food", 1), ("Food", 2), ("Travel", 1), ("Travel", 2), ("Home", 3)].enumerated() {
            try store.add(TransactionDraft(id: "r\(index)", date: try! .day(2026, 3, day), merchant: "Shop \(index)",
                                           category: category, amount: DecimalAmount(significand: -100 * Int64(index + 1), fractionDigits: 2)))
        }
        return store
    }

    @Test func aChangeInCategoryAOnDayDKeepsQueriesForOtherCategoriesAndDays() throws {
        let store = try store()
        let food = Query(filters: QueryFilters(categories: ["Food"]))
        let travel = Query(filters: QueryFilters(categories: ["Travel"]))
        let dayTwo = Query(filters: QueryFilters(from: try! .init(year: 2026, month: 3, day: 2), to: try! .init(year: 2026, month: 3, day: 2)))
        let dayOne = Query(filters: QueryFilters(from: try! .init(year: 2026, month: 3, day: 1), to: try! .init(year: 2026, month: 3, day: 1)))
        let shop = Query(text: "shop 0")
        let everything = Query(grouping: .category)
        for query in [food, travel, dayTwo, dayOne, shop, everything] { _ = store.search(query) }
        #expect(store.cacheStatistics.misses == 6 && store.cacheStatistics.entries == 6)

        // r0 is Food on day 1: change its amount.
        var patch = TransactionPatch()
        patch.amount = .set(DecimalAmount(significand: -999, fractionDigits: 2))
        try store.update(id: "r0", patch)
        let afterUpdate = store.cacheStatistics
        #expect(afterUpdate.invalidations == 4)  // food, dayOne, shop, everything
        #expect(afterUpdate.entries == 2)  // travel and dayTwo stay valid

        let hitsBefore = store.cacheStatistics.hits
        #expect(store.search(travel) == ResultCacheTests.fresh(store, travel))
        #expect(store.search(dayTwo) == ResultCacheTests.fresh(store, dayTwo))
        #expect(store.cacheStatistics.hits == hitsBefore + 2)
        #expect(store.search(food).total.sums == [Money(minorUnits: -999 - 200, currency: .eur)])
    }

    @Test func anUpdateInvalidatesByItsOldAndNewValues() throws {
        let store = try store()
        let travel = Query(filters: QueryFilters(categories: ["Travel"]))
        let home = Query(filters: QueryFilters(categories: ["Home"]))
        let food = Query(filters: QueryFilters(categories: ["Food"]))
        for query in [travel, home, food] { _ = store.search(query) }
        var patch = TransactionPatch()
        patch.category = .set("Home")
        try store.update(id: "r2", patch)  // Travel -> Home: both change, Food does not
        #expect(store.cacheStatistics.invalidations == 2)
        #expect(store.cacheStatistics.entries == 1)
        #expect(store.search(home).total.count == 2)
        #expect(store.search(travel).total.count == 1)
    }

    @Test func aNewStringThatMatchesACachedQueryInvalidatesIt() throws {
        let store = try store()
        let query = Query(text: "zebra")
        #expect(store.search(query).total.count == 0)
        try store.add(.sample("z", merchant: "Zebra Bar"))  // a merchant no row had before
        #expect(store.search(query).total.count == 1)
        let cardQuery = Query(filters: QueryFilters(cards: ["Visa 9999"]))
        #expect(store.search(cardQuery).total.count == 0)
        try store.add(.sample("v", card: "Visa 9999"))
        #expect(store.search(cardQuery).total.count == 1)
    }

    @Test func equivalentQueriesShareOneEntry() throws {
        let store = try store()
        _ = store.search(Query(text: "Shop  FOOD", filters: QueryFilters(categories: ["Food", "food"])))
        _ = store.search(Query(text: "food shop", filters: QueryFilters(categories: ["FOOD"])))
        #expect(store.cacheStatistics.hits == 1 && store.cacheStatistics.entries == 1)
    }

    @Test func theCacheIsBoundedLeastRecentlyUsedFirst() throws {
        let store = try store()
        for index in 0..<(store.cache.capacity + 10) { _ = store.search(Query(text: "q\(index)")) }
        #expect(store.cacheStatistics.entries == store.cache.capacity)
        #expect(store.cacheStatistics.evictions == 10)
    }

    /// A change is checked against the entries by the next search, not by the mutation; up to
    /// `pendingLimit` row versions wait (an update notes two), and one more drops every entry
    /// instead of checking them.
    @Test func changesWaitForTheNextSearchAndTooManyDropEverything() throws {
        let store = try store()
        let food = Query(filters: QueryFilters(categories: ["Food"]))
        let travel = Query(filters: QueryFilters(categories: ["Travel"]))
        for query in [food, travel] { _ = store.search(query) }
        // Home rows change (r4, Home on day 3): neither entry can match either version.
        func changeHome(_ times: Int) throws {
            for step in 0..<times {
                var patch = TransactionPatch()
                patch.amount = .set(DecimalAmount(significand: -Int64(step + 1), fractionDigits: 2))
                try store.update(id: "r4", patch)
            }
        }
        try changeHome(ResultCache.pendingLimit / 2)
        #expect(store.cacheStatistics.entries == 2 && store.cacheStatistics.invalidations == 0)
        try changeHome(ResultCache.pendingLimit / 2 + 1)
        #expect(store.cacheStatistics.entries == 0 && store.cacheStatistics.invalidations == 2)
        #expect(store.search(food) == ResultCacheTests.fresh(store, food))
        // One change matching an entry, then a search: that entry goes, the other stays.
        _ = store.search(travel)
        var patch = TransactionPatch()
        patch.amount = .set(DecimalAmount(significand: -5, fractionDigits: 2))
        try store.update(id: "r0", patch)  // Food
        let misses = store.cacheStatistics.misses
        #expect(store.search(travel) == ResultCacheTests.fresh(store, travel))
        #expect(store.search(food) == ResultCacheTests.fresh(store, food))
        #expect(store.cacheStatistics.misses == misses + 1)
    }

    /// Random mutations between repeated random queries: a cached answer must always equal a
    /// fresh computation (a stale answer is the worst bug a cache can have).
    @Test(arguments: 0..<12)
    func everyCachedAnswerEqualsAFreshOne(seedIndex: Int) throws {
        var world = RandomWorld(seed: UInt64(5000 + seedIndex))
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        try store.add(contentsOf: (0..<30).map { world.draft(id: "s\($0)") })
        let queries = (0..<25).map { _ in world.query() }
        var ids = (0..<30).map { "s\($0)" }
        for step in 0..<(60 * RandomScale.factor) {
            for query in queries.shuffled(using: &world.random).prefix(8) {
                let answer = store.search(query)
                let fresh = ResultCacheTests.fresh(store, query)
                if answer != fresh {
                    Issue.record("seed \(5000 + seedIndex) step \(step): stale answer for \(query)\n\(SearchAgainstReferenceTests.difference(answer, fresh))")
                    return
                }
            }
            // Mostly one change between searches, sometimes a burst past the changes the cache
            // keeps waiting (`pendingLimit`).
            let burst = world.random.int(in: 0...5) == 0 ? world.random.int(in: 2...(ResultCache.pendingLimit + 6)) : 1
            for _ in 0..<burst {
                switch world.random.int(in: 0...2) {
                case 0:
                    ids.append(try store.add(world.draft(id: nil)).id)
                case 1:
                    _ = try? store.update(id: world.pick(ids), world.patch())
                default:
                    let id = world.pick(ids)
                    try store.delete(id: id)
                    ids.removeAll { $0 == id }
                    if ids.isEmpty { ids.append(try store.add(world.draft(id: nil)).id) }
                }
            }
        }
        #expect(store.cacheStatistics.hits > 0 && store.cacheStatistics.invalidations > 0)
    }

    /// The same with boolean queries cached (`OR`, nested and excluded groups, words matched
    /// approximately inside groups, every grouping): a change to a row drops every cached
    /// result it could affect.
    @Test(arguments: 0..<12)
    func everyCachedBooleanAnswerEqualsAFreshOne(seedIndex: Int) throws {
        let seed = UInt64(35_400 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        try store.add(contentsOf: (0..<30).map { world.draft(id: "s\($0)") })
        let queries = (0..<30).map { _ in world.booleanQuery() }
        var ids = (0..<30).map { "s\($0)" }
        for step in 0..<(60 * RandomScale.factor) {
            for query in queries.shuffled(using: &world.random).prefix(10) {
                let answer = store.search(query)
                let fresh = ResultCacheTests.fresh(store, query)
                if answer != fresh {
                    Issue.record("seed \(seed) step \(step): stale answer for \(query)\n\(SearchAgainstReferenceTests.difference(answer, fresh))")
                    return
                }
            }
            let burst = world.random.int(in: 0...6) == 0 ? world.random.int(in: 2...(ResultCache.pendingLimit + 6)) : 1
            for _ in 0..<burst {
                switch world.random.int(in: 0...2) {
                case 0:
                    ids.append(try store.add(world.draft(id: nil)).id)
                case 1:
                    _ = try? store.update(id: world.pick(ids), world.patch())
                default:
                    let id = world.pick(ids)
                    try store.delete(id: id)
                    ids.removeAll { $0 == id }
                    if ids.isEmpty { ids.append(try store.add(world.draft(id: nil)).id) }
                }
            }
        }
        #expect(store.cacheStatistics.hits > 0 && store.cacheStatistics.invalidations > 0, "seed \(seed)")
    }
}
