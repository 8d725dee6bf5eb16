import Foundation
import Testing
import TransactionSearch

/// `fsearch inspect FILE`, run as a person runs it when an import fails: what the file is,
/// what was understood, what importing it would do to a store, as text and as JSON, and a
/// mapping saved as a profile for next month's export.
@Suite struct FSearchInspectTests {
    static let bankCSVFolder = TestFiles.packageRoot.appendingPathComponent("Fixtures/statements/bank-csv")

    /// Writes files into a new temporary directory.
    static func directory(with files: [String: String]) throws -> URL {
        let directory = try FSearchTests.temporaryDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test func describesABankExportWithoutOptions() throws {
        let output = try FSearchRunner.run(["inspect", "sparkasse-de.csv"], in: Self.bankCSVFolder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout == """
            file          sparkasse-de.csv
            format        bank-csv, Windows-1252
            delimiter     ; (detected: the header on line 5 names a date and an amount in 7 fields, and 6 of the 6 lines read after it have as many)
            header        line 5
              column 1 "Buchungstag": date
              column 2 "Valutadatum": valueDate
              column 3 "Buchungstext": description
              column 4 "Verwendungszweck": notes
              column 5 "Beguenstigter/Zahlungspflichtiger": merchant
              column 6 "Betrag": amount
              column 7 "Waehrung": currency
            dates         DD.MM.YYYY, dmy (a value over 12 in position 1 (14.04.2023, line 7))
            decimal       comma (a comma not followed by exactly three digits (-4,80, line 6))
            sign          as-written (as written: the amounts in "Betrag" carry their own sign, negative is money out)
            currency      the "Waehrung" column
            preamble      lines 1, 2, 3, 4
            footer        line 12: Kontostand am 30.04.2023;;;;;8.123,45;EUR
            accounts      ****3000
            currencies    EUR
            date range    2023-04-03 to 2023-04-30
            count         5 transactions
            skipped       line 1: before the header: Umsatzanzeige;Girokonto
            skipped       line 2: before the header: Kontonummer:;****3000
            skipped       line 3: before the header: Zeitraum:;01.04.2023 - 30.04.2023
            skipped       line 4: a blank line before the header
            skipped       line 12: after the last transaction: Kontostand am 30.04.2023;;;;;8.123,45;EUR
            note          the account ****3000 is the one named on line 2
            first rows    (as they would be stored)
              line 6: new: 2023-04-03  Bäckerei Müller  -4.80 EUR  ****3000  KARTENZAHLUNG; 2023-04-01T10:12 Debitk.1 2025-12; Valutadatum: 03.04.2023
              line 7: new: 2023-04-14  ACME GmbH  2845.17 EUR  ****3000  GUTSCHR. UEBERWEISUNG; Gehalt April 2023; Valutadatum: 14.04.2023
              line 8: new: 2023-04-17  Hausverwaltung Schön & Söhne  -1250.00 EUR  ****3000  FOLGELASTSCHRIFT; Miete Mai; Whg. 3 "links"; Valutadatum: 18.04.2023
              line 9: new: 2023-04-28  ENTGELTABSCHLUSS  -7.90 EUR  ****3000  Entgeltabrechnung siehe Anlage; Valutadatum: 28.04.2023
              line 10: new: 2023-04-30  Café Größenwahn  -12.00 EUR  ****3000  KARTENZAHLUNG; Café Größenwahn €-Preis; Valutadatum: 30.04.2023

            """)
        let help = try FSearchRunner.run(["inspect", "--help"])
        #expect(help.status == 0 && help.stdout.contains("usage: fsearch inspect"))
    }

    static let header = "Date,Status,Payee,Amount,Currency,Transaction ID,Pending Transaction ID\n"
    /// Last week's export: a posted row and a pending one.
    static let earlier = header + "2023-04-10,Posted,Bakery,-4.20,EUR,T1,\n2023-04-12,Pending,Uber Eats,-20.00,EUR,P1,\n"
    /// This week's: the posted row again, the pending one posted with a tip, an amount that
    /// is no number, two new rows.
    static let later = header + "2023-04-10,Posted,Bakery,-4.20,EUR,T1,\n2023-04-13,Posted,Uber Eats,-23.50,EUR,T2,P1\n"
        + "2023-04-14,Posted,Lamp Shop,1.2.3,EUR,T5,\n"
        + "2023-04-14,Posted,Cinema,-12.00,EUR,T3,\n2023-04-15,Posted,Book Shop,-9.90,EUR,T4,\n"

    /// A store directory holding `earlier` (tx_1 Bakery, tx_2 the pending Uber Eats).
    static func storeWithLastWeek() throws -> URL {
        let directory = try directory(with: ["earlier.csv": earlier, "later.csv": later])
        let imported = try FSearchRunner.run(["import", "--base", "EUR", "earlier.csv", "--store", "store"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        return directory
    }

    @Test func comparesWithAStoreRowByRow() throws {
        let directory = try Self.storeWithLastWeek()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try FSearchRunner.run(["inspect", "later.csv", "--store", "store"], in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("count         4 transactions: 2 new, 1 already present, 1 pending to replace"), "\(output.stdout)")
        #expect(lines.contains("problem       line 4, amount: \"1.2.3\" is not an amount with a decimal point (like -1,234.56)"))
        #expect(Array(lines.suffix(5)) == [
            "first rows    (as they would be stored)",
            "  line 2: already present as tx_1: 2023-04-10  Bakery  -4.20 EUR",
            "  line 3: replaces pending tx_2: 2023-04-13  Uber Eats  -23.50 EUR",
            "  line 5: new: 2023-04-14  Cinema  -12.00 EUR",
            "  line 6: new: 2023-04-15  Book Shop  -9.90 EUR",
        ])
        // A file already imported still shows its rows, as the store holds them.
        let again = try FSearchRunner.run(["inspect", "earlier.csv", "--store", "store"], in: directory)
        #expect(again.stdout.contains("count         2 transactions: 0 new, 2 already present, 0 pending to replace\n"))
        #expect(again.stdout.hasSuffix("""
            first rows    (as they would be stored)
              line 2: already present as tx_1: 2023-04-10  Bakery  -4.20 EUR
              line 3: already present as tx_2: 2023-04-12  Uber Eats  -20.00 EUR  pending

            """), "\(again.stdout)")
        // Inspecting changed nothing.
        let count = try FSearchRunner.run(["--store", "store", "--format", "json"], in: directory)
        #expect((try FSearchTests.json(count.stdout)["total"] as? [String: Any])?["count"] as? Int == 2)
    }

    @Test func printsJSONForScripts() throws {
        let directory = try Self.storeWithLastWeek()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try FSearchRunner.run(["inspect", "later.csv", "--store", "store", "--format", "json"], in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try FSearchTests.json(output.stdout)
        #expect(summary["file"] as? String == "later.csv")
        #expect(summary["format"] as? String == "bank-csv")
        #expect(summary["encoding"] as? String == "UTF-8")
        #expect(summary["records"] as? Int == 4)
        #expect(summary["additions"] as? Int == 2)
        #expect(summary["alreadyPresent"] as? Int == 1)
        #expect(summary["pendingToReplace"] as? Int == 1)
        #expect(summary["firstDay"] as? String == "2023-04-10" && summary["lastDay"] as? String == "2023-04-15")
        #expect(summary["currencies"] as? [String] == ["EUR"])
        #expect(summary["problems"] as? [String] == ["line 4, amount: \"1.2.3\" is not an amount with a decimal point (like -1,234.56)"])
        let layout = try #require(summary["layout"] as? [String: Any])
        #expect(layout["delimiter"] as? String == "," && layout["headerLine"] as? Int == 1)
        let roles = (layout["columns"] as? [[String: Any]])?.compactMap { $0["role"] as? String }
        #expect(roles == ["date", "status", "merchant", "amount", "currency", "reference", "pendingReference"])
        let rows = try #require(summary["firstRows"] as? [[String: String]])
        #expect(rows.map { $0["outcome"] } == ["already-present", "replaces-pending", "new", "new"])
        #expect(rows.map { $0["location"] } == ["line 2", "line 3", "line 5", "line 6"])
        #expect(rows.map { $0["merchant"] } == ["Bakery", "Uber Eats", "Cinema", "Book Shop"])
        #expect(rows[0]["id"] == "tx_1" && rows[1]["id"] == "tx_2" && rows[1]["replaces"] == "tx_2" && rows[2]["id"] == nil)
        #expect(rows[1]["amount"] == "-23.50" && rows[1]["status"] == "posted" && rows[1]["currency"] == "EUR")
    }

    /// An export with no header: mapped once by position, saved, and next month's file
    /// imports with `--profile` alone.
    @Test func aSavedProfileImportsNextMonthsExportWithOneFlag() throws {
        let directory = try Self.directory(with: [
            "april.csv": "03.04.2023;REWE Markt;-23,45\n17.04.2023;Arbeitgeber;2.000,00\n",
            "may.csv": "02.05.2023;Aldi Süd;-41,07\n15.05.2023;Arbeitgeber;2.000,00\n22.05.2023;Stadtwerke;-1.085,50\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let inspected = try FSearchRunner.run(["inspect", "april.csv", "--map", "date=#1,merchant=#2,amount=#3", "--date-order", "dmy",
                                               "--decimal-comma", "--save-profile", "bank.json"], in: directory)
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(inspected.stdout.contains("  line 1: new: 2023-04-03  REWE Markt  -23.45 EUR\n"), "\(inspected.stdout)")
        let profile = try JSONDecoder().decode(BankCSVOptions.self, from: Data(contentsOf: directory.appendingPathComponent("bank.json")))
        #expect(profile.columns[.date] == .position(0) && profile.columns[.merchant] == .position(1) && profile.columns[.amount] == .position(2))
        #expect(profile.dateOrder == .dayMonthYear && profile.decimalSeparator == .comma)

        // Without the profile the columns are read from their cells, the same way.
        let inferred = try FSearchRunner.run(["import", "--base", "EUR", "may.csv", "--store", "inferred"], in: directory)
        #expect(inferred.status == 0, "\(inferred.stderr)")
        #expect(inferred.stderr.contains("no header: the columns' roles are read from their cells"), "\(inferred.stderr)")
        let imported = try FSearchRunner.run(["import", "--base", "EUR", "may.csv", "--profile", "bank.json", "--store", "store"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "may.csv (bank-csv): 3 added, 0 already present; store now holds 3.\n")
        for store in ["store", "inferred"] {
            #expect(try FSearchBankImportTests.storedRows(in: directory.appendingPathComponent(store)) == [
                "2023-05-02|Aldi Süd|-41.07 EUR||posted", "2023-05-15|Arbeitgeber|2000.00 EUR||posted",
                "2023-05-22|Stadtwerke|-1085.50 EUR||posted",
            ])
        }
        // Our own CSV needs no profile, and saying so beats writing an empty one.
        let own = try FSearchRunner.run(["inspect", TestFiles.packageRoot.appendingPathComponent("Fixtures/bad/bad-date.csv").path,
                                         "--save-profile", "own.json"], in: directory)
        #expect(own.status == 64 && own.stderr.contains("--save-profile: csv files need no profile"), "\(own.stderr)")
    }
}
