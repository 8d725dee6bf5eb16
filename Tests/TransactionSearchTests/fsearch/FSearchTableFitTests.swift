import Foundation
import Testing
import TransactionSearch
@testable import TerminalUI
@testable import fsearch

/// The table fits the terminal: at 60, 80 and 200 columns no line is wider (widths in screen
/// cells: wide characters 2, combining marks 0, emoji 2), cells are cut with `…` and never
/// wrap, amounts line up and are never cut, rows show the id that update and delete take, a
/// card keeps its name, and an account column appears when the rows come from several
/// accounts.
@Suite struct FSearchTableFitTests {
    /// Wide characters, emoji (ZWJ sequences, flags, VS16), combining marks, long descriptors,
    /// two cards ending in the same digits, two accounts, income, a pending row.
    static let csv = """
        id,date,merchant,category,card,account,amount,currency,status
        w1,2026-03-14,セブン-イレブン 東京都千代田区丸の内店,コンビニ,Amex 0005,Main,-4.20,EUR,posted
        w2,2026-03-13,🧑‍💻 GitHub Sponsors ❤️ monthly,Subscriptions,Debit ****0005,Joint,-5.00,USD,pending
        w3,2026-03-12,Cafe\u{301} de Flore Saint-Germain-des-Pre\u{301}s,Food & Drink,Visa 4242,Main,-12.30,EUR,posted
        w4,2026-03-11,AMAZON MKTPLACE PMTS AMZN.COM/BILL WA 98109 ORDER 114-2345678-1234567,Shopping,Visa 4242,Main,-1234.56,EUR,posted
        w5,2026-03-10,Salary ACME GmbH,Income,,Joint,4200.00,EUR,posted
        w6,2026-03-09,한국 식당 서울 🇰🇷,Restaurants 🍜,Amex 0005,Main,-15000,KRW,posted

        """

