/// A calendar date with no time and no zone: the 14th of March 2026 is the 14th in every zone.
///
/// Stored as a day number so that days compare, subtract and index arrays as integers.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSince1970: Int32

    /// The valid range of years: four-digit ISO 8601 years.
    public static let years: ClosedRange<Int> = 1...9999

    /// Wraps a day number; see `daysSince1970`.
    public init(daysSince1970: Int32) {
        self.daysSince1970 = daysSince1970
    }

    /// The day of a year (1-9999), month (1-12) and day of month.
    ///
    /// It throws rather than return nil, so that a mistyped day (2026-02-30) cannot quietly
    /// become "no day" where an optional day is taken, such as `QueryFilters(from:)`.
    /// - Throws: `ValidationError` for the field `date`: `invalidDate` for a month or day that
    ///   does not exist, `dateOutOfRange` for a year outside 1-9999.
    public init(year: Int, month: Int, day: Int) throws(ValidationError) {
        guard let valid = CalendarDay.valid(year: year, month: month, day: day) else {
            let text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
            let dayExists = (1...12).contains(month) && day >= 1 && day <= CalendarDay.daysIn(month: month, year: year)
            throw ValidationError(.date, dayExists ? .dateOutOfRange(text) : .invalidDate(text))
        }
        self = valid
    }

    /// Parses `YYYY-MM-DD`, ignoring surrounding white space.
    /// - Throws: `ValidationError` for the field `date`: `invalidDate` for anything else (a
    ///   date-time included, or a day that does not exist), `dateOutOfRange` for the year 0000.
    public init(parsing text: String) throws(ValidationError) {
        switch ParsedDate.parse(text, allowingYearZero: true) {
        case .day(let day)? where CalendarDay.years.contains(day.year): self = day
        case .day?: throw ValidationError(.date, .dateOutOfRange(text))
        default: throw ValidationError(.date, .invalidDate(text))
        }
    }

    /// The day of a year, month and day of month; nil when they name no day of the years
    /// 1-9999. For readers of files, which report a bad day their own way.
    package static func valid(year: Int, month: Int, day: Int) -> CalendarDay? {
        guard CalendarDay.years.contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDay.daysIn(month: month, year: year)
        else { return nil }
        return CalendarDay(daysSince1970: Int32(CalendarDay.dayNumber(year: year, month: month, day: day)))
    }

    /// Year, month (1-12) and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        CalendarDay.civil(fromDayNumber: Int(daysSince1970))
    }

    /// The year (1-9999 for a day a store takes).
    public var year: Int { components.year }
    /// The month, 1-12.
    public var month: Int { components.month }
    /// The day of the month, 1-31.
    public var day: Int { components.day }

    /// The month this day falls in.
    public var calendarMonth: CalendarMonth {
        let parts = components
        return CalendarMonth(year: parts.year, month: parts.month)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let parts = components
        guard (0...9999).contains(parts.year) else {
            return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var writer = DateTextWriter(buffer)
            writer.putDay(year: parts.year, month: parts.month, day: parts.day)
            return writer.end
        }
    }

    /// Whether `lhs` is the earlier day.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.daysSince1970 < rhs.daysSince1970
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `dayNumber` (H. Hinnant's `civil_from_days`).
    static func civil(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
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
}

/// Left-pads a non-negative number with zeros to `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
