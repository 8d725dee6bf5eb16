/// A period said the way people say it, counted from "today" in the store's zone: `today`,
/// `yesterday`, `this-week`, `last-week`, `this-month`, `last-month`, `this-year`,
/// `last-year`, `last-N-days`. Weeks start on Monday (ISO 8601). `this-month` and `this-year`
/// are whole periods (the days after today included), `last-N-days` is the N days ending
/// today, today included.
///
/// Codable as its text (`"last-7-days"`), so a saved search keeps its meaning: it is worked
/// out again against the day it runs.
public enum RelativeDate: Hashable, Sendable {
    /// Today.
    case today
    /// The day before today.
    case yesterday
    /// Monday to Sunday of today's week.
    case thisWeek
    /// Monday to Sunday of the week before.
    case lastWeek
    /// The first to the last day of today's month.
    case thisMonth
    /// The month before.
    case lastMonth
    /// January 1 to December 31 of today's year.
    case thisYear
    /// The year before.
    case lastYear
    /// The N days ending today, today included (N from 1 to `maximumDays`).
    case lastDays(Int)

    /// The largest N of `last-N-days` (about 273 years).
    public static let maximumDays = 100_000

    /// The period's text in the search box syntax: `this-week`, `last-30-days`.
    public var text: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this-week"
        case .lastWeek: "last-week"
        case .thisMonth: "this-month"
        case .lastMonth: "last-month"
        case .thisYear: "this-year"
        case .lastYear: "last-year"
        case .lastDays(let count): "last-\(RelativeDate.clamped(count))-days"
        }
    }

    /// The period a text names (any case); nil when it names none, or N is out of range.
    public init?(text: String) {
        let lowered = text.lowercased()
        switch lowered {
        case "today": self = .today
        case "yesterday": self = .yesterday
        case "this-week": self = .thisWeek
        case "last-week": self = .lastWeek
        case "this-month": self = .thisMonth
        case "last-month": self = .lastMonth
        case "this-year": self = .thisYear
        case "last-year": self = .lastYear
        default:
            guard let count = RelativeDate.dayCount(lowered), (1...RelativeDate.maximumDays).contains(count) else { return nil }
            self = .lastDays(count)
        }
    }

    /// N of a `last-N-days` text (digits only), or nil.
    static func dayCount(_ lowered: String) -> Int? {
        guard lowered.hasPrefix("last-"), lowered.hasSuffix("-days") else { return nil }
        let digits = lowered.dropFirst(5).dropLast(5)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Whether a text looks like `last-N-days` (whatever N), to say what is wrong with a bad N.
    static func looksLikeDayCount(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("last-") && lowered.hasSuffix("-days") && lowered.count > 10
    }

    /// N of `last-N-days` as counted: from 1 to `maximumDays`.
    static func clamped(_ count: Int) -> Int { max(1, min(count, maximumDays)) }

    /// The first and last day of the period when today is `today` (a today beyond about
    /// ±270,000 years counts as that limit, so that no arithmetic can overflow).
    public func days(today: CalendarDay) -> ClosedRange<CalendarDay> {
        let day = min(max(today.daysSince1970, -100_000_000), 100_000_000)
        let today = CalendarDay(daysSince1970: day)
        func span(_ first: Int32, _ last: Int32) -> ClosedRange<CalendarDay> {
            CalendarDay(daysSince1970: first)...CalendarDay(daysSince1970: last)
        }
        // 1970-01-01 was a Thursday: Monday is 0 when (day + 3) is counted modulo 7.
        let monday = day - Int32((Int(day) + 3).floorModulo(7))
        let month = today.calendarMonth.monthsSince1970
        func months(_ first: Int32, _ last: Int32) -> ClosedRange<CalendarDay> {
            CalendarMonth(monthsSince1970: first).firstDay...CalendarMonth(monthsSince1970: last).lastDay
        }
        let january = month - Int32(today.month - 1)
        switch self {
        case .today: return span(day, day)
        case .yesterday: return span(day - 1, day - 1)
        case .thisWeek: return span(monday, monday + 6)
        case .lastWeek: return span(monday - 7, monday - 1)
        case .thisMonth: return months(month, month)
        case .lastMonth: return months(month - 1, month - 1)
        case .thisYear: return months(january, january + 11)
        case .lastYear: return months(january - 12, january - 1)
        case .lastDays(let count): return span(day - Int32(RelativeDate.clamped(count) - 1), day)
        }
    }
}

extension RelativeDate: Codable {
    /// Reads a relative date from its search box text (`last-month`); other text is a
    /// `DecodingError` saying what was expected.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = RelativeDate(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a relative date such as last-month")
        }
        self = value
    }

    /// Writes the search box text (`last-7-days`), so a saved query keeps its meaning.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// One end of a date condition: a fixed day, or a period counted from today. As the lower end
/// (`from`), `period` is the period's first day and `outside` the day after it (`date>this-week`);
/// as the upper end (`to`), `period` is its last day and `outside` the day before it
/// (`date<this-month`).
public enum DateBound: Hashable, Sendable, Codable {
    /// A fixed day.
    case day(CalendarDay)
    /// A period's first day (lower end) or last day (upper end).
    case period(RelativeDate)
    /// The day after a period (lower end) or before it (upper end).
    case outside(RelativeDate)

    /// The day this bound stands for as a lower end, when today is `today`.
    public func lowerDay(today: CalendarDay) -> CalendarDay {
        switch self {
        case .day(let day): day
        case .period(let period): period.days(today: today).lowerBound
        case .outside(let period): period.days(today: today).upperBound.adding(days: 1)
        }
    }

    /// The day this bound stands for as an upper end, when today is `today`.
    public func upperDay(today: CalendarDay) -> CalendarDay {
        switch self {
        case .day(let day): day
        case .period(let period): period.days(today: today).upperBound
        case .outside(let period): period.days(today: today).lowerBound.adding(days: -1)
        }
    }

    /// Whether it counts from today.
    public var isRelative: Bool {
        if case .day = self { return false }
        return true
    }
}

extension Int {
    /// The remainder of dividing by a positive `divisor`, from 0 to `divisor - 1`.
    func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
