/// A tiny proleptic Gregorian calendar over day numbers (days since 1970-01-01).
///
/// Isolated in this one file, with plain `Int` in and out, so that the library can swap it for
/// its own `CalendarDay` conversions. Months are also numbered as one running "month index"
/// (`year · 12 + month − 1`) because the cadences step over months, not days.
enum CivilCalendar {
    /// Whether `year` has a 29th of February.
    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1-12) in `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day number of a date (H. Hinnant's `days_from_civil`).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (H. Hinnant's `civil_from_days`), the inverse of `dayNumber`.
    static func date(_ number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

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
