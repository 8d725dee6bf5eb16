import Foundation
import Testing

/// `fsearch saved add|list|remove` and `fsearch @NAME`: searches kept by name in a store
/// directory, listed with their live totals, run with more words and options.
@Suite(.enabled(if: FSearchRunner.isBuilt, "the fsearch binary is built beside the tests"))
struct FSearchSavedSearchTests {
    static func store() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let rows = """
            date,merchant,category,amount,currency
            2026-03-01,Starbucks,Coffee,-4.20,EUR
            2026-03-09,Costa,Coffee,-3.10,EUR
            2026-03-10,Lidl,Groceries,-21.00,EUR
            2026-04-02,Starbucks,Coffee,-5.00,EUR
            2025-12-30,Costa,Coffee,-2.00,USD

            """
        try rows.write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let imported = try FSearchRunner.run(["import", "rows.csv", "--store", "store", "--base", "EUR"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        return directory
    }

    @Test func aSavedSearchIsAddedListedRunAndRemoved() throws {
        let directory = try Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ arguments: [String]) throws -> FSearchRunner.Output {
            try FSearchRunner.run(arguments + ["--store", "store"], in: directory)
        }
        let added = try run(["saved", "add", "coffee", "starbucks OR costa", "--group", "month"])
        #expect(added.status == 0 && added.stdout.contains("Saved @coffee: starbucks OR costa --group month (4 transactions now)"), "\(added)")

        let list = try run(["saved", "list"])
        #expect(list.status == 0 && list.stdout.contains("@coffee") && list.stdout.contains("-12.30 EUR, -2.00 USD"), "\(list.stdout)")
        let json = try run(["saved", "list", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let searches = try #require(document["searches"] as? [[String: Any]])
        #expect(searches.first?["count"] as? Int == 4 && searches.first?["search"] as? String == "starbucks OR costa")

        let ran = try run(["@coffee", "--format", "json"])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [String: Any])
        #expect((result["groups"] as? [[String: Any]])?.compactMap { $0["key"] as? String } == ["2026-04", "2026-03", "2025-12"])
        // More words are ANDed to the whole search; options given override its own.
        let narrowed = try run(["@coffee", "-date:2026-03", "--group", "year", "--format", "json"])
        let narrowedResult = try #require(try JSONSerialization.jsonObject(with: Data(narrowed.stdout.utf8)) as? [String: Any])
        #expect((narrowedResult["groups"] as? [[String: Any]])?.compactMap { $0["key"] as? String } == ["2026", "2025"])
        #expect((narrowedResult["total"] as? [String: Any])?["count"] as? Int == 2)

        let removed = try run(["saved", "remove", "coffee"])
        #expect(removed.status == 0 && removed.stdout.contains("Removed @coffee"))
        #expect(try run(["saved", "list"]).stdout.contains("No saved searches"))
    }

    static let mistakes: [(arguments: [String], status: Int32, message: String)] = [
        (["@nope"], 64, "no saved search named 'nope'"),
        (["saved", "add", "my coffee", "x"], 64, "only letters, digits"),
        (["saved", "add", "x", "starbucks OR"], 64, "at character 11 ('OR'): expected a term after OR"),
        (["saved", "add", "x"], 64, "saved add takes a NAME and a QUERY"),
        (["saved", "remove", "nope"], 64, "no saved search named 'nope'"),
        (["saved", "list", "--group", "day"], 64, "saved list takes no --group"),
        (["saved", "rename", "x"], 64, "not add, list or remove"),
        (["saved", "add", "x", "lidl", "--from", "last-month"], 64, "put date:last-month in the search to keep it relative"),
    ]

    @Test(arguments: mistakes.indices)
    func aMistakeIsOneClearLine(index: Int) throws {
        let directory = try Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (arguments, status, message) = Self.mistakes[index]
        let output = try FSearchRunner.run(arguments + ["--store", "store"], in: directory)
        #expect(output.status == status, "\(arguments): \(output.stderr)")
        #expect(output.stderr.hasPrefix("fsearch: ") && output.stderr.contains(message), "\(arguments): \(output.stderr)")
    }

    @Test func aSavedSearchNeedsAStoreDirectory() throws {
        let output = try FSearchRunner.run(["@coffee"])
        #expect(output.status == 64 && output.stderr.contains("saved searches live in a store directory"), "\(output.stderr)")
    }
}
