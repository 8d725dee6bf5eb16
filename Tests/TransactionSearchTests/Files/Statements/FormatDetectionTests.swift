import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles
@testable import fsearch

/// Which reader a file goes to when nobody says (`StatementFormat.detect`), and that a
/// delimited file no rule recognises reaches the bank CSV reader, whose error says which
/// options read it, through every entry point: import, preview.
@Suite struct FormatDetectionTests {
    static let headerless = "03.04.2023;REWE Markt;-23,45\n17.04.2023;Arbeitgeber;2.000,00\n"

    @Test(arguments: [
        ("our header", "date,merchant,amount\n2026-03-14,Lidl,-1.00\n", StatementFormat?.some(.csv)),
        ("our header, quoted and in capitals", "\"Date\",\"Merchant\",\"Amount\"\n2026-03-14,Lidl,-1.00\n", .csv),
        ("our names with one required missing", "id,date,merchant,currency\nb1,2026-03-14,Lidl,EUR\n", .csv),
        ("our names, neither date nor amount", "id,merchant\nb1,Lidl\n", .csv),
        ("a bank header", "Buchungstag;Empfänger;Betrag\n03.04.2023;REWE;-23,45\n", .bankCSV),
        ("a date column the reader does not know", "Tag;Empfänger;Betrag\n03.04.2023;REWE;-23,45\n", .bankCSV),
        ("our header with a typo", "dat,merchant,amount\n2026-03-14,Lidl,-1.00\n", .bankCSV),
        ("no header at all", headerless, .bankCSV),
        ("words", "just some words\nand more\n", nil),
        ("prose with commas", "Hello, world.\nHi, there.\n", nil),
        ("one column of our names", "merchant\nLidl\n", nil),
        ("a table with control bytes (not text)", "\u{1}\u{2};x\n03.04.2023;REWE;-23,45\n", nil),
    ] as [(String, String, StatementFormat?)])
    func detectsTheFormatFromTheContent(name: String, text: String, format: StatementFormat?) {
        #expect(StatementFormat.detect(Array(text.utf8)) == format, "\(name)")
    }

    /// Every bad fixture of our own formats is still ours when nobody names the format: its
    /// error is exactly the one `ImportTests` expects.
    @Test func badFixturesOfOurOwnFormatsKeepTheirErrorsWhenDetected() throws {
        for (file, expected) in ImportTests.badFixtures {
            let bytes = try TestFiles.fixture("bad/" + file)
            let store = TransactionStore()
            do throws(ImportError) {
                try store.importStatement(from: bytes)
                Issue.record("\(file) imported without an error")
            } catch {
                #expect(error.issues == expected, "\(file)")
            }
        }
    }

    /// The reader's error for a file whose date column is called `Tag`, as the import path
    /// gives it.
    static func layoutError(of issues: [ImportIssue]) -> BankCSVError? {
        guard issues.count == 1, case .unrecognizedLayout(let error) = issues[0].reason else { return nil }
        return error
    }

    @Test func anUnrecognisedDateColumnGivesTheBankReadersErrorThroughImportAndPreview() throws {
        let bytes = try TestFiles.fixture("statements/bank-csv/no-date-column.csv")
        let store = TransactionStore()
        var errors: [BankCSVError?] = []
        do throws(ImportError) {
            try store.importStatement(from: bytes)
            Issue.record("imported")
        } catch {
            #expect(error.issues.map(\.location) == [.line(1)])
            errors.append(Self.layoutError(of: error.issues))
        }
        do throws(ImportError) {
            _ = try store.previewImport(of: bytes)
            Issue.record("previewed")
        } catch {
            errors.append(Self.layoutError(of: error.issues))
        }
        #expect(errors.count == 2)
        for error in errors {
            let error = try #require(error)
            #expect(error.reason == .missingColumns([.date]))
            #expect(error.headers == ["Tag", "Empfänger", "Betrag"])
            #expect(error.suggestionVerified)
            #expect(error.suggestedOptions?.commandLine == "--map date=Tag --date-order dmy --decimal-comma")
        }
        #expect(store.count == 0)
        // The options it names import the file.
        let options = ImportOptions(bankCSV: try #require(errors.first??.suggestedOptions))
        let report = try store.importStatement(from: bytes, options: options)
        #expect(report.format == .bankCSV && report.addedIDs.count == 2)
        #expect(store.transactions().map(\.merchant).sorted() == ["Arbeitgeber GmbH", "REWE"])
    }

    @Test func aFileWithoutAHeaderIsReadFromItsCellsAndSaysHow() throws {
        let store = TransactionStore()
        let report = try store.importStatement(from: Array(Self.headerless.utf8))
        #expect(report.addedIDs.count == 2)
        let layout = try #require(report.layout)
        #expect(layout.columnsInferred)
        #expect(layout.options.commandLine == "--map date=#1,description=#2,amount=#3 --date-order dmy --decimal-comma --delimiter semicolon")
        #expect(report.warnings.contains("no header: the columns' roles are read from their cells"))
    }
}
