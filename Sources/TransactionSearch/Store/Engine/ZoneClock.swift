import Foundation

/// A store's time zone turned into integer arithmetic: the UTC offset at any instant from a
/// table of the zone's transitions, so that the day and month of a row cost a binary search,
/// not a `Calendar` call (3-6 us each here, docs/measurements.md).
///
/// The table covers 1900-2200; outside it the zone is asked directly.
package struct ZoneClock: Sendable {
    let timeZone: TimeZone
    /// Seconds since 1970 at which the offset changes, ascending.
    private let transitions: [Int64]
    /// `offsets[i]` holds before `transitions[i]` and from `transitions[i - 1]`.
    private let offsets: [Int32]
    /// The smallest and largest offsets the zone takes in the table, in seconds.
    let offsetRange: ClosedRange<Int64>

    private static let tableStart: Int64 = -2_208_988_800  // 1900-01-01
    private static let tableEnd: Int64 = 7_258_118_400  // 2200-01-01
    static let secondsPerDay: Int64 = 86_400

    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var transitions: [Int64] = []
        var offsets: [Int32] = [Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(ZoneClock.tableStart))))]
        var cursor = Date(timeIntervalSince1970: Double(ZoneClock.tableStart))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 < Double(ZoneClock.tableEnd) {
            transitions.append(Int64(next.timeIntervalSince1970.rounded(.down)))
            offsets.append(Int32(timeZone.secondsFromGMT(for: next)))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        let low = Int64(offsets.min()!)
        let high = Int64(offsets.max()!)
        offsetRange = low...high
    }

    /// Seconds east of UTC at `second` (seconds since 1970).
    func offset(atSecond second: Int64) -> Int64 {
        guard second >= ZoneClock.tableStart, second < ZoneClock.tableEnd else {
            return Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second))))
        }
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= second { low = middle + 1 } else { high = middle }
        }
        return Int64(offsets[low])
    }

    /// The local day (days since 1970) of an instant in milliseconds.
    func day(ofInstant milliseconds: Int64) -> Int32 {
        let second = milliseconds.floorDivided(by: 1000)
        return Int32((second + offset(atSecond: second)).floorDivided(by: ZoneClock.secondsPerDay))
    }

    /// The instant of a local wall-clock time (milliseconds since 1970 as if the zone were UTC).
    /// A time skipped by a forward transition moves forward by the gap (02:30 becomes 03:30);
    /// a time that happens twice takes the earlier instant.
    package func instant(ofLocal localMilliseconds: Int64) -> Int64 {
        let local = localMilliseconds.floorDivided(by: 1000)
        let remainder = localMilliseconds - local * 1000
        let before = offset(atSecond: local - ZoneClock.secondsPerDay)
        let after = offset(atSecond: local + ZoneClock.secondsPerDay)
        let early = local - before
        let late = local - after
        let earlyValid = offset(atSecond: early) == before
        let lateValid = offset(atSecond: late) == after
        let second: Int64
        switch (earlyValid, lateValid) {
        case (true, true): second = min(early, late)
        case (true, false): second = early
        case (false, true): second = late
        case (false, false): second = early  // in a gap: the offset before it carries past it
        }
        return second * 1000 + remainder
    }

    /// The instant at which a local day starts (its midnight, or the first moment after a gap).
    func startOfDay(_ day: Int32) -> Int64 {
        instant(ofLocal: Int64(day) * ZoneClock.secondsPerDay * 1000)
    }

    /// Instants (milliseconds) that can fall on local days `first...last`: every row of those days
    /// has its instant in this range, though not every instant in it is on those days.
    func instantWindow(days first: Int32, _ last: Int32) -> ClosedRange<Int64> {
        let low = (Int64(first) * ZoneClock.secondsPerDay - offsetRange.upperBound - ZoneClock.secondsPerDay) * 1000
        let high = ((Int64(last) + 1) * ZoneClock.secondsPerDay - offsetRange.lowerBound + ZoneClock.secondsPerDay) * 1000
        return low...high
    }
}
