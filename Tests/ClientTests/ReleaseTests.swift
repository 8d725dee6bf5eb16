import Foundation
import Testing
import TransactionSearch

/// The version is said the same way everywhere: the constant, the newest entry of
/// `CHANGELOG.md`, the README's and `Examples/`'s `from:`. CI tags the clone it builds
/// `Examples/` against with the constant.
@Suite struct ReleaseTests {
    @Test func theVersionIsTheChangelogsNewestAndWhatTheExamplesAskFor() throws {
        let version = TransactionSearchRelease.version
        let changelog = try ReadmeSyncTests.text("CHANGELOG.md")
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest == "## \(version)")
        #expect(try ReadmeSyncTests.text("Examples/Package.swift").contains("from: \"\(version)\""))
        #expect(try ReadmeSyncTests.text("README.md").contains("from: \"\(version)\""))
        let parts = version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count == 3, "semantic versioning: \(version)")
    }
}
