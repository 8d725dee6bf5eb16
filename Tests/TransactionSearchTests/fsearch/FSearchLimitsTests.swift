import Foundation
import Testing
import TransactionSearch
import TransactionSearchSupport

/// fsearch at the ends of its numeric options: pages past `Int.max`, amounts of 19 digits,
/// days outside the calendar. It answers or refuses with one clear line; it never traps.
@Suite struct FSearchLimitsTests {
    @Test func theLargestOffsetShowsNoneOfTheRows() throws {
        let wide = ["COLUMNS": "200"]  // the summary on one line
        let output = try FSearchRunner.run(["--offset", "9223372036854775807"], environment: wide)
        #expect(!output.signaled && output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("2000 transactions · ") && output.stdout.contains(" · showing none of 2000 · "), "\(output.stdout)")
        let last = try FSearchRunner.run(["--offset", "1999", "--limit", "9223372036854775807"], environment: wide)
        #expect(last.status == 0 && last.stdout.contains(" · showing 2000-2000 of 2000 · "), "\(last.stdout)")
    }

    @Test(arguments: [
        (["--offset", "9223372036854775808"], "--offset needs a whole number from 0 to 9223372036854775807, not '9223372036854775808'"),
        (["--limit", "-1"], "--limit needs a whole number from 0 to 9223372036854775807, not '-1'"),
        (["--min", "1234567890123456789"], "--min '1234567890123456789' has too many digits"),
        (["--max", "0.0000000000000000001"], "at most 18 after the point"),
        (["--from", "0000-12-31"], "--from: \"0000-12-31\" is out of range: dates must fall in years 0001-9999"),
        (["--to", "2026-03-14T10:00:00Z"], "--to '2026-03-14T10:00:00Z' is not a date as YYYY-MM-DD"),
    ])
    func outOfRangeValuesAreUsageErrorsThatSayTheRange(arguments: [String], message: String) throws {
        let output = try FSearchRunner.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func aTinyBoundIsAnExactAmount() throws {
        let output = try FSearchRunner.run(["--max", "0.000000000000000001", "--min", "-0.000000000000000001", "-q"])
        #expect(output.status == 1 && output.stderr.isEmpty, "nothing lies in [-1e-18, 1e-18]: \(output.stderr)")
    }

    static let counts = [
        "9223372036854775807", "9223372036854775806", "9223372036854775808", "18446744073709551616", "-1", "0", "1",
        "1999", "2000", "2001", "", "+5", "1e3",
    ]
    static let numbers = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "0", "1", "-1", "+5", "999999999999999999", "-999999999999999999", "1000000000000000000", "0.000000000000000001",
        "-0.0000000000000000001", "12.5", "1e308", "", " ", "NaN", "0x10", "1_000", "١٢", "\u{7}", "12\u{1B}[0m",
    ]
    static let days = [
        "0001-01-01", "9999-12-31", "0000-01-01", "10000-01-01", "2026-02-29", "2024-02-29", "-2026-01-01", "2026-1-1",
        "9999-12-31T23:59:59Z", "2026-03-14", "", "\u{FEFF}2026-03-14",
    ]

    /// ~30 runs of the binary with random extreme values of the numeric options, each ending
    /// with an exit code fsearch documents and at most one message line (and one hint).
    @Test func randomExtremeOptionsNeverKillFsearch() throws {
        let seed: UInt64 = 6_400
        var random = SeededRandom(seed: seed)
        for run in 0..<(30 * RandomScale.factor) {
            var arguments: [String] = []
            for option in ["limit", "offset", "min", "max", "from", "to"] where random.chance(0.4) {
                let values = switch option {
                case "from", "to": FSearchLimitsTests.days
                case "limit", "offset": FSearchLimitsTests.counts
                default: FSearchLimitsTests.numbers
                }
                arguments += ["--\(option)", random.pick(values)]
            }
            if random.chance(0.5) { arguments += ["--format", random.pick(["table", "json", "csv"])] }
            if random.chance(0.3) { arguments += ["--group", random.pick(["day", "month", "card"])] }
            let output = try FSearchRunner.run(arguments)
            let context = "seed \(seed) run \(run): \(arguments)"
            #expect(!output.signaled, "\(context): killed by signal \(output.status)\n\(output.stderr)")
            #expect([0, 1, 64, 65].contains(output.status), "\(context): exit \(output.status)\n\(output.stderr)")
            let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if output.status == 0 {
                #expect(output.stderr.isEmpty, "\(context): \(output.stderr)")
            } else {
                #expect(lines.first?.hasPrefix("fsearch: ") == true && lines.count <= 2, "\(context): \(output.stderr)")
                #expect(lines.count < 2 || lines.last?.hasPrefix("hint: ") == true, "\(context): \(output.stderr)")
                #expect(!output.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(context): a raw control character")
            }
        }
    }
}
