import Foundation
import Testing
@testable import TransactionSearch

/// Named cases of SPEC section 3: grouping, titles, order, pages, filters, base totals.
@Suite struct QuerySemanticsTests {
    private func store() throws -> TransactionStore {
        let store = TransactionStore()
        let rows: [(String, String, String, String?, String?, Int64, String)] = [
            ("a", "2026-03-14T09:30:00Z", "Starbucks", "Food & Drink", "Visa 4242", -410, "EUR"),
            ("b", "2026-03-14T18:00:00Z", "Lidl", "groceries", nil, -2399, "EUR"),
            ("c", "2026-03-15", "Starbucks", "Food & Drink", "Visa 4242", -380, "USD"),
            ("d", "2026-02-01T12:00:00Z", "Salary", nil, nil, 250_000, "EUR"),
            ("e", "2026-03-15T00:00:00Z", "Uber", "Transport", "Card 12", -1250, "EUR"),
            ("f", "2026-03-15T00:00:00Z", "Uber", "Transport", "Amex 1111 4242", 1250, "EUR"),
        ]
        for row in rows {
            try store.add(TransactionDraft(
                id: row.0, date: try TransactionDate(parsing: row.1, in: .utc), merchant: row.2, category: row.3, card: row.4,
                account: "Main", amount: DecimalAmount(significand: row.5, fractionDigits: 2), currency: Currency(row.6)))
        }
        return store
    }

