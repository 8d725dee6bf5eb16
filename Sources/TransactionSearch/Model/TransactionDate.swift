/// When a transaction happened: a calendar date (its day is the same in every zone) or an
/// instant (its day depends on the store's time zone).
public enum TransactionDate: Hashable, Sendable, CustomStringConvertible {
    /// A date with no time, as in `2026-03-14`. It sorts as midnight in the store's zone.
    case day(CalendarDay)
    /// An instant, in milliseconds since 1970-01-01T00:00:00Z.
    case instant(millisecondsSince1970: Int64)

    /// A calendar date from its year, month (1-12) and day of month: `try .day(2026, 3, 14)`.
    /// - Throws: `ValidationError` for the field `date` when they name no day of the years
    ///   1-9999 (see `CalendarDay.init(year:month:day:)`).
    public static func day(_ year: Int, _ month: Int, _ day: Int) throws(ValidationError) -> TransactionDate {
        .day(try CalendarDay(year: year, month: month, day: day))
    }

    /// ISO 8601: `2026-03-14` for a calendar date, `2026-03-14T09:30:00Z` (with `.123` when the
    /// instant has milliseconds) for an instant, always in UTC.
    public var description: String {
        switch self {
        case .day(let day):
            return day.description
        case .instant(let milliseconds):
            let seconds = milliseconds.floorDivided(by: 1000)
            let millis = Int(milliseconds &- seconds &* 1000)  // 0...999; wrapping only in between at Int64.min
            let days = seconds.floorDivided(by: 86_400)
            let secondOfDay = Int(seconds - days * 86_400)
            // Through Int, not a CalendarDay: an instant far outside the years a store takes
            // (which validation refuses, quoting this text) has no Int32 day number.
            let civil = CalendarDay.civil(fromDayNumber: Int(days))
            if (0...9999).contains(civil.year) {
                // The common case, written into the string's own buffer (pieces joined with `+`
                // cost several times more; imports fingerprint every row with this text).
                return String(unsafeUninitializedCapacity: 24) { buffer in
                    var writer = DateTextWriter(buffer)
                    writer.putDay(year: civil.year, month: civil.month, day: civil.day)
                    writer.put(byte: 0x54); writer.put(secondOfDay / 3600, 2); writer.put(byte: 0x3A)
                    writer.put(secondOfDay / 60 % 60, 2); writer.put(byte: 0x3A); writer.put(secondOfDay % 60, 2)
                    if millis != 0 { writer.put(byte: 0x2E); writer.put(millis, 3) }
                    writer.put(byte: 0x5A)
                    return writer.end
                }
            }
            var text = pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2)
            text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
            if millis != 0 { text += "." + pad(millis, 3) }
            return text + "Z"
        }
    }

    /// Whether this is a calendar date with no time.
    public var isCalendarDay: Bool {
        if case .day = self { return true }
        return false
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
