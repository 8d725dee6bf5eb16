import Foundation
import Testing
@testable import TransactionSearch
import TransactionSearchSupport

@Suite struct DateParsingTests {
    @Test func calendarDatesKeepTheirDay() {
        #expect(ParsedDate.parse("2026-03-14") == .day(try! CalendarDay(year: 2026, month: 3, day: 14)))
        #expect(ParsedDate.parse(" 2024-02-29 ") == .day(try! CalendarDay(year: 2024, month: 2, day: 29)))
    }

    @Test func instantsWithZOrAnOffset() {
        let expected: Int64 = 1_773_480_600_000  // 2026-03-14T09:30:00Z
        #expect(ParsedDate.parse("2026-03-14T09:30:00Z") == .instant(expected))
        #expect(ParsedDate.parse("2026-03-14T10:30:00+01:00") == .instant(expected))
        #expect(ParsedDate.parse("2026-03-14T04:30:00-0500") == .instant(expected))
        #expect(ParsedDate.parse("2026-03-14T11:30+02") == .instant(expected))
        #expect(ParsedDate.parse("2026-03-14 09:30:00.250Z") == .instant(expected + 250))
        #expect(ParsedDate.parse("2026-03-14T09:30:00.123456Z") == .instant(expected + 123))
    }

    @Test func aDateTimeWithNoOffsetIsLocal() {
        #expect(ParsedDate.parse("2026-03-14T09:30:00") == .local(1_773_480_600_000))
    }

    @Test(arguments: [
        "", "2026-3-14", "2026-02-30", "2026-13-01", "2026-03-14T24:00", "2026-03-14T09:60",
        "2026-03-14T09:30:61", "14/03/2026", "2026-03-14T09:30Zjunk", "2026-03-14T09:30:00+19:00",
        "2026-03-14X", "0000-01-01", "2026-03-14T09:30:00.Z",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(ParsedDate.parse(text) == nil)
    }

    @Test func printsISO8601() {
        #expect(try! TransactionDate.day(2026, 3, 14).description == "2026-03-14")
        #expect(TransactionDate.instant(millisecondsSince1970: 1_773_480_600_000).description == "2026-03-14T09:30:00Z")
        #expect(TransactionDate.instant(millisecondsSince1970: 1_773_480_600_042).description == "2026-03-14T09:30:00.042Z")
        #expect(TransactionDate.instant(millisecondsSince1970: -1).description == "1969-12-31T23:59:59.999Z")
    }

    @Test func civilDayNumbersRoundTrip() {
        for number in stride(from: -800_000, through: 3_000_000, by: 997) {
            let (year, month, day) = CalendarDay.civil(fromDayNumber: number)
            #expect(CalendarDay.dayNumber(year: year, month: month, day: day) == number)
        }
        #expect((try? CalendarDay(year: 1970, month: 1, day: 1))?.daysSince1970 == 0)
        #expect((try? CalendarDay(year: 2000, month: 3, day: 1))?.daysSince1970 == 11_017)
    }

    @Test func formatsTitles() {
        let day = try! CalendarDay(year: 2026, month: 3, day: 14)
        #expect(day.shortTitle == "14/03/26")
        #expect(day.calendarMonth.title == "March 2026")
        #expect(day.calendarMonth.description == "2026-03")
        #expect(Transaction.cardTitle(of: "Visa 4242") == "****4242")
        #expect(Transaction.cardTitle(of: "Amex 3782 822463 10005") == "****0005")
        #expect(Transaction.cardTitle(of: "Card 12") == "Card 12")
        #expect(Money(minorUnits: -1250, currency: .eur).description == "-12.50 EUR")
    }

    /// An instant's text (written digit by digit into the string's buffer) reads back as the
    /// same instant, and has the ISO 8601 shape, for random instants over the years a store takes.
    @Test func instantTextsReadBackAsTheSameInstant() throws {
        var random = SeededRandom(seed: 23)
        let low = -62_135_596_800_000 + 86_400_000, high = 253_402_214_400_000 - 86_400_000  // 0001-01-02 ... 9999-12-30
        for round in 0..<2_000 {
            var milliseconds = Int64(random.int(in: low...high))
            if round % 3 == 0 { milliseconds -= milliseconds % 1000 }  // whole seconds: no fraction written
            let date = TransactionDate.instant(millisecondsSince1970: milliseconds)
            let text = date.description
            #expect(text.utf8.count == (milliseconds % 1000 == 0 ? 20 : 24), "\(text)")
            #expect(try TransactionDate(parsing: text, in: .gmt) == date, "\(milliseconds): \(text)")
        }
    }
}
