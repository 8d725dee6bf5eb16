import Testing
import TransactionSearch

/// A day that does not exist cannot be passed by accident: the initializers throw (they used
/// to return nil, which an optional parameter such as `QueryFilters(from:)` took as "no day").
@Suite struct CalendarDayValidationTests {
    @Test(arguments: [(2026, 2, 30), (2026, 13, 1), (2026, 0, 10), (2025, 2, 29), (2026, 4, 31), (2026, 1, 0)])
    func aDayThatDoesNotExistThrows(year: Int, month: Int, day: Int) {
        #expect(throws: ValidationError.self) { try CalendarDay(year: year, month: month, day: day) }
        #expect(throws: ValidationError.self) { try TransactionDate.day(year, month, day) }
    }

    @Test func theErrorSaysWhichDay() {
        #expect(throws: ValidationError(.date, .invalidDate("2026-02-30"))) { try CalendarDay(year: 2026, month: 2, day: 30) }
        #expect(throws: ValidationError(.date, .dateOutOfRange("10000-01-01"))) { try CalendarDay(year: 10_000, month: 1, day: 1) }
        #expect(throws: ValidationError(.date, .dateOutOfRange("0000-03-01"))) { try CalendarDay(year: 0, month: 3, day: 1) }
    }

    @Test func daysParseFromText() throws {
        #expect(try CalendarDay(parsing: "2024-02-29") == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(try CalendarDay(parsing: " 2026-03-14 ").description == "2026-03-14")
        for text in ["2026-02-30", "2026-3-14", "14/03/2026", "2026-03-14T09:30:00Z", "", "2026-03"] {
            #expect(throws: ValidationError(.date, .invalidDate(text))) { try CalendarDay(parsing: text) }
        }
        #expect(throws: ValidationError(.date, .dateOutOfRange("0000-01-01"))) { try CalendarDay(parsing: "0000-01-01") }
    }

    @Test func aFilterTakesOnlyARealDay() throws {
        let filters = QueryFilters(from: try CalendarDay(year: 2026, month: 3, day: 1), to: try CalendarDay(parsing: "2026-03-31"))
        #expect(filters.from?.description == "2026-03-01" && filters.to?.description == "2026-03-31")
    }
}
