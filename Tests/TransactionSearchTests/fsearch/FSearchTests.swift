import Foundation
import Testing
import TransactionSearch

/// The built fsearch, run as a user runs it: output and exit codes.
@Suite
struct FSearchTests {
    static func sampleStore(zone: TimeZone = .utc) throws -> TransactionStore {
        let store = TransactionStore(timeZone: zone)
        try store.importTransactions(from: try TestFiles.sample(), format: .csv)
        return store
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsearch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theDefaultSearchRunsOnTheBundledSampleFromAnyDirectory() throws {
        let output = try FSearchRunner.run(["coffee"], in: URL(fileURLWithPath: "/"))
        #expect(output.status == 0, "\(output.stderr)")
        let expected = try FSearchTests.sampleStore().search(Query(text: "coffee"))
        #expect(output.stdout.contains("\(expected.total.count) transactions · "))
        #expect(output.stdout.contains(expected.rows[0].transaction.merchant))
        #expect(!output.stdout.contains("\u{1B}["), "no colour when piped")
    }

    @Test func everyOptionReachesTheQuery() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rates = directory.appendingPathComponent("rates.json")
        try Data(#"{"base": "EUR", "rates": {"USD": "0.92", "GBP": "1.17", "JPY": "0.0061", "CHF": "1.05"}}"#.utf8).write(to: rates)
        let output = try FSearchRunner.run([
            "a", "--scope", "merchant", "--group", "month", "--from", "2025-01-01", "--to", "2026-06-30",
            "--card", "4242", "--card", "none", "--category", "Food & Drink", "--category", "none", "--account", "Main",
            "--status", "posted", "--min", "-100", "--max", "-1", "--kind", "expense", "--sort", "amount-desc",
            "--limit", "3", "--offset", "1", "--tz", "Europe/Madrid", "--rates", rates.path, "--format", "json",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let store = try FSearchTests.sampleStore(zone: TimeZone(identifier: "Europe/Madrid")!)
        store.exchangeRates = ExchangeRates(base: store.baseCurrency, rates: [.usd: DecimalAmount(significand: 92, fractionDigits: 2), .gbp: DecimalAmount(significand: 117, fractionDigits: 2),
                                .jpy: DecimalAmount(significand: 61, fractionDigits: 4), Currency("CHF")!: DecimalAmount(significand: 105, fractionDigits: 2)])
        let query = Query(
            text: "a", scope: .merchant,
            filters: QueryFilters(from: try! CalendarDay(year: 2025, month: 1, day: 1), to: try! CalendarDay(year: 2026, month: 6, day: 30),
                                  cards: ["4242", nil], categories: ["Food & Drink", nil], accounts: ["Main"], status: .posted,
                                  minimumAmount: -100, maximumAmount: -1, kind: .expense),
            grouping: .month, sort: .amountDescending, limit: 3, offset: 1)
        let expected = store.search(query)
        #expect(expected.total.count > 3, "the query must select something to compare")
        let document = try FSearchTests.json(output.stdout)
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["count"] as? Int == expected.total.count)
        #expect(total["base"] as? String == expected.total.base?.decimalText)
        let groups = try #require(document["groups"] as? [[String: Any]])
        #expect(groups.map { $0["key"] as? String } == expected.groups.map(\.key.text))
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == expected.rows.map(\.transaction.id))
    }

    @Test func theTableShowsGroupsRowsAndASummary() throws {
        let output = try FSearchRunner.run(["star", "--group", "day", "--limit", "4"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(output.status == 0)
        let expected = try FSearchTests.sampleStore().search(Query(text: "star", grouping: .day, limit: 4))
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix(expected.groups[0].title + " · "))
        // The id first (what update and delete take), then the day.
        #expect(lines[1].hasPrefix("  \(expected.rows[0].transaction.id)  " + expected.groups[0].title + "  "))
        #expect(output.stdout.contains("showing 1-4 of \(expected.total.count)"))
    }

    @Test func csvOutputIsTheInterchangeFormatAndReimports() throws {
        let output = try FSearchRunner.run(["lidl", "--format", "csv"])
        #expect(output.status == 0)
        let reimported = TransactionStore()
        try reimported.importTransactions(from: output.stdout, format: .csv)
        let expected = try FSearchTests.sampleStore().search(Query(text: "lidl", limit: Int.max))
        #expect(reimported.count == expected.total.count)
        #expect(output.stdout.hasPrefix("id,date,merchant,category,subcategory,card,account,amount,currency,status,notes,payee,import_key\n"))
    }

    @Test func aUnicodeQueryFolds() throws {
        let output = try FSearchRunner.run(["пятерочка", "--format", "json", "--limit", "1"])
        #expect(output.status == 0)
        let rows = try #require(try FSearchTests.json(output.stdout)["rows"] as? [[String: Any]])
        #expect(rows.first?["merchant"] as? String == "Пятёрочка")
    }

    @Test func theSearchSyntaxWorksFromTheCommandLine() throws {
        let output = try FSearchRunner.run(["amount>100 category:travel -uber", "--group", "month", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let expected = try FSearchTests.sampleStore().search(try Query(parsing: "amount>100 category:travel -uber", grouping: .month))
        #expect(try FSearchTests.json(output.stdout)["total"].flatMap { ($0 as? [String: Any])?["count"] as? Int } == expected.total.count)
        #expect(expected.total.count > 0)
    }

    @Test func anEmptyResultIsAFriendlyLineOrExitOneWhenQuiet() throws {
        let output = try FSearchRunner.run(["zzqx"])
        #expect(output.status == 0)
        #expect(output.stdout == "No transactions match 'zzqx'.\n")
        let quiet = try FSearchRunner.run(["zzqx", "-q"])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty)
        #expect(try FSearchRunner.run(["lidl", "-q"]).status == 0)
    }

    @Test(arguments: [
        (["--gruop", "day"], Int32(64), "unknown option '--gruop'"),
        (["--group", "fortnight"], 64, "--group 'fortnight' is not one of none|day|month|card|category|merchant|week|year|account"),
        (["--from", "2026-02-30"], 64, "--from '2026-02-30' is not a date"),
        (["amount>abc"], 64, "query at character 8"),
        (["--limit", "-1"], 64, "--limit"),
        (["--tz", "Mars/Base"], 64, "--tz 'Mars/Base' is not a time zone"),
        (["--file", "/no/such.csv"], 66, "/no/such.csv: no such file"),
        (["--file", "/"], 66, "is a directory"),
        (["--store", "/no/such/store"], 66, "no store at /no/such/store"),
        (["import", "x.csv"], 64, "import needs --store DIR"),
        (["delete", "--store", "/tmp/x"], 64, "delete takes one ID"),
    ] as [([String], Int32, String)])
    func badCommandLinesExitWithTheirCodeAndOneClearLine(arguments: [String], status: Int32, message: String) throws {
        let output = try FSearchRunner.run(arguments)
        #expect(output.status == status, "\(arguments): \(output.stderr)")
        #expect(output.stderr.hasPrefix("fsearch: "), "\(arguments)")
        #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func everyBadFixtureIsRefusedWithItsLine() throws {
        let folder = TestFiles.packageRoot.appendingPathComponent("Fixtures/bad")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count >= 10)
        for file in files {
            let output = try FSearchRunner.run(["--file", folder.appendingPathComponent(file).path])
            #expect(output.status == 65, "\(file): \(output.stderr)")
            #expect(output.stderr.contains(file), "\(file)")
            #expect(output.stderr.contains("line ") || output.stderr.contains("index "), "\(file): \(output.stderr)")
            let check = try FSearchRunner.run(["check", "--file", folder.appendingPathComponent(file).path])
            #expect(check.status == 65, "\(file)")
        }
    }

    @Test func standardInputIsReadWithFileDash() throws {
        let csv = "date,merchant,amount\n2026-03-14,Café Noir,-4.10\n2026-03-15,Lidl,-20\n"
        let output = try FSearchRunner.run(["cafe", "--file", "-", "--format", "json"], input: Data(csv.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        #expect((try FSearchTests.json(output.stdout)["total"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test func helpOnEveryCommandAndTheVersion() throws {
        for command in [[], ["import"], ["add"], ["update"], ["delete"], ["export"], ["stats"], ["check"], ["compact"]] {
            let output = try FSearchRunner.run(command + ["--help"])
            #expect(output.status == 0)
            #expect(output.stdout.contains("usage: fsearch"), "\(command)")
        }
        #expect(try FSearchRunner.run(["--version"]).stdout.hasPrefix("fsearch "))
    }

    @Test func aStoreDirectoryIsImportedEditedExportedAndChecked() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store").path
        let sample = TestFiles.packageRoot.appendingPathComponent("Sources/fsearch/Resources/sample.csv").path
        let imported = try FSearchRunner.run(["import", "--base", "EUR", sample, "--store", store, "--tz", "Europe/Madrid"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("2000 added, 0 already present"), "\(imported.stdout)")
        // All or nothing: a bad file adds nothing.
        let bad = try FSearchRunner.run(["import", TestFiles.packageRoot.appendingPathComponent("Fixtures/bad/bad-amount.csv").path, "--store", store])
        #expect(bad.status == 65)
        let added = try FSearchRunner.run(["add", "--base", "EUR", "--store", store, "--date", "2026-03-14", "--merchant", "Zümrüt Büfe",
                                           "--amount", "-12.50", "--category", "Food & Drink", "--notes", "with friends"])
        #expect(added.status == 0, "\(added.stderr)")
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try FSearchRunner.run(["update", id, "--store", store, "--notes", "", "--amount", "-13"]).status == 0)
        let unknown = try FSearchRunner.run(["update", "nope", "--store", store, "--notes", "x"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no transaction has the id \"nope\""))
        let invalid = try FSearchRunner.run(["add", "--store", store, "--date", "2026-03-14", "--merchant", "x", "--amount", "1.234"])
        #expect(invalid.status == 65 && invalid.stderr.contains("amount"))
        let found = try FSearchRunner.run(["zumrut", "--store", store, "--format", "csv"])
        #expect(found.stdout.contains("\(id),2026-03-14,Zümrüt Büfe,Food & Drink,,,,-13.00,EUR,posted,,Zümrüt Büfe,\n"), "\(found.stdout)")
        let deleted = try FSearchRunner.run(["delete", "t1", "--store", store])
        #expect(deleted.status == 0)
        let exported = try FSearchRunner.run(["export", "--store", store, "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2000)
        #expect(!rows.contains { $0["id"] as? String == "t1" })
        let check = try FSearchRunner.run(["check", "--store", store])
        #expect(check.status == 0 && check.stdout.hasPrefix("ok: "))
        let stats = try FSearchRunner.run(["stats", "--store", store])
        #expect(stats.stdout.contains("rows              2000") || stats.stdout.contains("rows          2000"), "\(stats.stdout)")
        #expect(try FSearchRunner.run(["compact", "--store", store]).status == 0)
        #expect(try FSearchRunner.run(["zumrut", "--store", store, "-q"]).status == 0)
    }

    @Test func aSecondWriterIsRefused() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let holder = try DurableStore(directory: directory)
        defer { holder.close() }
        let output = try FSearchRunner.run(["add", "--base", "EUR", "--store", directory.path, "--date", "2026-03-14", "--merchant", "x", "--amount", "-1"])
        #expect(output.status == 74)
        #expect(output.stderr.contains("another process has this store open for writing"))
        #expect(try FSearchRunner.run(["x", "--store", directory.path]).status == 0, "reading needs no lock")
    }

    @Test func aDamagedStoreIsReportedNotCrashedOn() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = TestFiles.packageRoot.appendingPathComponent("Sources/fsearch/Resources/sample.csv").path
        #expect(try FSearchRunner.run(["import", "--base", "EUR", sample, "--store", directory.path]).status == 0)
        #expect(try FSearchRunner.run(["compact", "--store", directory.path]).status == 0)
        let snapshot = directory.appendingPathComponent("snapshot.bin")
        var bytes = Array(try Data(contentsOf: snapshot))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: snapshot)
        let check = try FSearchRunner.run(["check", "--store", directory.path])
        #expect(check.status == 65)
        #expect(check.stderr.contains("snapshot.bin at byte"))
    }
}
