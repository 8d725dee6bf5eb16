import Foundation
import Testing
import TransactionSearch

/// What a person sets once: `FSEARCH_STORE` for every command's store, the date form from the
/// locale or `--date-format`, and `--from`/`--to` said as periods (`last-month`).
@Suite struct FSearchDefaultsTests {
    @Test func fsearchStoreIsTheStoreOfEveryCommand() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["FSEARCH_STORE": directory.appendingPathComponent("money").path]
        let csv = "date,merchant,amount\n2026-03-14,Bakery Rossi,-4.20\n"
        let file = directory.appendingPathComponent("march.csv")
        try Data(csv.utf8).write(to: file)
        let before = try FSearchRunner.run(["bakery"], environment: environment)
        #expect(before.status == 66 && before.stderr.contains("no store at"), "\(before.stderr)")
        let imported = try FSearchRunner.run(["import", "--base", "EUR", file.path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let inspected = try FSearchRunner.run(["inspect", file.path], environment: environment)
        #expect(inspected.stdout.contains("already present as"), "\(inspected.stdout)")
        let added = try FSearchRunner.run(["add", "--base", "EUR", "--date", "2026-03-15", "--merchant", "Bakery Bianchi", "--amount", "-2"], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try FSearchRunner.run(["update", id, "--notes", "bread"], environment: environment).status == 0)
        let found = try FSearchRunner.run(["bakery", "--format", "csv"], environment: environment)
        #expect(found.stdout.contains("Bakery Bianchi") && found.stdout.contains("bread") && found.stdout.contains("Bakery Rossi"), "\(found.stdout)")
        #expect(try FSearchRunner.run(["delete", id], environment: environment).status == 0)
        #expect(try FSearchRunner.run(["check"], environment: environment).stdout.hasPrefix("ok: "))
        #expect(try FSearchRunner.run(["export"], environment: environment).stdout.contains("Bakery Rossi"))
        // --file and --store still choose for one command.
        #expect(try FSearchRunner.run(["lidl", "--file", file.path, "-q"], environment: environment).status == 1)
    }

    @Test(arguments: [
        ([String: String](), [String](), "2024-11-01"), (["LANG": "en_US.UTF-8"], [], "11/01/24"), (["LANG": "de_DE.UTF-8"], [], "01/11/24"),
        (["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"], [], "11/01/24"), (["LANG": "C"], [], "2024-11-01"),
        (["LANG": "en_US.UTF-8"], ["--date-format", "iso"], "2024-11-01"), ([:], ["--date-format", "dmy"], "01/11/24"),
        ([:], ["--date-format", "MDY"], "11/01/24"),
    ] as [([String: String], [String], String)])
    func datesFollowTheLocaleUnlessDateFormatSays(environment: [String: String], arguments: [String], day: String) throws {
        // t0 is the sample's first row, 2024-11-01 (UTC); a New York store keeps the same day.
        let output = try FSearchRunner.run(["--sort", "date-asc", "--limit", "1", "--tz", "America/New_York"] + arguments, environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("  t0  \(day)  "), "\(output.stdout)")
    }

    @Test func aBadDateFormatSaysWhatIsAllowed() throws {
        let output = try FSearchRunner.run(["--date-format", "ymd"])
        #expect(output.status == 64 && output.stderr.contains("--date-format 'ymd' is not one of iso|dmy|mdy"), "\(output.stderr)")
    }

    @Test(arguments: ["last-month", "this-year", "last-week", "yesterday", "today", "last-30-days", "this-month", "last-year", "this-week"])
    func fromAndToTakePeriods(period: String) throws {
        let store = try FSearchTests.sampleStore()
        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 10, day: 14))
        let output = try FSearchRunner.run(["--from", period, "--to", period, "--today", "2026-10-14", "--format", "json", "--limit", "0"])
        #expect(output.status == 0, "\(output.stderr)")
        let total = try #require(try FSearchTests.json(output.stdout)["total"] as? [String: Any])
        #expect(total["count"] as? Int == store.search(try Query(parsing: "date:\(period)")).total.count, "\(period)")
        let open = try FSearchRunner.run(["--from", period, "--today", "2026-10-14", "--format", "json", "--limit", "0"])
        let openTotal = try #require(try FSearchTests.json(open.stdout)["total"] as? [String: Any])
        #expect(openTotal["count"] as? Int == store.search(try Query(parsing: "date>=\(period)")).total.count, "\(period)")
    }

    @Test func aPeriodThatIsNoneSaysWhichAre() throws {
        let output = try FSearchRunner.run(["--from", "lastmonth"])
        #expect(output.status == 64 && output.stderr.contains("--from 'lastmonth' is not a date"), "\(output.stderr)")
        #expect(output.stderr.contains("last-month"))
    }
}