    static func withData(_ body: (String) throws -> Void) throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("wide.csv")
        try Data(csv.utf8).write(to: file)
        try body(file.path)
    }

    static let ids = ["w1", "w2", "w3", "w4", "w5", "w6"]
    static let amounts = ["-4.20 EUR", "-5.00 USD", "-12.30 EUR", "-1234.56 EUR", "4200.00 EUR", "-15000 KRW"]

    @Test(arguments: [60, 80, 200])
    func everyLineFitsAndAmountsLineUp(columns: Int) throws {
        try FSearchTableFitTests.withData { path in
            let output = try FSearchRunner.run(["--file", path], environment: ["COLUMNS": "\(columns)"])
            #expect(output.status == 0, "\(output.stderr)")
            let lines = output.stdout.split(separator: "\n").map(String.init)
            for line in lines { #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)") }
            var amountEnds: Set<Int> = []
            for (id, amount) in zip(FSearchTableFitTests.ids, FSearchTableFitTests.amounts) {
                let line = try #require(lines.first { $0.hasPrefix("  \(id)  2026-03-") }, "\(columns): no row \(id) in\n\(output.stdout)")
                let range = try #require(line.range(of: amount), "\(columns): the amount of \(id) is cut: \(line)")
                amountEnds.insert(DisplayWidth.of(line[..<range.upperBound]))
            }
            // Right-aligned in screen cells: wide characters counted as 2 keep the column straight.
            #expect(amountEnds.count == 1, "\(columns): amounts end at cells \(amountEnds)\n\(output.stdout)")
            if columns < 200 { #expect(output.stdout.contains("…"), "\(columns): nothing cut?\n\(output.stdout)") }
        }
    }

    @Test func aWideTerminalShowsLongDescriptorsCardNamesAndAccounts() throws {
        try FSearchTableFitTests.withData { path in
            let output = try FSearchRunner.run(["--file", path], environment: ["COLUMNS": "200"])
            #expect(!output.stdout.contains("…"), "\(output.stdout)")
            #expect(output.stdout.contains("AMAZON MKTPLACE PMTS AMZN.COM/BILL WA 98109 ORDER 114-2345678-1234567"))
            #expect(output.stdout.contains("セブン-イレブン 東京都千代田区丸の内店"))
            #expect(output.stdout.contains("Amex ****0005") && output.stdout.contains("Debit ****0005") && output.stdout.contains("Visa ****4242"))
            let salary = try #require(output.stdout.split(separator: "\n").first { $0.contains("Salary ACME") })
            #expect(salary.contains("  Joint  "), "the account column: \(salary)")
        }
    }

    @Test func oneAccountNeedsNoColumnAndNoIDsHidesTheIDs() throws {
        try FSearchTableFitTests.withData { path in
            let main = try FSearchRunner.run(["--file", path, "--account", "Main"], environment: ["COLUMNS": "200"])
            #expect(main.status == 0 && !main.stdout.contains("Main"), "\(main.stdout)")
            let plain = try FSearchRunner.run(["--file", path, "--no-ids"], environment: ["COLUMNS": "200"])
            #expect(plain.stdout.split(separator: "\n").contains { $0.hasPrefix("  2026-03-14  セブン") }, "\(plain.stdout)")
            #expect(!plain.stdout.contains("w1"))
        }
    }

    @Test func theIDShownIsWhatUpdateAndDeleteTake() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store").path
        let csv = "date,merchant,amount\n2026-03-14,Bakery Rossi,-4.20\n"
        #expect(try FSearchRunner.run(["import", "--base", "EUR", "-", "--store", store], input: Data(csv.utf8)).status == 0)
        let found = try FSearchRunner.run(["bakery", "--store", store])
        let row = try #require(found.stdout.split(separator: "\n").first { $0.contains("Bakery Rossi") })
        let id = String(row.split(separator: " ")[0])
        #expect(try FSearchRunner.run(["update", id, "--store", store, "--category", "Food"]).status == 0)
        let deleted = try FSearchRunner.run(["delete", id, "--store", store])
        #expect(deleted.status == 0 && deleted.stdout.hasPrefix("Deleted \(id) "), "\(deleted.stdout) \(deleted.stderr)")
    }

    /// On a terminal of its own (a pseudo-terminal of 100 columns, no COLUMNS): the table fits
    /// the terminal's size, negative amounts are red, matched words bold yellow; with NO_COLOR
    /// nothing is styled.
    @Test(.enabled(if: PseudoTerminal.isAvailable, "needs a pseudo-terminal"))
    func aTerminalGetsItsWidthAndColours() throws {
        try FSearchTableFitTests.withData { path in
            let coloured = try FSearchTableFitTests.runOnTerminal(["--file", path, "flore"], columns: 100)
            let lines = coloured.split(separator: "\n").map { String($0) }
            for line in lines { #expect(DisplayWidth.of(line) <= 100, "\(line)") }
            #expect(coloured.contains("\u{1B}[31m-12.30 EUR\u{1B}[0m"), "\(coloured)")
            #expect(coloured.contains("\u{1B}[1;33mFlore\u{1B}[0m"), "\(coloured)")
            let plain = try FSearchTableFitTests.runOnTerminal(["--file", path], columns: 100, noColor: true)
            #expect(!plain.contains("\u{1B}["), "\(plain)")
            #expect(plain.contains("-12.30 EUR"))
        }
    }

    /// Runs fsearch with its standard output on a pseudo-terminal of `columns` columns and
    /// returns what it wrote (line ends as `\n`).
    static func runOnTerminal(_ arguments: [String], columns: Int, noColor: Bool = false) throws -> String {
        let terminal = try #require(PseudoTerminal.open(columns: columns, rows: 40))
        defer { terminal.close() }
        let process = Process()
        process.executableURL = FSearchRunner.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for name in FSearchRunner.settingVariables + ["NO_COLOR"] { environment[name] = nil }
        if noColor { environment["NO_COLOR"] = "1" }
        process.environment = environment
        process.standardOutput = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        let output = TerminalOutput(master: terminal.master)
        try process.run()
        while process.isRunning { output.read(forMilliseconds: 20) }
        output.read(forMilliseconds: 100)
        return output.text.replacingOccurrences(of: "\r\n", with: "\n")
    }
}
