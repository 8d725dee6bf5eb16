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
    /// The instant each day code's local day starts (`ZoneClock.startOfDay`): a row keeps its
    /// time as milliseconds past it (`RowTable.timeOfDay`), 4 bytes rather than 8.
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
        dayStart.reserve(days.codeLimit)
        dayStart[dayCode] = clock.startOfDay(day)
        return (dayCode, monthCode)
    }

    /// Counts one row less on a day and its month; a day or month no row uses is reclaimed.
    func releaseDay(_ dayCode: UInt32, month monthCode: UInt32) {
        days.release(dayCode)
        months.release(monthCode)
    }

    var memoryUse: Int { days.memoryUse + months.memoryUse + monthOfDay.memoryUse + dayStart.memoryUse }

    func checkInvariants() {
        days.checkInvariants()
        months.checkInvariants()
    }
}
