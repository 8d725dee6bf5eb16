import Foundation
import Testing
@testable import TransactionSearch

/// The bridges to Foundation an app needs: `Date` to and from `TransactionDate` and
/// `CalendarDay` (a calendar day becomes a `Date` only in a zone, as a store sorts it), and
/// `Decimal` to and from `DecimalAmount` and `Money`, all exact.
@Suite struct FoundationBridgeTests {
    @Test func aDateIsAnInstantToTheMillisecondAndComesBack() {
        let date = Date(timeIntervalSince1970: 1_773_480_600)
        #expect(TransactionDate(date) == .instant(millisecondsSince1970: 1_773_480_600_000))
        #expect(TransactionDate(date).date == date)
        let withMilliseconds = Date(timeIntervalSince1970: 1_773_480_600.123)
        #expect(TransactionDate(withMilliseconds) == .instant(millisecondsSince1970: 1_773_480_600_123))
        #expect(TransactionDate(Date(timeIntervalSince1970: 0.0006)) == .instant(millisecondsSince1970: 1))  // nearest
        #expect(TransactionDate(Date(timeIntervalSince1970: -0.0016)) == .instant(millisecondsSince1970: -2))
        #expect(TransactionDate(TransactionDate(withMilliseconds).date!) == TransactionDate(withMilliseconds))
    }

    @Test func aDateBeyondTheStoresYearsIsRefusedWhenAdded() {
        for date in [Date(timeIntervalSince1970: 1e12), Date.distantPast, Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: .nan)] {
            let draft = TransactionDraft(date: TransactionDate(date), merchant: "X", amount: 1)
            #expect(throws: ValidationError.self) { try TransactionStore().add(draft) }
            _ = TransactionStore().localDay(of: draft.date)  // answered, never a trap
            _ = draft.date.description
        }
    }

    @Test func aCalendarDayHasADateOnlyInAZone() throws {
        let day = try TransactionDate.day(2026, 3, 14)
        #expect(day.date == nil)
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        #expect(day.date(in: madrid) == Date(timeIntervalSince1970: 1_773_442_800))  // 2026-03-14T00:00+01:00
        #expect(day.date(in: .utc) == Date(timeIntervalSince1970: 1_773_446_400))
        #expect(day.calendarDay(in: TimeZone(identifier: "Pacific/Kiritimati")!) == (try CalendarDay(year: 2026, month: 3, day: 14)))
        let instant = TransactionDate.instant(millisecondsSince1970: 1_773_442_799_000)  // 23:59:59 on the 13th in Madrid
        #expect(instant.calendarDay(in: madrid) == (try CalendarDay(year: 2026, month: 3, day: 13)))
        #expect(instant.calendarDay(in: .utc) == (try CalendarDay(year: 2026, month: 3, day: 13)))
        #expect(instant.date(in: madrid) == instant.date)
    }

    /// A day starts where a store in that zone sorts a calendar date, daylight-saving days and
    /// days whose midnight is skipped included; a `Date` falls on the day the store gives it.
    @Test(arguments: ["Europe/Madrid", "America/Sao_Paulo", "America/Havana", "Asia/Beirut", "Pacific/Apia", "Australia/Lord_Howe", "UTC"])
    func daysStartWhereTheStoreSortsThem(zone identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let clock = ZoneClock(timeZone: zone)
        let store = TransactionStore(timeZone: zone)
        for dayNumber in stride(from: Int32(14_000), to: 20_800, by: 7) {
            let day = CalendarDay(daysSince1970: dayNumber)
            let start = day.start(in: zone)
            #expect(TransactionDate.milliseconds(of: start) == clock.startOfDay(dayNumber), "\(identifier) \(day)")
            #expect(CalendarDay(start, in: zone) == day, "\(identifier) \(day)")
            let evening = TransactionDate(start.addingTimeInterval(20 * 3600))
            #expect(store.localDay(of: evening) == evening.calendarDay(in: zone), "\(identifier) \(day)")
        }
    }

    @Test func amountsConvertToAndFromDecimalExactly() throws {
        let amount = try DecimalAmount(parsing: "-4.10")
        #expect(amount.decimal == Decimal(string: "-4.1")!)
        #expect(DecimalAmount(exactly: Decimal(string: "-4.10")!) == amount)
        #expect(DecimalAmount(exactly: Decimal(string: "0.000000000000000001")!)?.fractionDigits == 18)
        #expect(DecimalAmount(exactly: Decimal(string: "123456789012345678")!)?.significand == 123_456_789_012_345_678)
        #expect(DecimalAmount(exactly: Decimal(string: "1234567890123456789")!) == nil)  // 19 digits
        #expect(DecimalAmount(exactly: Decimal(string: "0.0000000000000000001")!) == nil)
        #expect(DecimalAmount(exactly: Decimal.nan) == nil)
        #expect(DecimalAmount(exactly: Decimal(string: "1e5")!) == 100_000)
        for text in ["0", "-0.01", "999999999999999.999", "-123456789012345678", "0.5"] {
            let value = try DecimalAmount(parsing: text)
            #expect(DecimalAmount(exactly: value.decimal) == value, "\(text)")
            #expect(value.decimal == Decimal(string: text)!, "\(text)")
        }
    }

    @Test func moneyIsADecimalInCurrencyUnitsSumsIncluded() {
        #expect(Money(minorUnits: -410, currency: .usd).decimal == Decimal(string: "-4.10")!)
        #expect(Money(minorUnits: 1200, currency: .jpy).decimal == 1200)
        let huge = Int128(Money.maximumMagnitude - 1) * 4_294_967_296  // a store's largest possible sum
        #expect(Money(minorUnits: -huge, currency: .eur).decimal == Decimal(string: "-" + Money.decimalText(minorUnits: huge, digits: 2))!)
    }
}
