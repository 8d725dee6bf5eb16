import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A day's `YYYY-MM-DD`, written byte by byte, against its parts padded and joined.
@Suite struct CalendarDayDescriptionTests {
    /// Every kind of day: years 1 to 9999 (one to four digits), the range's ends, and days
    /// beyond it (which keep the padded form).
    @Test func theDescriptionIsTheZeroPaddedParts() {
        var random = SeededRandom(seed: 0xDA7E)
        let first = CalendarDay.dayNumber(year: 1, month: 1, day: 1), last = CalendarDay.dayNumber(year: 9999, month: 12, day: 31)
        var numbers = [first, last, 0, -1, first - 1, last + 1, CalendarDay.dayNumber(year: 999, month: 12, day: 31),
                       CalendarDay.dayNumber(year: 10, month: 2, day: 3)]
        for _ in 0..<2_000 { numbers.append(random.int(in: first...last)) }
        for _ in 0..<50 { numbers.append(random.int(in: (first - 800_000)...(last + 800_000))) }
        for number in numbers {
            let day = CalendarDay(daysSince1970: Int32(number))
            let parts = day.components
            #expect(day.description == pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2), "day \(number)")
        }
        #expect(CalendarDay(daysSince1970: Int32(CalendarDay.dayNumber(year: 10, month: 2, day: 3))).description == "0010-02-03")
    }
}
