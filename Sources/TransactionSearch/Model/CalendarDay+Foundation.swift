import Foundation

extension CalendarDay {
    /// The day an instant falls on in a time zone: `CalendarDay(Date(), in: .current)` is today
    /// where the device is.
    public init(_ date: Date, in timeZone: TimeZone) {
        let second = TransactionDate.milliseconds(of: date).floorDivided(by: 1000)
        let local = second &+ Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second))))
        self.init(daysSince1970: Int32(clamping: local.floorDivided(by: 86_400)))
    }

    /// The moment the day starts in a time zone: its local midnight, or the first moment after
    /// a daylight-saving change that skips midnight. A store sorts a calendar date there.
    public func start(in timeZone: TimeZone) -> Date {
        Date(timeIntervalSince1970: Double(timeZone.instant(ofLocalSecond: Int64(daysSince1970) * 86_400)))
    }
}

extension TimeZone {
    /// The instant (seconds since 1970) of a local wall-clock time given as seconds since 1970
    /// as if the zone were UTC, decided as a store decides it (`ZoneClock.instant(ofLocal:)`):
    /// a time skipped by a change moves forward by the gap, one that happens twice takes the
    /// earlier instant.
    func instant(ofLocalSecond local: Int64) -> Int64 {
        func offset(at second: Int64) -> Int64 {
            Int64(secondsFromGMT(for: Date(timeIntervalSince1970: Double(second))))
        }
        let before = offset(at: local - 86_400)
        let after = offset(at: local + 86_400)
        let early = local - before
        let late = local - after
        switch (offset(at: early) == before, offset(at: late) == after) {
        case (true, true): return min(early, late)
        case (false, true): return late
        default: return early  // in a gap: the offset before it carries past it
        }
    }
}
