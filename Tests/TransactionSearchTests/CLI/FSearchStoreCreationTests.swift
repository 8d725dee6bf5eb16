import Foundation
import Testing

/// Only `import` and `add` create a store, and only when they succeed; every other command on
/// a mistyped path says "no store at PATH" and creates nothing; `--tz`/`--base` never change
/// an existing store's configuration silently.
@Suite(.enabled(if: FSearchRunner.isBuilt)) struct FSearchStoreCreationTests {
    static func newPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ts-create-\(UUID().uuidString)").path
    }

    @Test(arguments: [
        ["update", "tx_1", "--notes", "x"], ["delete", "tx_1"], ["compact"], ["stats"], ["export"], ["check"], ["coffee"],
    ])
    func commandsOtherThanImportAndAddCreateNothing(command: [String]) throws {
        let path = Self.newPath()
        let output = try FSearchRunner.run(command + ["--store", path])
        #expect(output.status == 66, "\(command): \(output.stderr)")
        #expect(output.stderr.contains("no store at \(path)"), "\(command): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path), "\(command) created \(path)")
    }

    @Test func aFailedImportIntoANewDirectoryLeavesNothing() throws {
        let path = Self.newPath()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ts-bad-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("date,merchant,amount\n2026-01-01,Lidl,-1.00\n2026-01-02,Bad,abc\n".utf8).write(to: file)
        let output = try FSearchRunner.run(["import", file.path, "--store", path, "--tz", "Asia/Tokyo"])
        #expect(output.status == 65, "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let add = try FSearchRunner.run(["add", "--store", path, "--date", "2026-01-01", "--merchant", "X", "--amount", "-1",
                                         "--currency", "EURO"])
        #expect(add.status == 65, "\(add.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anotherZoneOrBaseForAnExistingStoreIsAnErrorNamingBoth() throws {
        let path = Self.newPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ts-good-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("date,merchant,amount\n2026-01-01T23:30:00,Lidl,-1.00\n".utf8).write(to: file)
        #expect(try FSearchRunner.run(["import", file.path, "--store", path, "--tz", "America/New_York"]).status == 0)
        let again = try FSearchRunner.run(["import", file.path, "--store", path, "--tz", "Asia/Tokyo"])
        #expect(again.status == 64, "\(again.stderr)")
        #expect(again.stderr.contains("America/New_York") && again.stderr.contains("Asia/Tokyo"), "\(again.stderr)")
        let base = try FSearchRunner.run(["import", file.path, "--store", path, "--base", "JPY"])
        #expect(base.status == 64 && base.stderr.contains("JPY") && base.stderr.contains("EUR"), "\(base.stderr)")
        let same = try FSearchRunner.run(["import", file.path, "--store", path, "--tz", "America/New_York"])
        #expect(same.status == 0, "\(same.stderr)")
        // The same file again adds nothing (its row's import key is already there).
        let json = try FSearchRunner.run(["--store", path, "--format", "json"])
        #expect(json.stdout.contains("\"count\" : 1") || json.stdout.contains("\"count\":1"), "\(json.stdout)")
        #expect(json.stdout.contains("2026-01-02T04:30:00Z"), "23:30 in New York, not in Tokyo")
    }
}
