import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Facets of the current search: counts and exact sums of the matching rows by a field, in the
/// shape of groups, by count then title, the "none" value last, the rest as "other".
@Suite struct FacetTests {
    static func store() throws -> TransactionStore {
        let store = TransactionStore()
        let rows: [(String, String?, String?, String?, Int64, String, TransactionStatus)] = [
            ("Starbucks", "Food & Drink", "Visa 4242", "Main", -410, "EUR", .posted),
            ("Starbucks", "Food & Drink", "Visa 4242", "Main", -390, "USD", .pending),
            ("Lidl", "Groceries", "Visa 4242", "Main", -2399, "EUR", .posted),
            ("Lidl", "Groceries", nil, "Joint", -1500, "EUR", .posted),
            ("Uber", "Transport", "Amex 1005", nil, -1200, "EUR", .posted),
            ("Salary", nil, nil, "Main", 250_000, "EUR", .posted),
            ("Kiosk", nil, "Amex 1005", "Joint", -250, "EUR", .pending),
        ]
        for (index, row) in rows.enumerated() {
            try store.add(TransactionDraft(
                id: "f\(index)", date: try .day(2026, index < 4 ? 2 : 3, 10 + index), merchant: row.0, category: row.1, card: row.2,
                account: row.3, amount: DecimalAmount(significand: row.4, fractionDigits: 2), currency: Currency(row.5), status: row.6))
        }
        return store
    }

    @Test func valuesAreOrderedByCountThenTitleWithNoneLastAndTheRestAsOther() throws {
        let store = try FacetTests.store()
        let result = store.search(Query(facets: [FacetRequest(.category, limit: 2), FacetRequest(.card), FacetRequest(.status)]))
        #expect(result.facets.map(\.field) == [.category, .card, .status])
        let category = result.facets[0]
        #expect(category.values.map(\.title) == ["Food & Drink", "Groceries", "Uncategorized"])
        #expect(category.values.map(\.key) == ["Food & Drink", "Groceries", nil])
        #expect(category.values.map(\.count) == [2, 2, 2])
        #expect(category.values[0].sums == [Money(minorUnits: -410, currency: .eur), Money(minorUnits: -390, currency: .usd)])
        #expect(category.other == Aggregate(count: 1, sums: [Money(minorUnits: -1200, currency: .eur)]))
        let card = result.facets[1]
        #expect(card.values.map(\.title) == ["****4242", "****1005", "No card"])
        #expect(card.values.map(\.count) == [3, 2, 2])
        #expect(card.other == nil)
        #expect(result.facets[2].values.map(\.key) == ["posted", "pending"])
        #expect(result.facets[2].values.map(\.title) == ["Posted", "Pending"])
    }

    @Test func aDisjunctiveFacetIgnoresTheQuerysOwnFilterOnItsField() throws {
        let store = try FacetTests.store()
        let query = try Query(parsing: "card:4242", facets: [FacetRequest(.card, isDisjunctive: true), FacetRequest(.merchant)])
        let result = store.search(query)
        #expect(result.total.count == 3)
        #expect(result.facets.map(\.field) == [.merchant, .card])  // in field order, whatever the request's
        #expect(result.facets[1].values.map(\.count) == [3, 2, 2])  // every card, as if none were chosen
        #expect(result.facets[0].values.map(\.title) == ["Starbucks", "Lidl"])  // exactly the matching rows
        // The same facet, not disjunctive, counts the matching rows only.
        let exact = store.search(try Query(parsing: "card:4242", facets: [FacetRequest(.card)]))
        #expect(exact.facets[0].values.map(\.title) == ["****4242"])
        // A month facet ignores the date filter; a status facet the status term.
        let months = store.search(try Query(parsing: "date:2026-03 status:posted",
                                            facets: [FacetRequest(.month, isDisjunctive: true), FacetRequest(.status, isDisjunctive: true)]))
        #expect(months.facets[0].values.map(\.key) == ["2026-02", "2026-03"])
        #expect(months.facets[0].values.map(\.count) == [3, 2])  // posted rows of each month
        #expect(months.facets[1].values.map(\.count) == [2, 1])  // March: 2 posted, 1 pending
    }

    @Test func facetsOfEveryPlanAgreeWithThePlainReference() throws {
        let store = try FacetTests.store()
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        let all = FacetField.allCases.map { FacetRequest($0, limit: 1) }
        for text in ["", "a", "starbucks", "date:2026-02", "date:2026-02-10..2026-03-11", "-lidl", "amount>10", "zzqx"] {
            for grouping in [Grouping.none, .month, .card, .category] {
                let query = try Query(parsing: text, grouping: grouping, facets: all)
                #expect(store.search(query) == reference.search(query), "\(text) by \(grouping): \(store.explainPlan(query))")
                // A filter on the grouping's own field: the plan starts from that field's buckets.
                var filtered = query
                switch grouping {
                case .card: filtered.filters.cards = ["4242"]
                case .category: filtered.filters.categories = ["Groceries", nil]
                default: filtered.filters.accounts = ["Joint"]
                }
                #expect(store.search(filtered) == reference.search(filtered), "\(filtered): \(store.explainPlan(filtered))")
            }
        }
    }

