import Foundation
@testable import TransactionSearch

/// A seeded generator (PlantedRandom): the same seed gives the same ledger on every platform.
struct PlantedRandom: RandomNumberGenerator {
    /// The generator state.
    private var state: UInt64

    /// A generator starting at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Dates for the tests, computed with Foundation's Gregorian calendar in UTC: an oracle
/// independent of the detector's own calendar.
enum PlantedDate {
    /// The Gregorian calendar in UTC.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Days since 1970-01-01 of a date.
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int32 {
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return Int32((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Year, month and day of a day number.
    static func parts(_ day: Int32) -> (year: Int, month: Int, day: Int) {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year!, parts.month!, parts.day!)
    }

    /// The weekday of a day number, 0 = Monday ... 6 = Sunday.
    static func weekday(_ day: Int32) -> Int {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        return (calendar.component(.weekday, from: date) + 5) % 7
    }

    /// The number of days in a month.
    static func daysIn(_ year: Int, _ month: Int) -> Int {
        calendar.range(of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month, day: 1))!)!.count
    }

    /// `YYYY-MM-DD` of a day number, for failure messages.
    static func text(_ day: Int32) -> String {
        let p = parts(day)
        return String(format: "%04d-%02d-%02d", p.year, p.month, p.day)
    }
}

/// Builds candidate lists for unit tests: one payee, rows numbered in order.
struct CandidateRows {
    /// The candidates so far.
    var candidates: [RecurringCandidate] = []

    /// Adds a row on `day` of `amount` minor units at `payee` (key: the payee lower-cased).
    mutating func add(_ day: Int32, _ amount: Int64, _ payee: String, currency: String = "USD") {
        candidates.append(RecurringCandidate(
            row: candidates.count, day: day, amountMinorUnits: amount, currency: currency,
            payeeKey: payee.lowercased(), payee: payee))
    }
}
