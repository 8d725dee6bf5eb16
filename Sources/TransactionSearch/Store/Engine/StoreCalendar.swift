/// The store's time: its zone, the local days and months its rows fall on (each a small code,
/// with a use count), and the month of each day. A row's day is worked out once, when it is
/// added, never on the query path.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class StoreCalendar: @unchecked Sendable {
    let clock: ZoneClock
    @exclusivity(unchecked) private(set) var days = ValuePool()
    @exclusivity(unchecked) private(set) var months = ValuePool()
    /// The month code of each day code: a row's month is `monthOfDay[dayCode]`.
    let monthOfDay = ColumnBuffer<UInt32>(filler: 0)
    /// The week code of each day code (`weekCode(ofDay:)`): a row's week is
    /// `weekOfDay[dayCode]` (the buckets of reports by week).
    let weekOfDay = ColumnBuffer<UInt32>(filler: 0)
    /// The instant each day code's local day starts (`ZoneClock.startOfDay`): a row keeps its
    /// time as milliseconds past it (`RowTable.timeAndFlags`), 4 bytes rather than 8.
    let dayStart = ColumnBuffer<Int64>(filler: 0)

    init(clock: ZoneClock) {
        self.clock = clock
    }

    /// The local day of a day code.
    @inline(__always)
    func day(ofCode code: UInt32) -> Int32 { days.value(code) }

    /// A date's instant (a calendar date's is its midnight in the store's zone) and local day.
    func place(_ date: TransactionDate) -> (instant: Int64, day: Int32, isCalendarDay: Bool) {
        switch date {
        case .day(let calendarDay):
            (clock.startOfDay(calendarDay.daysSince1970), calendarDay.daysSince1970, true)
        case .instant(let milliseconds):
            (milliseconds, clock.day(ofInstant: milliseconds), false)
        }
    }

    /// Counts one more row on a local day and its month; returns their codes.
    func retainDay(_ day: Int32) -> (dayCode: UInt32, monthCode: UInt32) {
        let (dayCode, isNewDay) = days.retain(day)
        guard isNewDay else {
            // A day in use already knows its month.
            let monthCode = monthOfDay[dayCode]
            months.retain(code: monthCode)
            return (dayCode, monthCode)
        }
        let monthCode = months.retain(CalendarDay(daysSince1970: day).calendarMonth.monthsSince1970).code
        monthOfDay.reserve(days.codeLimit)
        monthOfDay[dayCode] = monthCode
        weekOfDay.reserve(days.codeLimit)
        weekOfDay[dayCode] = StoreCalendar.weekCode(ofDay: day)
        dayStart.reserve(days.codeLimit)
        dayStart[dayCode] = clock.startOfDay(day)
        return (dayCode, monthCode)
    }

    /// The code of the week (Monday to Sunday, `CalendarWeek`) a local day falls in: weeks
    /// numbered on from one before the first year's, so that every code is positive and
    /// below 2^31 (a pair bucket shifts it left by one).
    static func weekCode(ofDay day: Int32) -> UInt32 {
        UInt32((Int(CalendarWeek(containing: CalendarDay(daysSince1970: day)).firstDay.daysSince1970) - firstMonday) / 7)
    }

    /// The Monday of a week code's week.
    static func monday(ofWeekCode code: UInt32) -> CalendarDay {
        CalendarDay(daysSince1970: Int32(firstMonday + Int(code) * 7))
    }

    /// The Monday a week before the first valid year begins: week code 0.
    private static let firstMonday = Int(CalendarWeek(containing: CalendarDay(daysSince1970:
        Int32(CalendarDay.dayNumber(year: CalendarDay.years.lowerBound, month: 1, day: 1)))).firstDay.daysSince1970) - 7

    /// Counts one row less on a day and its month; a day or month no row uses is reclaimed.
    func releaseDay(_ dayCode: UInt32, month monthCode: UInt32) {
        days.release(dayCode)
        months.release(monthCode)
    }

    var memoryUse: Int { days.memoryUse + months.memoryUse + monthOfDay.memoryUse + weekOfDay.memoryUse + dayStart.memoryUse }

    func checkInvariants() {
        days.checkInvariants()
        months.checkInvariants()
    }
}
