import Foundation

extension TransactionDate {
    /// The instant of a Foundation `Date`, to the nearest millisecond (what a store keeps).
    ///
    /// A date outside the years a store takes is kept as it is; adding it throws
    /// `dateOutOfRange`.
    public init(_ date: Date) {
        self = .instant(millisecondsSince1970: TransactionDate.milliseconds(of: date))
    }

    /// The instant as a Foundation `Date`; nil for a calendar date, which has no instant until
    /// a time zone gives it one (see `date(in:)`).
    public var date: Date? {
        guard case .instant(let milliseconds) = self else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The instant, or for a calendar date the moment it starts in `timeZone` (where a store
    /// in that zone sorts it).
    public func date(in timeZone: TimeZone) -> Date {
        switch self {
        case .day(let day): day.start(in: timeZone)
        case .instant(let milliseconds): Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
    }

    /// The calendar day in a time zone: a calendar date is its own day in every zone, an
    /// instant's day is its local day there.
    public func calendarDay(in timeZone: TimeZone) -> CalendarDay {
        switch self {
        case .day(let day): day
        case .instant: CalendarDay(date(in: timeZone), in: timeZone)
        }
    }

    /// Milliseconds since 1970 of a `Date`, rounded to the nearest; clamped to 64 bits (a NaN
    /// date becomes the earliest, which no store takes).
    static func milliseconds(of date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard !milliseconds.isNaN else { return .min }
        if milliseconds >= 9.2e18 { return .max }
        if milliseconds <= -9.2e18 { return .min }
        return Int64(milliseconds)
    }
}
