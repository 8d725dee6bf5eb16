import Foundation
import Testing

/// `fsearch inspect` says what decided the currency, the date layout and the sign of every
/// hand-written bank fixture (issue 33, docs/SPEC.md section 9), as text and as JSON.
@Suite(.enabled(if: FSearchRunner.isBuilt)) struct FSearchInspectDecisionsTests {
    /// Every statement fixture: the files under `Fixtures/statements/` (known exports in
    /// `bank-csv/exports/` too) but their expectations and READMEs.
    static let fixtures: [String] = {
        let root = TestFiles.packageRoot.appendingPathComponent("Fixtures/statements")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            let name = (path as NSString).lastPathComponent
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue && !name.hasSuffix(".expected.tsv") && !name.hasSuffix(".md") && !name.hasPrefix(".")
                && !unreadable.contains(path)
        }.sorted()
    }()

    /// The fixtures no reading is meant to take: inspect refuses them, naming the options that
    /// would (FSearchBankImportTests).
    static let unreadable: Set<String> = ["bank-csv/no-date-column.csv"]

    @Test func everyFolderHasFixtures() {
        for folder in ["bank-csv", "bank-csv/exports", "camt", "mt940", "ofx", "qif"] {
            #expect(Self.fixtures.contains { $0.hasPrefix(folder + "/") }, "\(folder)")
        }
    }

    @Test(arguments: fixtures)
    func inspectSaysWhatDecidedCurrencyDatesAndSign(fixture: String) throws {
        let directory = TestFiles.packageRoot.appendingPathComponent("Fixtures/statements")
        let text = try FSearchRunner.run(["inspect", fixture], in: directory)
        #expect(text.status == 0, "\(fixture): \(text.stderr)")
        for label in ["currency", "dates", "sign"] {
            let line = text.stdout.split(separator: "\n").first { $0.hasPrefix(label + " ") }
            let said = line.map { $0.dropFirst(label.count).trimmingCharacters(in: .whitespaces) } ?? ""
            #expect(!said.isEmpty, "\(fixture): no \(label) line in\n\(text.stdout)")
        }
        let json = try FSearchRunner.run(["inspect", fixture, "--format", "json"], in: directory)
        #expect(json.status == 0, "\(fixture): \(json.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let decisions = document?["decisions"] as? [String: String]
        for key in ["currency", "dates", "sign"] {
            let said: String = decisions?[key] ?? ""
            #expect(!said.isEmpty, "\(fixture): no decisions.\(key) in\n\(json.stdout)")
        }
        // Text and JSON say the same.
        for key in ["currency", "dates", "sign"] {
            if let said = decisions?[key] { #expect(text.stdout.contains(said), "\(fixture): \(key) differs between text and JSON") }
        }
    }
}
