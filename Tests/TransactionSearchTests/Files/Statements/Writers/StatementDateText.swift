@testable import TransactionSearch

/// The wall-clock parts of an instant at a UTC offset, for the test writers.
struct WallClock {
    var day: CalendarDay
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    /// The wall clock of an instant (milliseconds since 1970) at an offset east of UTC.
    init(milliseconds: Int64, offsetMinutes: Int) {
        let local = milliseconds + Int64(offsetMinutes) * 60_000
        let days = local.floorDivided(by: 86_400_000)
        var rest = Int(local - days * 86_400_000)
        day = CalendarDay(daysSince1970: Int32(days))
        millisecond = rest % 1000
        rest /= 1000
        second = rest % 60
        minute = rest / 60 % 60
        hour = rest / 3600
    }

    /// `YYYYMMDD`.
    static func compact(_ day: CalendarDay) -> String {
        let parts = day.components
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2)
    }
}
