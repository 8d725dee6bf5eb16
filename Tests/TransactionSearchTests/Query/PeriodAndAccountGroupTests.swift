import Foundation
import Testing
@testable import TransactionSearch

/// Groups by ISO week, year and account (docs/SPEC.md section 11): their keys and titles, the
/// weeks at the turn of a year, and the orders of groups by count and by total.
@Suite struct PeriodAndAccountGroupTests {
    static func day(_ text: String) -> CalendarDay { SearchSyntaxTests.day(text) }

    @Test(arguments: [("2026-01-01", "2026-W01"), ("2027-01-01", "2026-W53"), ("2024-12-30", "2025-W01"), ("2026-03-14", "2026-W11"),
                      ("2021-01-03", "2020-W53"), ("2026-03-09", "2026-W11"), ("2026-03-15", "2026-W11"), ("2026-03-16", "2026-W12")])
    func aDayIsInItsISOWeek(day: String, week: String) throws {
        let calendarWeek = CalendarWeek(containing: Self.day(day))
        #expect(calendarWeek.description == week)
        #expect(CalendarWeek(week) == calendarWeek)
        #expect(calendarWeek.firstDay <= Self.day(day) && Self.day(day) <= calendarWeek.lastDay)
        #expect(calendarWeek.firstDay.daysSince1970 % 7 == 4)  // a Monday: 1970-01-05 is day 4
    }

    @Test func aWeekThatAYearDoesNotHaveIsNone() {
        #expect(CalendarWeek(year: 2026, week: 53) != nil)
        #expect(CalendarWeek(year: 2025, week: 53) == nil)
        #expect(CalendarWeek("2026-W00") == nil && CalendarWeek("2026-11") == nil)
    }

    static func store() throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(contentsOf: [
            .sample("a", "2026-03-09", merchant: "Rent", amount: -900),
            .sample("b", "2026-03-15", merchant: "Coffee", amount: -4),
            .sample("c", "2026-03-16", merchant: "Coffee", amount: -3),
            .sample("d", "2026-03-17", merchant: "Coffee", amount: -5),
            .sample("e", "2025-12-31", merchant: "Coffee", amount: -2, currency: "USD"),
        ])
        var noAccount = TransactionPatch()
        noAccount.account = .clear
        for id in ["c", "d", "e"] { try store.update(id: id, noAccount) }  // a and b stay on Main
        return store
    }

    @Test func weeksYearsAndAccountsHaveTheirKeysAndTitles() throws {
        let store = try Self.store()
        let weeks = store.search(Query(grouping: .week)).groups
        #expect(weeks.map { $0.key.text } == ["2026-W12", "2026-W11", "2026-W01"])
        #expect(weeks.map(\.title) == ["W12 2026", "W11 2026", "W01 2026"])
        #expect(weeks.map(\.count) == [2, 2, 1])
        let years = store.search(Query(grouping: .year, sort: .dateAscending)).groups
        #expect(years.map { $0.key.text } == ["2025", "2026"] && years.map(\.title) == ["2025", "2026"])
        let accounts = store.search(Query(grouping: .account)).groups
        #expect(accounts.map(\.title) == ["Main", "No account"] && accounts.map { $0.key.text } == ["Main", nil])
        #expect(GroupKey(text: "2026-W11", grouping: .week) == .week(CalendarWeek(containing: Self.day("2026-03-14"))))
        #expect(GroupKey(text: "2026", grouping: .year) == .year(2026))
    }

    @Test func groupsAreOrderedByCountOrByTheirLargestTotal() throws {
        let store = try Self.store()
        let byCount = store.search(Query(grouping: .merchant, groupOrdering: .count)).groups
        #expect(byCount.map(\.title) == ["Coffee", "Rent"])
        // Without rates, by the sum in the currency with the most rows (EUR): Rent spends most.
        let byTotal = store.search(Query(grouping: .merchant, groupOrdering: .total)).groups
        #expect(byTotal.map(\.title) == ["Rent", "Coffee"])
        // With rates, by the base total: W01 -2 USD at 500 is -1000 EUR, W11 -904 EUR; W12
        // holds yen, which have no rate: no base total, so it comes last.
        try store.add(.sample("f", "2026-03-18", merchant: "Sushi", amount: -1500, currency: "JPY"))
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: 500])
        let weeks = store.search(Query(grouping: .week, groupOrdering: .total)).groups
        #expect(weeks.map { $0.key.text } == ["2026-W01", "2026-W11", "2026-W12"])
        #expect(weeks.last?.base == nil)
    }
}
