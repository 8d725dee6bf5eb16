import Foundation
import Testing
import TransactionSearch

/// A filter value that no transaction has is named, with the closest value the store has,
/// instead of "No transactions match" blaming the words.
@Suite struct FSearchFilterValueTests {
    static let csv = """
        date,merchant,category,card,account,amount
        2026-03-14,Uncle Bob's Diner,Food,Visa 4242,Main,-12.00
        2026-03-15,Lidl,Groceries,Visa 4242,Main,-30.00
        2026-03-16,Café Central,Café,Amex 1005,Savings,-3.50

        """

    static func run(_ arguments: [String]) throws -> FSearchRunner.Output {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("data.csv")
        try Data(csv.utf8).write(to: file)
        return try FSearchRunner.run(arguments + ["--file", file.path], environment: ["COLUMNS": "200"])
    }

    @Test(arguments: [
        (["uncle", "--category", "Fod"], "No transactions: no category 'Fod'; did you mean Food?"),
        (["--category", "GROCERIESS"], "No transactions: no category 'GROCERIESS'; did you mean Groceries?"),
        (["--category", "cafs"], "No transactions: no category 'cafs'; did you mean Café?"),
        (["--account", "Mian"], "No transactions: no account 'Mian'; did you mean Main?"),
        (["--card", "4243"], "No transactions: no card '4243'; did you mean 4242?"),
        (["--card", "visa 4243"], "No transactions: no card 'visa 4243'; did you mean Visa 4242?"),
        (["--category", "Travel"], "No transactions: no category 'Travel'"),
        (["--category", "none"], "No transactions: every transaction has a category"),
        (["--category", "Fod", "--account", "Mian"], "No transactions: no category 'Fod'; did you mean Food?; no account 'Mian'; did you mean Main?"),
    ] as [([String], String)])
    func aValueNoRowHasIsNamedWithTheClosestOne(arguments: [String], line: String) throws {
        let output = try FSearchFilterValueTests.run(arguments)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == line + "\n", "\(arguments)")
    }

    @Test func wordsThatMatchNothingAreStillBlamedWhenTheFiltersExist() throws {
        let output = try FSearchFilterValueTests.run(["zzqx", "--category", "Food"])
        #expect(output.stdout == "No transactions match 'zzqx'.\n")
    }

    @Test func jsonAndOtherMatchesSayItOnStandardError() throws {
        let json = try FSearchFilterValueTests.run(["--category", "Fod", "--format", "json"])
        #expect(json.status == 0 && json.stderr == "fsearch: note: no category 'Fod'; did you mean Food?\n", "\(json.stderr)")
        let some = try FSearchFilterValueTests.run(["--category", "Fod", "--category", "Food"])
        #expect(some.stdout.contains("Uncle Bob's Diner") && some.stderr.contains("no category 'Fod'; did you mean Food?"), "\(some.stderr)")
        let quiet = try FSearchFilterValueTests.run(["--category", "Fod", "-q"])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }
}
