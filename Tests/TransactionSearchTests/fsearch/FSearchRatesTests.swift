import Foundation
import Testing
import TransactionSearch

/// `--rates FILE` converts totals only: a row's currency comes from the row or the store's
/// base, never from the rates file; a total that cannot be converted says why.
@Suite struct FSearchRatesTests {
    static let csv = "date,merchant,amount,currency\n2026-03-14,Cafe,-1.50,\n2026-03-15,Shop,-2.00,USD\n"

    /// Runs fsearch on `csv` with a rates file holding `rates`.
    static func run(rates: String, _ arguments: [String], csv: String = FSearchRatesTests.csv) throws -> FSearchRunner.Output {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data.csv"), file = directory.appendingPathComponent("rates.json")
        try Data(csv.utf8).write(to: data)
        try Data(rates.utf8).write(to: file)
        // Wide enough that a group's header (title, count, sums, base note) is one line.
        return try FSearchRunner.run(["--file", data.path, "--rates", file.path] + arguments, environment: ["COLUMNS": "200", "LANG": "en_GB.UTF-8"])
    }

    @Test func aRowWithoutACurrencyKeepsTheStoresBaseWhateverTheRatesBase() throws {
        let output = try FSearchRatesTests.run(rates: #"{"base": "USD", "rates": {"EUR": "1.10"}}"#, ["--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try FSearchTests.json(output.stdout)
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.map { $0["currency"] as? String } == ["USD", "EUR"])
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["sums"] as? [String: String] == ["EUR": "-1.50", "USD": "-2.00"])
        #expect(total["base"] as? String == "-3.65")
        #expect(document["baseCurrency"] as? String == "USD")
        let table = try FSearchRatesTests.run(rates: #"{"base": "USD", "rates": {"EUR": "1.10"}}"#, [])
        #expect(table.stdout.contains("-1.50 EUR") && table.stdout.contains("(≈ -3.65 USD)"), "\(table.stdout)")
    }

    @Test func aRatesFileBasedInJPYIsAccepted() throws {
        let output = try FSearchRatesTests.run(rates: #"{"base": "JPY", "rates": {"EUR": "160", "USD": 150}}"#, ["--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let total = try #require(try FSearchTests.json(output.stdout)["total"] as? [String: Any])
        #expect(total["base"] as? String == "-540")
    }

    @Test func aStoreDirectoryTakesRatesInAnotherBase() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data.csv"), rates = directory.appendingPathComponent("rates.json")
        try Data(FSearchRatesTests.csv.utf8).write(to: data)
        try Data(#"{"base": "USD", "rates": {"EUR": "2"}}"#.utf8).write(to: rates)
        let store = directory.appendingPathComponent("store").path
        #expect(try FSearchRunner.run(["import", "--base", "EUR", data.path, "--store", store]).status == 0)
        let output = try FSearchRunner.run(["--store", store, "--rates", rates.path, "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect((try FSearchTests.json(output.stdout)["total"] as? [String: Any])?["base"] as? String == "-5.00")
    }

    @Test func aRateOfEighteenFractionDigitsIsExactAndNineteenAreRefusedSayingTheLimit() throws {
        let tiny = try FSearchRatesTests.run(rates: #"{"base": "EUR", "rates": {"USD": "0.000000000000000001"}}"#, ["--format", "json"])
        #expect(tiny.status == 0, "\(tiny.stderr)")
        #expect((try FSearchTests.json(tiny.stdout)["total"] as? [String: Any])?["base"] as? String == "-1.50")
        let tooSmall = try FSearchRatesTests.run(rates: #"{"base": "EUR", "rates": {"USD": "0.0000000000000000001"}}"#, [])
        #expect(tooSmall.status == 65)
        #expect(tooSmall.stderr.contains("USD") && tooSmall.stderr.contains("at most 18"), "\(tooSmall.stderr)")
        let tooLarge = try FSearchRatesTests.run(rates: #"{"base": "EUR", "rates": {"USD": "12345678901234567890"}}"#, [])
        #expect(tooLarge.status == 65 && tooLarge.stderr.contains("at most 18"), "\(tooLarge.stderr)")
    }

    @Test func aTotalTooLargeToConvertSaysSoInTheTableAndTheJSON() throws {
        // 10^15 cents at a rate of 18 digits, at the scale of a rate with 18 fraction digits:
        // about 10^49, beyond 128-bit arithmetic.
        let csv = FSearchRatesTests.csv.replacingOccurrences(of: "-2.00,USD", with: "-9999999999999.99,USD") + "2026-03-15,Kiosk,1,JPY\n"
        let rates = #"{"base": "EUR", "rates": {"USD": "999999999999999999", "JPY": "0.000000000000000001"}}"#
        let table = try FSearchRatesTests.run(rates: rates, ["--group", "day"], csv: csv)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("14/03/26 · 1 transaction · -1.50 EUR (≈ -1.50 EUR)"), "\(table.stdout)")
        #expect(table.stdout.contains("15/03/26 · 2 transactions · 1 JPY, -9999999999999.99 USD (base total unavailable: the exact total in EUR is too large to compute exactly)"),
                "\(table.stdout)")
        let json = try FSearchRatesTests.run(rates: rates, ["--group", "day", "--format", "json"], csv: csv)
        let document = try FSearchTests.json(json.stdout)
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["base"] == nil)
        #expect((total["baseProblem"] as? String)?.contains("too large") == true, "\(total)")
        let groups = try #require(document["groups"] as? [[String: Any]])
        #expect(groups.map { $0["base"] as? String } == [nil, "-1.50"])
        #expect(groups.map { $0["baseProblem"] != nil } == [true, false])
        let large = try FSearchRatesTests.run(rates: #"{"base": "EUR", "rates": {"USD": "999999999999999999"}}"#, ["--format", "json"])
        #expect((try FSearchTests.json(large.stdout)["total"] as? [String: Any])?["base"] as? String == "-1999999999999999999.50",
                "a large rate on a small sum is exact in 128 bits")
    }

    @Test func aMissingRateIsNamed() throws {
        let output = try FSearchRatesTests.run(rates: #"{"base": "EUR", "rates": {"GBP": "1.17"}}"#, ["--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let total = try #require(try FSearchTests.json(output.stdout)["total"] as? [String: Any])
        #expect(total["baseProblem"] as? String == "no rate for USD")
    }

    @Test(arguments: [
        (#"{"base": "EUR", "rates": {"USD": "0.92", "USD": "0.5"}}"#, "the key \"USD\" appears twice"),
        (#"{"base": "EUR", "base": "USD", "rates": {}}"#, "the key \"base\" appears twice"),
        (#"{"base": "EUR", "rates": {"USD": "-0.92"}}"#, "the rate of USD must be positive"),
        (#"{"base": "EUR", "rates": {"USD": "abc"}}"#, "the rate of USD, \"abc\", is not a decimal number"),
        (#"{"base": "EURO", "rates": {}}"#, "\"EURO\" is not a three-letter currency code"),
        (#"{"base": "EUR", "rates": {"USD": "0.92"}"#, "invalid JSON"),
    ])
    func aBadRatesFileIsRefusedWithItsReason(rates: String, message: String) throws {
        let output = try FSearchRatesTests.run(rates: rates, [])
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