    @Test func groupsByDayNewestFirstWithTitlesCountsAndSumsPerCurrency() throws {
        let result = try store().search(Query(grouping: .day))
        #expect(result.groups.map(\.key) == [.day(try! CalendarDay(year: 2026, month: 3, day: 15)), .day(try! CalendarDay(year: 2026, month: 3, day: 14)),
                                             .day(try! CalendarDay(year: 2026, month: 2, day: 1))])
        #expect(result.groups.map(\.title) == ["15/03/26", "14/03/26", "01/02/26"])
        #expect(result.groups[0].count == 3)
        // EUR listed though its sum is zero (-12.50 + 12.50); USD beside it.
        #expect(result.groups[0].sums == [Money(minorUnits: 0, currency: .eur), Money(minorUnits: -380, currency: .usd)])
        #expect(result.total.count == 6)
        #expect(result.total.sums == [Money(minorUnits: 250_000 - 410 - 2399, currency: .eur), Money(minorUnits: -380, currency: .usd)])
    }

    @Test func dateAscendingPutsTheOldestGroupFirst() throws {
        let result = try store().search(Query(grouping: .month, sort: .dateAscending))
        #expect(result.groups.map(\.title) == ["February 2026", "March 2026"])
        #expect(result.rows.map(\.transaction.id) == ["d", "a", "b", "c", "e", "f"])
    }

    @Test func textGroupsAreOrderedByFoldedTitleWithNoneLast() throws {
        let store = try store()
        let categories = store.search(Query(grouping: .category))
        #expect(categories.groups.map(\.title) == ["Food & Drink", "groceries", "Transport", "Uncategorized"])
        #expect(categories.groups.last?.key == .category(nil))
        let cards = store.search(Query(grouping: .card))
        // ****4242 (two cards share it: by key), Card 12, then No card.
        #expect(cards.groups.map(\.title) == ["****4242", "****4242", "Card 12", "No card"])
        #expect(cards.groups.map(\.key) == [.card("Amex 1111 4242"), .card("Visa 4242"), .card("Card 12"), .card(nil)])
    }

    @Test func tiesAreNewerFirstThenIDAscending() throws {
        let result = try store().search(Query(text: "uber"))
        #expect(result.rows.map(\.transaction.id) == ["e", "f"])  // same instant: by id
        let byAmount = try store().search(Query(sort: .amountDescending))
        // 2500.00, 23.99, then 12.50 twice (same instant: id), 4.10, 3.80.
        #expect(byAmount.rows.map(\.transaction.id) == ["d", "b", "e", "f", "a", "c"])
        let ascending = try store().search(Query(sort: .amountAscending))
        #expect(ascending.rows.map(\.transaction.id) == ["c", "a", "e", "f", "b", "d"])
    }

    @Test func thePageIsCutFromRowsLaidOutGroupByGroup() throws {
        let store = try store()
        let all = store.search(Query(grouping: .category, limit: 100)).rows.map(\.transaction.id)
        #expect(all == ["c", "a", "b", "e", "f", "d"])  // Food & Drink (newest first), groceries, Transport, none
        for offset in 0...6 {
            for limit in 0...4 {
                let page = store.search(Query(grouping: .category, limit: limit, offset: offset)).rows.map(\.transaction.id)
                #expect(page == Array(all.dropFirst(offset).prefix(limit)), "offset \(offset) limit \(limit)")
            }
        }
    }

    @Test func filtersCombineWithAnd() throws {
        let store = try store()
        func ids(_ filters: QueryFilters) -> [String] {
            store.search(Query(filters: filters, sort: .dateAscending)).rows.map(\.transaction.id)
        }
        #expect(ids(QueryFilters(from: try CalendarDay(year: 2026, month: 3, day: 15))) == ["c", "e", "f"])
        #expect(ids(QueryFilters(cards: ["4242"])) == ["a", "c", "f"])
        #expect(ids(QueryFilters(cards: ["visa 4242", nil])) == ["d", "a", "b", "c"])
        #expect(ids(QueryFilters(categories: [nil, "GROCERIES"])) == ["d", "b"])
        #expect(ids(QueryFilters(kind: .income)) == ["d", "f"])
        #expect(ids(QueryFilters(minimumAmount: DecimalAmount(significand: -1250, fractionDigits: 2), maximumAmount: -4)) == ["a", "e"])
        #expect(ids(QueryFilters(cards: ["no such card"])) == [])
        #expect(ids(QueryFilters(from: try CalendarDay(year: 2026, month: 3, day: 20), to: try CalendarDay(year: 2026, month: 3, day: 1))) == [])
    }

    @Test func baseTotalsAreRoundedOnceHalfToEvenAtTheEnd() throws {
        let store = TransactionStore(baseCurrency: .eur)
        // 0.05 USD at 0.5 is 0.025 EUR, twice: rounding each (half to even) gives 0.02 + 0.02,
        // rounding once at the end gives 0.05 (exactly 0.05).
        try store.add(.sample("a", amount: DecimalAmount(significand: 5, fractionDigits: 2), currency: "USD"))
        try store.add(.sample("b", amount: DecimalAmount(significand: 5, fractionDigits: 2), currency: "USD"))
        try store.add(.sample("c", amount: DecimalAmount(significand: 1, fractionDigits: 0), currency: "JPY"))
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 5, fractionDigits: 1), .jpy: DecimalAmount(significand: 625, fractionDigits: 5)])
        // 0.10 USD * 0.5 = 0.05; 1 JPY * 0.00625 = 0.00625: 0.05625 rounds half-even to 0.06.
        let result = store.search(Query(grouping: .card))
        #expect(result.total.base == Money(minorUnits: 6, currency: .eur))
        #expect(result.groups.first?.base == Money(minorUnits: 6, currency: .eur))
        #expect(ExchangeRates.divideRoundingHalfToEven(25, 10) == 2)
        #expect(ExchangeRates.divideRoundingHalfToEven(35, 10) == 4)
        #expect(ExchangeRates.divideRoundingHalfToEven(-25, 10) == -2)
        #expect(ExchangeRates.divideRoundingHalfToEven(-26, 10) == -3)
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 5, fractionDigits: 1)])
        #expect(store.search(Query()).total.base == nil)  // JPY has no rate
    }

    @Test func resultJSONHasTheSpecShapeAndReadsBack() throws {
        let store = try store()
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 92, fractionDigits: 2)])
        let result = store.search(Query(text: "star", grouping: .day, limit: 2))
        let data = try JSONEncoder().encode(result)
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let total = object["total"] as! [String: Any]
        #expect(total["count"] as? Int == 2)
        #expect(total["sums"] as? [String: String] == ["EUR": "-4.10", "USD": "-3.80"])
        let group = (object["groups"] as! [[String: Any]])[0]
        #expect(group["key"] as? String == "2026-03-15" && group["title"] as? String == "15/03/26")
        #expect(group["base"] as? String == "-3.50")  // -3.80 * 0.92 = -3.496
        let row = (object["rows"] as! [[String: Any]])[1]
        #expect(row["id"] as? String == "a" && row["date"] as? String == "2026-03-14T09:30:00Z")
        #expect(row["amount"] as? String == "-4.10" && row["currency"] as? String == "EUR")
        #expect(row["notes"] is NSNull && row["subcategory"] is NSNull)
        #expect(row["group"] as? String == "2026-03-14")
        #expect(row["matches"] as? [[Int]] == [[0, 4]])
        #expect((object["rows"] as! [[String: Any]])[0]["date"] as? String == "2026-03-15")
        #expect(object["elapsedMicroseconds"] is Int)
        #expect(try JSONDecoder().decode(QueryResult.self, from: data) == result)
    }
}
