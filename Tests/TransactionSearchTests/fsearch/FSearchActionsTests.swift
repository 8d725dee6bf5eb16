import Foundation
import Testing
import TransactionSearch

/// `fsearch update --where`, `rules`, `undo`, `history`, `explain` and `repair-payees` on a store
/// directory, as a person types them.
@Suite(.enabled(if: FSearchRunner.isBuilt)) struct FSearchActionsTests {
    static let csv = """
        date,merchant,amount,category
        2026-03-01,LIDL DIENSTL 1234 BERLIN,-23.99,
        2026-03-02,SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA,-4.50,
        2026-03-03,Lidl Hamburg,-12.00,Shopping
        2026-03-04,UBER *TRIP,-15.00,

        """

    /// A new store holding `csv`; its path.
    static func store() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ts-actions-cli-\(UUID().uuidString)").path
        let file = path + ".csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try FSearchRunner.run(["import", file, "--store", path, "--base", "EUR"])
        #expect(output.status == 0, "\(output.stderr)")
        return path
    }

    static func rows(_ path: String) throws -> [[String: Any]] {
        let output = try FSearchRunner.run(["--store", path, "--format", "json", "--limit", "100"])
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return object?["rows"] as? [[String: Any]] ?? []
    }

    @Test func aBulkEditListsItsChangesDryThenChangesThemAndUndoRevertsThem() throws {
        let path = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try FSearchRunner.run(["export", "--store", path]).stdout
        let dry = try FSearchRunner.run(["update", "--where", "merchant:lidl", "--set", "category=Groceries", "--set", "notes=weekly",
                                         "--dry-run", "--store", path])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("tx_1") && dry.stdout.contains("category: none → 'Groceries'"), "\(dry.stdout)")
        #expect(dry.stdout.contains("category: 'Shopping' → 'Groceries'") && dry.stdout.contains("2 rows would change"), "\(dry.stdout)")
        #expect(try FSearchRunner.run(["export", "--store", path]).stdout == before)

        let real = try FSearchRunner.run(["update", "--where", "merchant:lidl", "--set", "category=Groceries", "--store", path])
        #expect(real.status == 0 && real.stdout.contains("Changed 2 rows"), "\(real.stdout)\(real.stderr)")
        let changed = try Self.rows(path).filter { ($0["merchant"] as? String)?.lowercased().contains("lidl") == true }
        #expect(changed.count == 2 && changed.allSatisfy { $0["category"] as? String == "Groceries" })
        #expect(try FSearchRunner.run(["history", "--store", path]).stdout.hasPrefix("1. bulk-edit: 2 changed"))
        let undo = try FSearchRunner.run(["undo", "--store", path])
        #expect(undo.status == 0 && undo.stdout.contains("Undid bulk-edit"), "\(undo.stdout)")
        #expect(try FSearchRunner.run(["export", "--store", path]).stdout == before)
    }

    @Test func aBulkEditOfNothingOrOfAMistypedFieldSaysSo() throws {
        let path = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let none = try FSearchRunner.run(["update", "--where", "zzzz", "--set", "category=X", "--store", path])
        #expect(none.status == 0 && none.stdout.contains("Changed 0 rows"), "\(none.stdout)")
        let typo = try FSearchRunner.run(["update", "--where", "lidl", "--set", "categry=X", "--store", path])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean category?"), "\(typo.stderr)")
        let badQuery = try FSearchRunner.run(["update", "--where", "amount>abc", "--set", "category=X", "--store", path])
        #expect(badQuery.status == 64, "\(badQuery.stderr)")
        let both = try FSearchRunner.run(["update", "tx_1", "--where", "lidl", "--set", "category=X", "--store", path])
        #expect(both.status == 64, "\(both.stderr)")
        let subcategory = try FSearchRunner.run(["update", "--where", "uber", "--set", "subcategory=Taxi", "--store", path])
        #expect(subcategory.status == 65 && subcategory.stderr.contains("nothing was changed"), "\(subcategory.stderr)")
    }

    @Test func rulesAreAddedListedAppliedOnImportAndRemoved() throws {
        let path = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let add = try FSearchRunner.run(["rules", "add", "Groceries", "--where", "merchant:lidl", "--set", "category=Groceries",
                                         "--tag", "food", "--store", path])
        #expect(add.status == 0 && add.stdout.contains("matches 2 stored rows"), "\(add.stdout)\(add.stderr)")
        let list = try FSearchRunner.run(["rules", "list", "--store", path])
        #expect(list.stdout.contains("1. Groceries  (2 rows now)") && list.stdout.contains("category=Groceries, tag=#food"), "\(list.stdout)")
        let apply = try FSearchRunner.run(["rules", "apply", "--store", path])
        #expect(apply.status == 0 && apply.stdout.contains("Changed 2 rows"), "\(apply.stdout)")
        #expect(try FSearchRunner.run(["rules", "apply", "--store", path]).stdout.contains("Changed 0 rows"))
        // A new import runs the rules.
        let file = path + "-more.csv"
        try Data("date,merchant,amount\n2026-03-09,LIDL SAGT DANKE,-3.00\n".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let imported = try FSearchRunner.run(["import", file, "--store", path])
        #expect(imported.stdout.contains("1 changed by rules"), "\(imported.stdout)")
        let explain = try FSearchRunner.run(["explain", "tx_5", "--store", path])
        #expect(explain.stdout.contains("Groceries  (set by rule Groceries)") && explain.stdout.contains("#food  (set by rule Groceries)"),
                "\(explain.stdout)")
        let bad = try FSearchRunner.run(["rules", "add", "Bad", "--where", "amount>abc", "--set", "category=X", "--store", path])
        #expect(bad.status == 64 && bad.stderr.contains("at character 8"), "\(bad.stderr)")
        let removed = try FSearchRunner.run(["rules", "remove", "groceries", "--store", path])
        #expect(removed.status == 0 && removed.stdout.contains("Removed rule Groceries"), "\(removed.stdout)")
        #expect(try FSearchRunner.run(["rules", "list", "--store", path]).stdout.hasPrefix("No rules."))
        #expect(try FSearchRunner.run(["rules", "lst", "--store", path]).stderr.contains("did you mean list?"))
    }

    @Test func undoWithNothingLeftSaysSoAndExplainNamesAnUnknownID() throws {
        let path = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FSearchRunner.run(["undo", "--store", path]).stdout.contains("Undid import: 4 added"))
        let nothing = try FSearchRunner.run(["undo", "--store", path])
        #expect(nothing.status == 1 && nothing.stdout == "Nothing to undo.\n")
        #expect(try FSearchRunner.run(["history", "--store", path]).stdout == "No changes to undo.\n")
        #expect(try FSearchRunner.run(["explain", "tx_9", "--store", path]).status == 1)
    }

    @Test func repairPayeesOnAStoreWhoseCleanerDidNotChangeChangesNothing() throws {
        let path = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try FSearchRunner.run(["repair-payees", "--store", path])
        #expect(output.status == 0 && output.stdout == "Every payee is as this version cleans it.\n", "\(output.stdout)\(output.stderr)")
    }
}
