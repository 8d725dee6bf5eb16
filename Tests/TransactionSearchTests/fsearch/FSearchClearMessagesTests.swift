import Foundation
import Testing

/// Messages that say what is wrong, where, in words: each case is a file, the arguments, and
/// what the message must say (and must not), with the exit status.
@Suite(.enabled(if: FSearchRunner.isBuilt, "the fsearch binary is built beside the tests"))
struct FSearchClearMessagesTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var files: [String: [UInt8]]
        var arguments: [String]
        var status: Int32
        var says: [String]
        var neverSays: [String] = ["\\u{0}", "Backtrac", "(The data", "column column", "line 1: line"]
        var description: String { name }
    }

    static let bankCSV = "Date,Description,Amount\n2026-03-01,Bakery,-4.20\n"

    static let cases: [Case] = [
        Case(name: "UTF-16 without a byte order mark is read", files: ["a.csv": Array(bankCSV.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })],
             arguments: ["inspect", "a.csv"], status: 0, says: ["bank-csv, UTF-16LE", "Bakery"]),
        Case(name: "UTF-32 without a byte order mark is read",
             files: ["a.csv": Array(bankCSV.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } })],
             arguments: ["--file", "a.csv", "bakery"], status: 0, says: ["Bakery"]),
        Case(name: "a profile field of the wrong type is named", files: ["a.csv": Array(bankCSV.utf8), "p.json": Array(#"{"dateOrder": 7}"#.utf8)],
             arguments: ["--file", "a.csv", "--profile", "p.json"], status: 65, says: ["p.json: not a bank CSV profile: dateOrder: a string expected"]),
        Case(name: "a profile column out of range is named",
             files: ["a.csv": Array(bankCSV.utf8), "p.json": Array(#"{"columns": {"date": {"position": 9223372036854775807}}}"#.utf8)],
             arguments: ["--file", "a.csv", "--profile", "p.json"], status: 65, says: ["columns.date.position: a position is from 0 to 9999"]),
        Case(name: "a quote never closed is told once, on its line",
             files: ["q.csv": Array("Date,Description,Amount\n2026-03-01,\"Bakery,-4.20\n2026-03-02,Cinema,-9\n".utf8)],
             arguments: ["--file", "q.csv", "x"], status: 65, says: ["q.csv: line 2: a quoted field opens on this line and is never closed"]),
        Case(name: "a column number past the file's", files: ["a.csv": Array(bankCSV.utf8)],
             arguments: ["--file", "a.csv", "--map", "date=#9"], status: 65,
             says: ["the options name column #9 as the date column, but the file has no such column (it has 3)"]),
        Case(name: "a column number too large to be one", files: ["a.csv": Array(bankCSV.utf8)],
             arguments: ["--file", "a.csv", "--map", "date=#9223372036854775807"], status: 64, says: ["#9223372036854775807 is no column"]),
        Case(name: "a 20-digit amount is an amount with too many digits",
             files: ["big.csv": Array("Date,Description,Amount\n2026-03-01,Bakery,-123456789012345678901.00\n".utf8)],
             arguments: ["--file", "big.csv", "x"], status: 65, says: ["big.csv: line 2, amount: \"-123456789012345678901.00\" has too many digits"],
             neverSays: ["no amount"]),
        Case(name: "a huge facet limit is no allocation", files: ["a.csv": Array(bankCSV.utf8)],
             arguments: ["--file", "a.csv", "--facets", "category,merchant", "--facet-limit", "9223372036854775806", "bakery"], status: 0,
             says: ["Bakery"]),
        Case(name: "the largest facet limit", files: ["a.csv": Array(bankCSV.utf8)],
             arguments: ["--file", "a.csv", "--facets", "merchant", "--facet-limit", "\(Int.max)", "--limit", "\(Int.max)", "--offset", "\(Int.max - 1)", "bakery"],
             status: 0, says: []),
    ]

    @Test(arguments: cases)
    func theMessageSaysWhatIsWrong(_ test: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in test.files { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        let output = try FSearchRunner.run(test.arguments, in: directory)
        let all = output.stdout + output.stderr
        #expect(output.status == test.status && !output.signaled, "\(test): \(output.status) \(output.stderr)")
        for text in test.says { #expect(all.contains(text), "\(test): \(all)") }
        for text in test.neverSays { #expect(!all.contains(text), "\(test): \(all)") }
    }
}
