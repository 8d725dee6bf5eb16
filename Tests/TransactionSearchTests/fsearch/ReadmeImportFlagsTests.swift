import Foundation
import Testing
@testable import fsearch

/// The command line's page (docs/fsearch.md, linked from the README) documents `import` and
/// `inspect` and every flag they take, each with an example, so that `--help` is not the only
/// place they are written down.
@Suite struct ReadmeImportFlagsTests {
    @Test func everyImportAndInspectFlagHasAnExampleInTheReadme() throws {
        let readme = try String(contentsOf: TestFiles.packageRoot.appendingPathComponent("docs/fsearch.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Bank files"))
        let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        let section = readme[start.lowerBound..<end.lowerBound]
        let names = Set((ImportCommand.spec.options + InspectCommand.spec.options).map(\.name))
            .subtracting(["help", "store", "tz", "base", "format"])  // shown elsewhere in the section
        #expect(names.count >= 14)
        let lines = section.split(separator: "\n")
        let tableRows = lines.filter { $0.hasPrefix("| `--") }
        let commands = lines.filter { $0.hasPrefix("fsearch ") }
        for name in names.sorted() {
            // A row of the flags table (flag, example, meaning), or a command using it.
            let inTable = tableRows.contains { $0.contains("`--\(name)") && $0.split(separator: "|").count >= 3 }
            let inCommand = commands.contains { $0.contains("--\(name) ") }
            #expect(inTable || inCommand, "docs/fsearch.md's bank files section shows no example of --\(name)")
        }
        #expect(section.contains("fsearch inspect export.csv --store"))
        #expect(section.contains("fsearch inspect export.csv --format json"))
    }
}
