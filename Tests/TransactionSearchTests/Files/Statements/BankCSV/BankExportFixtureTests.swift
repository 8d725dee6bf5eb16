import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every export fixture under `Fixtures/statements/bank-csv/exports/` (a bank's or service's
/// layout, or one quirk, written by hand) read without options and compared with its
/// `.expected.tsv`.
@Suite struct BankExportFixtureTests {
    static let names: [String] = {
        let folder = TestFiles.packageRoot.appendingPathComponent("Fixtures/statements/bank-csv/exports")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { !$0.hasSuffix(".expected.tsv") }.sorted()
    }()

    @Test(arguments: names)
    func readsTheExport(_ name: String) throws {
        let path = "statements/bank-csv/exports/" + name
        let bytes = try TestFiles.fixture(path)
        let (statement, layout) = try BankCSVReader.read(bytes, context: BankCSVFixtureTests.context)
        #expect(statement.issues.isEmpty, "\(name): \(statement.issues)")
        try StatementExpectations.expect(statement.entries, matchFixture: path)
        _ = layout
    }
}
