/// A calendar month, such as March 2026, numbered so that months compare and index arrays.
public struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Months since January 1970 (negative before it).
    public let monthsSince1970: Int32

    /// Wraps a month number; see `monthsSince1970`.
    public init(monthsSince1970: Int32) {
        self.monthsSince1970 = monthsSince1970
    }

    /// The month of a year and a month number (1-12). Traps on a month outside 1-12.
    public init(year: Int, month: Int) {
        precondition((1...12).contains(month), "month \(month) is not 1-12")
        monthsSince1970 = Int32((year - 1970) * 12 + month - 1)
    }

    /// The year and month (1-12).
    public var components: (year: Int, month: Int) {
        let number = Int(monthsSince1970)
        let year = 1970 + (number >= 0 ? number / 12 : (number - 11) / 12)
        return (year, number - (year - 1970) * 12 + 1)
    }

    /// The first day of the month.
    public var firstDay: CalendarDay {
        let parts = components
        return CalendarDay(daysSince1970: Int32(CalendarDay.dayNumber(year: parts.year, month: parts.month, day: 1)))
    }

    /// The last day of the month.
    public var lastDay: CalendarDay {
        CalendarDay(daysSince1970: CalendarMonth(monthsSince1970: monthsSince1970 + 1).firstDay.daysSince1970 - 1)
    }

    /// `YYYY-MM`.
    public var description: String {
        let parts = components
        return pad(parts.year, 4) + "-" + pad(parts.month, 2)
    }

    /// Whether `lhs` is the earlier month.
    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        lhs.monthsSince1970 < rhs.monthsSince1970
    }
}
