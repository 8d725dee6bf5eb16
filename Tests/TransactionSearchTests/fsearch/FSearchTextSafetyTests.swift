import Foundation
import Testing
import TransactionSearch

/// Data and typed text reach the terminal visible and harmless: control characters in the
/// table and in messages are shown escaped (JSON and CSV keep the data as it is), and an error
/// quotes what was typed, not a normalised form of it.
@Suite struct FSearchTextSafetyTests {
    static func withFile(_ contents: String, name: String = "data.csv", _ body: (String) throws -> Void) throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        try body(file.path)
    }

    /// A terminal control sequence (ESC), a bell, a C1 control and a bidirectional override.
    static let hostile = "date,merchant,category,card,amount\n2026-03-14,\u{1B}[2JEvil\u{7} Shop,Food\u{9B}31m,Visa\u{1B}]0;x\u{7} 4242,-1.00\n"
        + "2026-03-15,Plain \u{202E}txet,,,-2.00\n"

    @Test func theTableShowsControlCharactersEscaped() throws {
        try FSearchTextSafetyTests.withFile(FSearchTextSafetyTests.hostile) { path in
            for arguments in [["--file", path], ["--file", path, "--group", "merchant"], ["--file", path, "--group", "category"],
                              ["evil", "--file", path, "--group", "card"], ["\u{1B}[2J", "--file", path]] {
                let output = try FSearchRunner.run(arguments)
                #expect(output.status == 0, "\(arguments): \(output.stderr)")
                let raw = output.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
                #expect(raw.isEmpty, "\(arguments): raw controls \(raw.map { String($0.value, radix: 16) }) in\n\(output.stdout)")
            }
            let table = try FSearchRunner.run(["--file", path])
            #expect(table.stdout.contains("\\u{1B}[2JEvil\\u{7} Shop"), "\(table.stdout)")
            #expect(table.stdout.contains("Food\\u{9B}31m"), "\(table.stdout)")
            #expect(table.stdout.contains("Plain \\u{202E}txet"), "\(table.stdout)")
            let nothing = try FSearchRunner.run(["\u{1B}[2Jzzqx", "--file", path])
            #expect(nothing.stdout == "No transactions match '\\u{1B}[2Jzzqx'.\n", "\(nothing.stdout)")
        }
    }

    @Test func jsonAndCSVKeepTheDataAsItIs() throws {
        try FSearchTextSafetyTests.withFile(FSearchTextSafetyTests.hostile) { path in
            let json = try FSearchRunner.run(["--file", path, "--format", "json"])
            let rows = try #require(try FSearchTests.json(json.stdout)["rows"] as? [[String: Any]])
            #expect(rows.map { $0["merchant"] as? String } == ["Plain \u{202E}txet", "\u{1B}[2JEvil\u{7} Shop"])
            let csv = try FSearchRunner.run(["--file", path, "--format", "csv"])
            #expect(csv.stdout.contains("\u{1B}[2JEvil\u{7} Shop,Food\u{9B}31m,,Visa\u{1B}]0;x\u{7} 4242"), "\(csv.stdout)")
        }
    }

    @Test func messagesQuoteDataWithInvisibleCharactersMadeVisible() throws {
        let csv = "date,merchant,amount\n2026-03-14,A,\u{FEFF}-1.00\n2026-03-14,B,-1.00\u{0}\n2026-03-14,C,\u{1B}[31m-1\n"
        try FSearchTextSafetyTests.withFile(csv) { path in
            let output = try FSearchRunner.run(["check", "--file", path])
            #expect(output.status == 65)
            #expect(output.stderr.contains("line 2, amount: \"\\u{FEFF}-1.00\" is not a decimal number"), "\(output.stderr)")
            #expect(output.stderr.contains("line 3, amount: \"-1.00\\u{0}\" is not a decimal number"), "\(output.stderr)")
            #expect(output.stderr.contains("line 4, amount: \"\\u{1B}[31m-1\" is not a decimal number"), "\(output.stderr)")
            #expect(!output.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(output.stderr)")
        }
        let option = try FSearchRunner.run(["--group", "day\u{1B}[2J"])
        #expect(option.status == 64 && option.stderr.contains("--group 'day\\u{1B}[2J' is not one of"), "\(option.stderr)")
    }

    @Test(arguments: [
        ("9999-12-31T00:00:00Z", "\"9999-12-31T00:00:00Z\" is out of range: dates must fall in years 0001-9999 (instants 0001-01-02 to 9999-12-30 UTC)"),
        ("0001-01-01T00:30:00+01:00", "\"0001-01-01T00:30:00+01:00\" is out of range"),
        ("0000-06-01", "\"0000-06-01\" is out of range"),
        ("2026-02-30", "\"2026-02-30\" is not a day: February 2026 has 28 days"),
    ])
    func aBadDateQuotesWhatWasTypedAndSaysTheRange(date: String, message: String) throws {
        let csv = "date,merchant,amount\n\(date),A,-1.00\n"
        try FSearchTextSafetyTests.withFile(csv) { path in
            let output = try FSearchRunner.run(["--file", path])
            #expect(output.status == 65)
            #expect(output.stderr.contains("line 2, date: " + message), "\(output.stderr)")
        }
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store").path
        #expect(try FSearchRunner.run(["import", "--base", "EUR", "-", "--store", store], input: Data("date,merchant,amount\n2026-03-14,A,-1\n".utf8)).status == 0)
        let added = try FSearchRunner.run(["add", "--store", store, "--date", date, "--merchant", "x", "--amount", "-1"])
        #expect(added.status == 64 || added.status == 65, "\(added.stderr)")
        #expect(added.stderr.contains(message), "\(added.stderr)")
        #expect(!added.stderr.contains("0000-12-31T23"), "\(added.stderr)")
    }
}