    /// Thousands of merchants in several currencies: the merchant facet counts rows per value
    /// first and sums only the values shown (the other facets count per value and currency in
    /// one pass); both agree with the plain scan, whatever the plan.
    @Test func aFacetOverThousandsOfMerchantsEqualsThePlainScan() throws {
        var random = SeededRandom(seed: 18_700)
        let store = TransactionStore()
        let currencies: [Currency] = [.eur, .usd, .jpy, Currency("GBP")!]
        try store.add(contentsOf: (0..<3000).map { index in
            let merchant = "Shop \(random.int(in: 0...1400))" + (random.chance(0.1) ? " Bar" : "")
            return TransactionDraft(date: try .day(2026, 1 + index % 12, 1 + index % 28), merchant: merchant, category: random.chance(0.8) ? "C\(index % 7)" : nil,
                                    amount: DecimalAmount(significand: -Int64(random.int(in: 1...9999)), fractionDigits: 0),
                                    currency: random.pick(currencies))
        })
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        let facets = [FacetRequest(.merchant, limit: 7), FacetRequest(.category, limit: 3), FacetRequest(.month, limit: 5)]
        for text in ["", "bar", "shop 1", "-bar", "date:2026-03..2026-05", "shop 12 date:2026-02"] {
            let query = try Query(parsing: text, limit: 0, facets: facets)
            let actual = store.search(query)
            #expect(actual.facets.map(\.field) == [.category, .merchant, .month] && actual.facets[1].values.count == 7)
            #expect(actual == reference.search(query), "\(text): \(store.explainPlan(query))")
        }
    }

    @Test func aResultWithFacetsReadsBackFromJSON() throws {
        let store = try FacetTests.store()
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 9, fractionDigits: 1)])
        let result = store.search(Query(text: "starbuks", facets: FacetField.allCases.map { FacetRequest($0, limit: 1) }))
        #expect(!result.corrections.isEmpty && result.facets.count == FacetField.allCases.count && result.facets.count == 7)
        let data = try JSONEncoder().encode(result)
        let decoded = try JSONDecoder().decode(QueryResult.self, from: data)
        #expect(decoded == result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let facets = try #require(object["facets"] as? [String: [[String: Any]]])
        #expect(facets["card"]?.first?["title"] as? String == "****4242")
        #expect(facets["card"]?.first?["sums"] as? [String: String] == ["EUR": "-4.10", "USD": "-3.90"])
        #expect(facets["card"]?.first?["base"] as? String == "-7.61")
        // A query with no facets and no corrections writes neither key.
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(store.search(Query()))) as? [String: Any]
        #expect(plain?["facets"] == nil && plain?["corrections"] == nil)
        // A query reads back with its facets, and one saved before facets still reads.
        let query = Query(text: "x", facets: [FacetRequest(.card, limit: 3, isDisjunctive: true)])
        #expect(try JSONDecoder().decode(Query.self, from: JSONEncoder().encode(query)) == query)
        let old = #"{"text":"x","scope":"all","terms":[],"filters":{"cards":[],"categories":[],"accounts":[]},"grouping":"none","sort":"date-desc","limit":50,"offset":0}"#
        #expect(try JSONDecoder().decode(Query.self, from: Data(old.utf8)) == Query(text: "x"))
    }

    /// Random stores after random mutations, random queries with random facets (limits,
    /// disjunctive or not, rates or not): every result, facets included, equals the plain scan's.
    @Test(arguments: 0..<12)
    func facetsEqualThePlainScanAfterRandomMutations(seedIndex: Int) throws {
        let seed = UInt64(18_300 + seedIndex)
        var world = RandomWorld(seed: seed)
        let zone = TimeZone(identifier: world.pick(RandomWorld.zones))!
        let store = TransactionStore(timeZone: zone)
        if world.random.chance(0.3) {
            store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 92, fractionDigits: 2), .jpy: DecimalAmount(significand: 61, fractionDigits: 4)])
        }
        var model: [String: Transaction] = [:]
        for id in try store.add(contentsOf: (0..<world.random.int(in: 0...40)).map { _ in world.draft(id: nil) }).addedIDs {
            model[id] = store.transaction(id: id)
        }
        for step in 0..<(25 * RandomScale.factor) {
            try world.mutate(store, &model)
            let reference = PlainScan(transactions: Array(model.values), timeZone: zone)
            let rates = store.lock.withReadLock { store.contents.exchangeRates }
            for _ in 0..<6 {
                var query = world.query()
                query.facets = FacetField.allCases.filter { _ in world.random.chance(0.4) }.map { field in
                    FacetRequest(field, limit: world.pick([0, 1, 2, 10]), isDisjunctive: world.random.chance(0.5))
                }
                let expected = reference.search(query, rates: rates)
                let actual = store.search(query, usingCache: world.random.chance(0.5))
                if actual != expected {
                    let difference = SearchAgainstReferenceTests.difference(actual, expected)
                    Issue.record("seed \(seed) step \(step): \(query)\n\(actual.facets)\n!=\n\(expected.facets)\n\(difference)")
                    return
                }
            }
        }
    }
}
