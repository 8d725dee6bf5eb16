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
        #expect(try FSearchRunner.run(["import", "--base", "EUR", file.path, "--store", path, "--tz", "America/New_York"]).status == 0)
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

/// A new store's base currency (docs/SPEC.md section 9): `--base`, else its first import's
/// currency, else the locale's, else an error asking for `--base`; never a silent EUR.
@Suite(.enabled(if: FSearchRunner.isBuilt)) struct FSearchNewStoreBaseTests {
    private static func file(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ts-base-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The store's base currency, as an import asking for another one names it.
    private static func base(of store: String) throws -> String? {
        let file = try Self.file("date,merchant,amount\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FSearchRunner.run(["import", file.path, "--store", store, "--base", "XTS"])
        guard let range = output.stderr.range(of: "base currency ") else { return nil }
        return String(output.stderr[range.upperBound...].prefix(3))
    }

    @Test func aUSBankExportMakesAUSDStoreAndSaysSo() throws {
        let path = FSearchStoreCreationTests.newPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try Self.file("Date,Description,Amount\n03/14/2026,Coffee,-$4.50\n03/15/2026,Salary,\"$1,200.00\"\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FSearchRunner.run(["import", file.path, "--store", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("fsearch: note: new store \(path): base currency USD, from the currency \(file.path) names"), "\(output.stderr)")
        #expect(try Self.base(of: path) == "USD")
    }

    @Test func aFileNamingNoCurrencyTakesCurrencyOrTheLocaleElseAsksForBase() throws {
        let file = try Self.file("date,merchant,amount\n2026-03-14,Bakery,-2.00\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let refused = FSearchStoreCreationTests.newPath()
        let none = try FSearchRunner.run(["import", file.path, "--store", refused])
        #expect(none.status == 64, "\(none.stderr)")
        #expect(none.stderr.contains("a new store needs a base currency: \(file.path) names no currency and no locale is set"), "\(none.stderr)")
        #expect(none.stderr.contains("--base EUR"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: refused), "a refused import creates no store")
        let posix = try FSearchRunner.run(["import", file.path, "--store", refused], environment: ["LANG": "C.UTF-8"])
        #expect(posix.status == 64 && posix.stderr.contains("the locale (LANG=C.UTF-8) names none"), "\(posix.stderr)")

        for (arguments, environment, base, said) in [
            (["--currency", "CHF"], [:], "CHF", "from --currency"),
            ([], ["LANG": "en_GB.UTF-8"], "GBP", "from the locale, LANG=en_GB.UTF-8"),
            ([], ["LANG": "en_GB.UTF-8", "LC_MONETARY": "de_AT.UTF-8@euro"], "EUR", "from the locale, LC_MONETARY=de_AT.UTF-8@euro"),
            (["--base", "JPY"], ["LANG": "en_US.UTF-8"], "JPY", nil),
        ] as [([String], [String: String], String, String?)] {
            let path = FSearchStoreCreationTests.newPath()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let output = try FSearchRunner.run(["import", file.path, "--store", path] + arguments, environment: environment)
            #expect(output.status == 0, "\(arguments) \(environment): \(output.stderr)")
            if let said {
                #expect(output.stderr.contains("base currency \(base), \(said) (--base chooses another)"), "\(output.stderr)")
            } else {
                #expect(output.stderr.isEmpty, "\(output.stderr)")
            }
            #expect(try Self.base(of: path) == base, "\(arguments) \(environment)")
        }
    }

    @Test func addCreatesAStoreInItsCurrencyOrAsksForBase() throws {
        let refused = FSearchStoreCreationTests.newPath()
        let none = try FSearchRunner.run(["add", "--store", refused, "--date", "2026-03-14", "--merchant", "Bakery", "--amount", "-2"])
        #expect(none.status == 64 && none.stderr.contains("a new store needs a base currency: the transaction names no currency"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: refused))
        let path = FSearchStoreCreationTests.newPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let added = try FSearchRunner.run(["add", "--store", path, "--date", "2026-03-14", "--merchant", "Bakery", "--amount", "-2",
                                           "--currency", "usd"])
        #expect(added.status == 0 && added.stderr.contains("base currency USD, from --currency"), "\(added.stderr)")
        #expect(try Self.base(of: path) == "USD")
        let other = try FSearchRunner.run(["add", "--store", path, "--date", "2026-03-14", "--merchant", "Bakery", "--amount", "-2", "--base", "EUR"])
        #expect(other.status == 64 && other.stderr.contains("--base EUR differs from the store's base currency USD"), "\(other.stderr)")
    }

    @Test func tzAloneOnAnExistingStoreSaysNothingOfItsBase() throws {
        let path = FSearchStoreCreationTests.newPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try Self.file("date,merchant,amount,currency\n2026-03-14,Diner,-9.00,USD\n")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try FSearchRunner.run(["import", file.path, "--store", path, "--tz", "America/Chicago"]).status == 0)
        let again = try FSearchRunner.run(["import", file.path, "--store", path, "--tz", "America/Chicago"])
        #expect(again.status == 0, "\(again.stderr)")
        let other = try FSearchRunner.run(["import", file.path, "--store", path, "--base", "EUR"])
        #expect(other.status == 64 && other.stderr.contains("not base currency EUR"), "\(other.stderr)")
    }
}
