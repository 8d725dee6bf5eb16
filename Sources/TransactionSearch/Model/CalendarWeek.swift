/// An ISO 8601 week: Monday to Sunday, numbered within the year that holds its Thursday, so
/// that 2026-01-01 (a Thursday) is in `2026-W01` and 2027-01-01 (a Friday) in `2026-W53`.
/// Worked out with integer day arithmetic, never a calendar object.
public struct CalendarWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The week's Monday.
    public let firstDay: CalendarDay

    /// The week a day falls in.
    public init(containing day: CalendarDay) {
        // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays.
        let weekday = (Int(day.daysSince1970) + 3).floorModulo(7)
        firstDay = CalendarDay(daysSince1970: Int32(Int(day.daysSince1970) - weekday))
    }

    /// The week numbered `week` (1 to 52 or 53) of an ISO year (`CalendarDay.years`); nil when
    /// the year has no such week.
    public init?(year: Int, week: Int) {
        guard CalendarDay.years.contains(year), week >= 1 else { return nil }
        // January 4th is always in week 1.
        let first = CalendarWeek(containing: CalendarDay(daysSince1970: Int32(CalendarDay.dayNumber(year: year, month: 1, day: 4))))
        let candidate = CalendarWeek(mondaySince1970: Int(first.firstDay.daysSince1970) + (week - 1) * 7)
        guard candidate.components.year == year else { return nil }
        self = candidate
    }

    private init(mondaySince1970: Int) {
        firstDay = CalendarDay(daysSince1970: Int32(mondaySince1970))
    }

    /// The week's Sunday.
    public var lastDay: CalendarDay { CalendarDay(daysSince1970: firstDay.daysSince1970 + 6) }

    /// The ISO year (the year of the week's Thursday) and the week number in it (1-53).
    public var components: (year: Int, week: Int) {
        let thursday = Int(firstDay.daysSince1970) + 3
        let year = CalendarDay.civil(fromDayNumber: thursday).year
        let januaryFirst = CalendarDay.dayNumber(year: year, month: 1, day: 1)
        return (year, (thursday - januaryFirst) / 7 + 1)
    }

    /// `2026-W11`: the key of a week group (docs/SPEC.md sections 11 and 13).
    public var description: String {
        let parts = components
        return pad(parts.year, 4) + "-W" + pad(parts.week, 2)
    }

    /// `W11 2026`: the title of a week group.
    public var title: String {
        let parts = components
        return "W" + pad(parts.week, 2) + " " + pad(parts.year, 4)
    }

    /// The week `2026-W11` names (a week number that the year has); nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 3, parts[1].first == "W",
              parts[0].allSatisfy(\.isASCII), parts[1].dropFirst().allSatisfy(\.isASCII),
              let year = Int(parts[0]), let week = Int(parts[1].dropFirst())
        else { return nil }
        self.init(year: year, week: week)
    }

    /// Whether `lhs` is the earlier week.
    public static func < (lhs: CalendarWeek, rhs: CalendarWeek) -> Bool {
        lhs.firstDay < rhs.firstDay
    }
}
