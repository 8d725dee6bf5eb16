import Foundation

/// Where a store's "today" comes from, for relative dates in queries (`date:last-month`):
/// the system clock by default; a fixed day or instant, or a clock of one's own, for tests,
/// scripts and simulations (`fsearch --today 2026-03-14`). Today is the local day of "now" in
/// the store's time zone (a fixed day is that day whatever the zone).
///
/// Set it with `TransactionStore.clock`.
public struct StoreClock: Sendable {
    private enum Source: Sendable {
        case system
        case now(@Sendable () -> Date)
        case day(CalendarDay)
    }

    private let source: Source

    private init(_ source: Source) {
        self.source = source
    }

    /// The system clock: today changes at each local midnight.
    public static let system = StoreClock(.system)

    /// Always the same day, in every zone.
    public static func fixed(day: CalendarDay) -> StoreClock {
        StoreClock(.day(day))
    }

    /// Always the same instant: today is its local day in the store's zone.
    public static func fixed(at instant: Date) -> StoreClock {
        StoreClock(.now { instant })
    }

    /// A clock of one's own: `now` is asked each time today is needed (it must be cheap and
    /// may be called from any thread).
    public init(now: @escaping @Sendable () -> Date) {
        source = .now(now)
    }

    /// Whether today can change on its own (the system clock or a clock of one's own), so that
    /// live queries with relative dates must be looked at again after midnight.
    public var moves: Bool {
        if case .day = source { return false }
        return true
    }

    /// Now in milliseconds since 1970, or nil for a fixed day.
    func nowMilliseconds() -> Int64? {
        switch source {
        case .system: StoreClock.milliseconds(of: Date())
        case .now(let now): StoreClock.milliseconds(of: now())
        case .day: nil
        }
    }

    /// An instant in milliseconds, kept within about ±285,000 years (a clock of one's own
    /// could say anything; the day arithmetic must not overflow).
    private static func milliseconds(of date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite else { return 0 }
        return Int64(min(max(value, -9e15), 9e15))
    }

    /// Today in a zone.
    func today(in zone: ZoneClock) -> CalendarDay {
        switch source {
        case .day(let day): return day
        case .system, .now:
            return CalendarDay(daysSince1970: zone.day(ofInstant: nowMilliseconds() ?? 0))
        }
    }

    /// Milliseconds from now until the next local midnight in a zone; nil for a fixed day.
    func millisecondsUntilTomorrow(in zone: ZoneClock) -> Int64? {
        guard let now = nowMilliseconds() else { return nil }
        let tomorrow = zone.startOfDay(zone.day(ofInstant: now) + 1)
        return max(0, tomorrow - now)
    }
}
