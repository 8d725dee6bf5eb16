import Foundation
import Testing
import TransactionSearch

/// Help that describes each command as it is, one version everywhere, a hint that fits each
/// error, and a first run without the sample that says how to start.
@Suite struct FSearchHelpTests {
    @Test func theMainHelpListsEveryCommandAndWhatImportReads() throws {
        let help = try FSearchRunner.run(["--help"]).stdout
        for command in ["inspect", "import", "add", "update", "delete", "export", "stats", "check", "compact"] {
            #expect(help.contains("  fsearch \(command) "), "\(command)")
        }
        #expect(!help.contains("Import CSV or JSON"))
        #expect(help.contains("OFX/QFX, QIF, camt, MT940") && help.contains("FSEARCH_STORE"))
    }

    @Test func eachCommandDescribesItsOwnOptions() throws {
        let update = try FSearchRunner.run(["update", "--help"]).stdout
        #expect(update.contains("A new id for the transaction") && !update.contains("generated when absent"), "\(update)")
        #expect(try FSearchRunner.run(["add", "--help"]).stdout.contains("The id (generated when absent)."))
        for (command, verb) in [("export", "export"), ("stats", "measure"), ("check", "check"), ("", "search")] {
            let help = try FSearchRunner.run((command.isEmpty ? [] : [command]) + ["--help"]).stdout
            #expect(help.contains("A file to \(verb)"), "\(command)")
            if verb != "search" { #expect(!help.contains("A file to search"), "\(command)") }
            #expect(help.contains("$FSEARCH_STORE"), "\(command)")
        }
    }

    @Test func theVersionIsTheLibrarysAndTheChangelogsNewest() throws {
        let output = try FSearchRunner.run(["--version"])
        #expect(output.stdout == "fsearch \(TransactionSearchRelease.version)\n")
        let changelog = try String(contentsOf: TestFiles.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.split(separator: "\n").first { $0.hasPrefix("## ") } == "## \(TransactionSearchRelease.version)")
    }

    @Test(arguments: [
        ("date:2026-13", "hint: a date is 2026-03-14, a month 2026-03", "quote"),
        ("date:2026-02-30", "hint: a date is 2026-03-14", "quote"),
        ("amount>abc", "hint: an amount is a size without a sign", "quote a word"),
        ("status:done", "hint: status:pending or status:posted", "quote"),
        ("merchant>x", "hint: only amount and date compare with < and >", "quote"),
        ("amount>", "hint: put the value right after it, with no space: amount>50", "quote"),
        ("amout>5", "hint: to search the text itself, quote it: '\"amout>5\"'", "a date is"),
    ])
    func eachQueryErrorHasAHintOfItsKind(term: String, hint: String, never: String) throws {
        let output = try FSearchRunner.run([term])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains(hint), "\(term): \(output.stderr)")
        let hintLine = output.stderr.split(separator: "\n").first { $0.hasPrefix("hint: ") } ?? ""
        #expect(!hintLine.contains(never), "\(term): \(hintLine)")
    }

    @Test func aDayThatDoesNotExistIsSaidSo() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store").path
        #expect(try FSearchRunner.run(["import", "--base", "EUR", "-", "--store", store], input: Data("id,date,merchant,amount\na1,2026-03-14,A,-1\n".utf8)).status == 0)
        let update = try FSearchRunner.run(["update", "a1", "--store", store, "--date", "2026-02-30"])
        #expect(update.status == 64 && update.stderr.contains("\"2026-02-30\" is not a day: February 2026 has 28 days"), "\(update.stderr)")
        #expect(!update.stderr.contains("ISO 8601"))
        let month = try FSearchRunner.run(["--from", "2026-13-01"])
        #expect(month.stderr.contains("--from '2026-13-01' is not a date: there is no month 13"), "\(month.stderr)")
        let leap = try FSearchRunner.run(["--to", "2027-02-29"])
        #expect(leap.stderr.contains("February 2027 has 28 days"), "\(leap.stderr)")
    }

    @Test func withoutTheSampleItSaysHowToStartWithOnesOwnFile() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("fsearch")
        try FileManager.default.copyItem(at: FSearchRunner.binary, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["coffee"]
        var environment = ProcessInfo.processInfo.environment
        environment["FSEARCH_STORE"] = nil
        process.environment = environment
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 66, "\(text)")
        #expect(text.contains("fsearch inspect FILE") && text.contains("fsearch import FILE --store DIR") && text.contains("FSEARCH_STORE"), "\(text)")
    }
}
