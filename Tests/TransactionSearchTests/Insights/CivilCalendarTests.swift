import Foundation
@testable import TransactionSearch
import Testing

/// The detector's own calendar against Foundation's Gregorian calendar.
@Suite struct CivilCalendarTests {
    /// Day numbers convert both ways, and agree with Foundation on dates and weekdays from 1890 to 2110.
    @Test func dayNumbersRoundTripAndMatchFoundation() {
        for day in stride(from: Int32(-800_000), through: 800_000, by: 997) {
            let parts = CivilCalendar.date(Int(day))
            #expect(CivilCalendar.dayNumber(year: parts.year, month: parts.month, day: parts.day) == Int(day))
        }
        for day in stride(from: PlantedDate.day(1890, 1, 1), through: PlantedDate.day(2110, 12, 31), by: 37) {
            let parts = CivilCalendar.date(Int(day))
            let expected = PlantedDate.parts(day)
            #expect(parts.year == expected.year && parts.month == expected.month && parts.day == expected.day)
            #expect(CivilCalendar.weekday(Int(day)) == PlantedDate.weekday(day))
        }
    }

    /// Leap years, month lengths and running month numbers, before the epoch too.
    @Test func monthLengthsAndMonthIndices() {
        #expect(CivilCalendar.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilCalendar.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilCalendar.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilCalendar.daysIn(month: 4, year: 2023) == 30)
        let index = CivilCalendar.monthIndex(year: 2024, month: 2)
        #expect(CivilCalendar.yearMonth(index) == (2024, 2))
        #expect(CivilCalendar.daysIn(monthIndex: index) == 29)
        #expect(CivilCalendar.dayNumber(monthIndex: index, day: 29) == Int(PlantedDate.day(2024, 2, 29)))
        #expect(CivilCalendar.yearMonth(-1) == (-1, 12))
        #expect(CivilCalendar.weekday(0) == 3)
    }
}
