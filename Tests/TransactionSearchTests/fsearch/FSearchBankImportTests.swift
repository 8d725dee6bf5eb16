import Foundation
import Testing
import TransactionSearch

/// A bank's CSV export imported through fsearch: the one-line report, every flag that says
/// what the file cannot (each shown to change what is stored), and the error that names the
/// options to use when the columns are not recognised.
@Suite struct FSearchBankImportTests {
    /// The rows of a store directory as `date|merchant|amount currency|account|status`, in
    /// date order, then merchant.
    static func storedRows(in store: URL) throws -> [String] {
        let exported = try FSearchRunner.run(["export", "--store", store.path, "--format", "json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        return rows.map { row in
            let fields = ["date", "merchant", "amount", "currency", "account", "status"].map { row[$0] as? String ?? "" }
            return "\(fields[0])|\(fields[1])|\(fields[2]) \(fields[3])|\(fields[4])|\(fields[5])"
        }.sorted()
    }

    @Test func importingABankExportPrintsTheOneLineReport() throws {
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("money")
        let first = try FSearchRunner.run(["import", "--base", "EUR", "sparkasse-de.csv", "--store", store.path], in: FSearchInspectTests.bankCSVFolder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "sparkasse-de.csv (bank-csv): 5 added, 0 already present; \(store.path) now holds 5.\n")
        #expect(first.stderr == "fsearch: warning: sparkasse-de.csv: the account ****3000 is the one named on line 2\n")
        let again = try FSearchRunner.run(["import", "sparkasse-de.csv", "--store", store.path], in: FSearchInspectTests.bankCSVFolder)
        #expect(again.stdout == "sparkasse-de.csv (bank-csv): 0 added, 5 already present; \(store.path) now holds 5.\n")
        #expect(try Self.storedRows(in: store) == [
            "2023-04-03|Bäckerei Müller|-4.80 EUR|****3000|posted",
            "2023-04-14|ACME GmbH|2845.17 EUR|****3000|posted",
            "2023-04-17|Hausverwaltung Schön & Söhne|-1250.00 EUR|****3000|posted",
            "2023-04-28|ENTGELTABSCHLUSS|-7.90 EUR|****3000|posted",
            "2023-04-30|Café Größenwahn|-12.00 EUR|****3000|posted",
        ])
    }

    /// What a flag case expects: the rows stored, or a refusal whose message holds a text.
    enum Outcome: Sendable, CustomStringConvertible {
        case rows([String])
        case refused(String)

        var description: String {
            switch self {
            case .rows(let rows): rows.joined(separator: "; ")
            case .refused(let message): "refused: \(message)"
            }
        }
    }

    /// A file, flags, what they store, and what the same file stores without them.
    struct FlagCase: Sendable, CustomStringConvertible {
        var name: String
        var file: String
        var flags: [String]
        var expected: Outcome
        var withoutFlags: Outcome

        var description: String { name }
    }

    static let flagCases: [FlagCase] = [
        FlagCase(name: "--map by header name", file: "Tag;Empfänger;Betrag\n03.04.2023;REWE;-23,45\n17.04.2023;Arbeitgeber GmbH;2.000,00\n",
                 flags: ["--map", "date=Tag"],
                 expected: .rows(["2023-04-03|REWE|-23.45 EUR||posted", "2023-04-17|Arbeitgeber GmbH|2000.00 EUR||posted"]),
                 withoutFlags: .refused("no date column found")),
        FlagCase(name: "--map by position", file: "03.04.2023;REWE Markt;-23,45\n17.04.2023;Arbeitgeber;2.000,00\n",
                 flags: ["--map", "date=#1,merchant=#2,amount=#3"],
                 expected: .rows(["2023-04-03|REWE Markt|-23.45 EUR||posted", "2023-04-17|Arbeitgeber|2000.00 EUR||posted"]),
                 withoutFlags: .rows(["2023-04-03|REWE Markt|-23.45 EUR||posted", "2023-04-17|Arbeitgeber|2000.00 EUR||posted"])),
        FlagCase(name: "--date-order mdy", file: "Date,Description,Amount\n04/03/2023,Corner Shop,-12.00\n05/06/2023,Cinema,-9.50\n",
                 flags: ["--date-order", "mdy"],
                 expected: .rows(["2023-04-03|Corner Shop|-12.00 EUR||posted", "2023-05-06|Cinema|-9.50 EUR||posted"]),
                 withoutFlags: .refused("every date could be day-first or month-first and nothing in the file tells which: give --date-order dmy or --date-order mdy")),
        FlagCase(name: "--decimal-comma", file: "Date,Description,Amount\n2023-04-03,Refund,\"1,500\"\n2023-04-05,Cashback,\"2,250\"\n",
                 flags: ["--decimal-comma"],
                 expected: .rows(["2023-04-03|Refund|1.50 EUR||posted", "2023-04-05|Cashback|2.25 EUR||posted"]),
                 withoutFlags: .rows(["2023-04-03|Refund|1500.00 EUR||posted", "2023-04-05|Cashback|2250.00 EUR||posted"])),
        FlagCase(name: "--decimal-point", file: "Datum;Empfänger;Betrag\n03.04.2023;REWE;1.500\n17.04.2023;Aldi;2.250\n",
                 flags: ["--decimal-point"],
                 expected: .rows(["2023-04-03|REWE|1.50 EUR||posted", "2023-04-17|Aldi|2.25 EUR||posted"]),
                 withoutFlags: .rows(["2023-04-03|REWE|1500.00 EUR||posted", "2023-04-17|Aldi|2250.00 EUR||posted"])),
        FlagCase(name: "--delimiter given", file: "Datum;Empfänger;Betrag\n13.04.2023;REWE, Berlin;-23,45\n",
                 flags: ["--delimiter", "semicolon"], expected: .rows(["2023-04-13|REWE, Berlin|-23.45 EUR||posted"]),
                 withoutFlags: .rows(["2023-04-13|REWE, Berlin|-23.45 EUR||posted"])),
        FlagCase(name: "--delimiter wrong", file: "Datum;Empfänger;Betrag\n13.04.2023;REWE, Berlin;-23,45\n",
                 flags: ["--delimiter", "comma"], expected: .refused("headers on line 2: 1 \"13.04.2023;REWE\", 2 \" Berlin;-23\", 3 \"45\""),
                 withoutFlags: .rows(["2023-04-13|REWE, Berlin|-23.45 EUR||posted"])),
        FlagCase(name: "--skip-lines past a summary that looks like a header",
                 file: "Datum;Betrag\n30.04.2023;1.234,56\nBuchungstag;Empfänger;Verwendungszweck;Betrag\n13.04.2023;REWE;Einkauf;-23,45\n14.04.2023;Aldi;Einkauf;-3,10\n",
                 flags: ["--skip-lines", "2"],
                 expected: .rows(["2023-04-13|REWE|-23.45 EUR||posted", "2023-04-14|Aldi|-3.10 EUR||posted"]),
                 withoutFlags: .refused("no merchant or description column found")),
        FlagCase(name: "--sign flipped", file: "Date,Description,Amount\n2023-04-03,COFFEE BAR,4.50\n2023-04-05,PAYMENT THANK YOU,-100.00\n",
                 flags: ["--sign", "flipped"],
                 expected: .rows(["2023-04-03|COFFEE BAR|-4.50 EUR||posted", "2023-04-05|PAYMENT THANK YOU|100.00 EUR||posted"]),
                 withoutFlags: .rows(["2023-04-03|COFFEE BAR|4.50 EUR||posted", "2023-04-05|PAYMENT THANK YOU|-100.00 EUR||posted"])),
        FlagCase(name: "--as bank-csv for a header of our names", file: "Date,Merchant,Amount\n04/13/2023,Coffee,-4.50\n",
                 flags: ["--as", "bank-csv"], expected: .rows(["2023-04-13|Coffee|-4.50 EUR||posted"]),
                 withoutFlags: .refused("\"04/13/2023\" is not an ISO 8601 date")),
        FlagCase(name: "--account", file: "Date,Description,Amount\n2023-04-13,Coffee,-4.50\n",
                 flags: ["--account", "Joint"], expected: .rows(["2023-04-13|Coffee|-4.50 EUR|Joint|posted"]),
                 withoutFlags: .rows(["2023-04-13|Coffee|-4.50 EUR||posted"])),
        FlagCase(name: "--currency", file: "Date,Description,Amount\n2023-04-13,Coffee,-4.50\n",
                 flags: ["--currency", "USD"], expected: .rows(["2023-04-13|Coffee|-4.50 USD||posted"]),
                 withoutFlags: .rows(["2023-04-13|Coffee|-4.50 EUR||posted"])),
    ]

    @Test(arguments: flagCases)
    func eachImportFlagChangesWhatIsStored(_ flagCase: FlagCase) throws {
        let directory = try FSearchInspectTests.directory(with: ["export.csv": flagCase.file])
        defer { try? FileManager.default.removeItem(at: directory) }
        for (flags, expected, store) in [(flagCase.flags, flagCase.expected, "with"), ([], flagCase.withoutFlags, "without")] {
            let output = try FSearchRunner.run(["import", "--base", "EUR", "export.csv", "--store", store] + flags, in: directory)
            switch expected {
            case .rows(let rows):
                #expect(output.status == 0, "\(flagCase) \(store): \(output.stderr)")
                #expect(try Self.storedRows(in: directory.appendingPathComponent(store)) == rows, "\(flagCase) \(store)")
            case .refused(let message):
                #expect(output.status == 65, "\(flagCase) \(store): \(output.stdout)")
                #expect(output.stderr.contains(message), "\(flagCase) \(store): \(output.stderr)")
                #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(store).path), "no store is created")
            }
        }
    }

    /// A file whose date column is called `Tag`: import, a search of the file, inspect and
    /// check all give the bank reader's error with the options that read it, and they do.
    @Test func unrecognisedColumnsGetTheOptionsThatReadThemFromEveryCommand() throws {
        for command in [["import", "no-date-column.csv", "--store", "/nonexistent/store"], ["--file", "no-date-column.csv"],
                        ["inspect", "no-date-column.csv"], ["check", "--file", "no-date-column.csv"]] {
            let output = try FSearchRunner.run(command, in: FSearchInspectTests.bankCSVFolder)
            #expect(output.status == 65, "\(command)")
            #expect(output.stdout.isEmpty)
            #expect(output.stderr == """
                fsearch: no-date-column.csv: line 1: no date column found
                  headers on line 1: 1 "Tag", 2 "Empfänger", 3 "Betrag"
                  date: closest "Tag" (column 1): values look like dates ("03.04.2023")
                  these options import it: --map date=Tag --date-order dmy --decimal-comma
                hint: nothing was imported

                """, "\(command)")
        }
        let directory = try FSearchTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store")
        let imported = try FSearchRunner.run(["import", "--base", "EUR", "no-date-column.csv", "--store", store.path,
                                              "--map", "date=Tag", "--date-order", "dmy", "--decimal-comma"],
                                             in: FSearchInspectTests.bankCSVFolder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.storedRows(in: store) == ["2023-04-03|REWE|-23.45 EUR||posted", "2023-04-17|Arbeitgeber GmbH|2000.00 EUR||posted"])
        // A file of ours that lacks a column keeps our own error.
        let ours = try FSearchRunner.run(["--file", TestFiles.packageRoot.appendingPathComponent("Fixtures/bad/missing-column.csv").path])
        #expect(ours.status == 65 && ours.stderr.contains("line 1: the header has no amount column (required: date, merchant, amount)"))
    }
}
