/// A tiny proleptic Gregorian calendar over day numbers (days since 1970-01-01).
///
/// Plain `Int` in and out over the store's own `CalendarDay` conversions. Months are also
/// numbered as one running "month index" (`year · 12 + month − 1`) because the cadences step
/// over months, not days.
enum CivilCalendar {
    /// Whether `year` has a 29th of February.
    static func isLeap(_ year: Int) -> Bool { CalendarDay.isLeap(year) }

    /// The number of days of `month` (1-12) in `year`.
    static func daysIn(month: Int, year: Int) -> Int { CalendarDay.daysIn(month: month, year: year) }

    /// The day number of a date (the store's own conversion, `CalendarDay.dayNumber`).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int { CalendarDay.dayNumber(year: year, month: month, day: day) }

    /// The date of a day number, the inverse of `dayNumber` (`CalendarDay.civil(fromDayNumber:)`).
    static func date(_ number: Int) -> (year: Int, month: Int, day: Int) { CalendarDay.civil(fromDayNumber: number) }

    /// The weekday of a day number: 0 is Monday ... 5 Saturday, 6 Sunday (1970-01-01 was a Thursday).
    static func weekday(_ number: Int) -> Int {
        floorMod(number + 3, 7)
    }

    /// The running month number of a year and month (1-12).
    static func monthIndex(year: Int, month: Int) -> Int {
        year * 12 + month - 1
    }

    /// The year and month (1-12) of a running month number.
    static func yearMonth(_ monthIndex: Int) -> (year: Int, month: Int) {
        let year = floorDiv(monthIndex, 12)
        return (year, monthIndex - year * 12 + 1)
    }

    /// The number of days of a running month.
    static func daysIn(monthIndex: Int) -> Int {
        let slot = monthIndex - firstTableMonth
        if slot >= 0, slot < monthStarts.count - 1 { return Int(monthStarts[slot + 1] - monthStarts[slot]) }
        let (year, month) = yearMonth(monthIndex)
        return daysIn(month: month, year: year)
    }

    /// The day number of `day` (1...length) of a running month.
    static func dayNumber(monthIndex: Int, day: Int) -> Int {
        let slot = monthIndex - firstTableMonth
        if slot >= 0, slot < monthStarts.count { return Int(monthStarts[slot]) + day - 1 }
        let (year, month) = yearMonth(monthIndex)
        return dayNumber(year: year, month: month, day: day)
    }

    /// The day number of `day` of a running month, clamped to the month's last day (the 31st of
    /// April is the 30th): a due day. One table read for both the start and the length.
    static func clampedDayNumber(monthIndex: Int, day: Int) -> Int {
        let slot = monthIndex - firstTableMonth
        if slot >= 0, slot < monthStarts.count - 1 {
            return monthStarts.withUnsafeBufferPointer { starts in
                let start = Int(starts[slot])
                return start + min(day, Int(starts[slot + 1]) - start) - 1
            }
        }
        return dayNumber(monthIndex: monthIndex, day: min(day, daysIn(monthIndex: monthIndex)))
    }

    /// January 1900 as a running month: the first month of `monthStarts`.
    private static let firstTableMonth = 1900 * 12
    /// The day number of the 1st of every month from January 1900 to January 2200: the fitting
    /// asks for due days millions of times, and a table lookup beats the civil formula.
    private static let monthStarts: [Int32] = (firstTableMonth...(2200 * 12)).map { index in
        let (year, month) = yearMonth(index)
        return Int32(dayNumber(year: year, month: month, day: 1))
    }
}
