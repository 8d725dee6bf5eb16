import Foundation
import Testing

/// The README and the pages of `docs/` show the code the tests run: every Swift block of
/// `README.md` and of `docs/*.md` is one of the marked snippets of `ReadmeSnippetTests.swift`
/// (after its `import` lines, which must be ones an app writes) or, for the block that starts
/// `// Package.swift`, lines of `Examples/Package.swift`; every marked snippet is in one of
/// them; and the README itself shows the package line and the library in one example. The
/// contract program of `Examples/` and its copy in `SearchScreenContractTests.swift` are the
/// same.
@Suite struct ReadmeSyncTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The documents whose Swift blocks are compiled here: the README, then the pages of
    /// `docs/` in name order.
    static func documents() throws -> [String] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + pages.map { "docs/" + $0 }
    }

    /// The Swift blocks of the README, without their fences.
    static func readmeBlocks() throws -> [String] { try blocks(of: "README.md") }

    /// The Swift blocks of a document, without their fences.
    static func blocks(of path: String) throws -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in try text(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    /// The marked snippets of the snippet tests, indentation of the test body removed.
    static func testSnippets() throws -> [String] {
        let source = try text("Tests/ClientTests/ReadmeSnippetTests.swift")
        var snippets: [String] = []
        var current: [String]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// README snippet: ") {
                current = []
            } else if trimmed == "// README snippet end" {
                snippets.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line.hasPrefix("        ") ? String(line.dropFirst(8)) : String(line))
            }
        }
        return snippets
    }

    /// A block without its leading `import` lines and the blank line after them; nil when it
    /// imports something an app using only this library would not.
    static func withoutImports(_ block: String) -> String? {
        var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.hasPrefix("import ") {
            guard ["import Foundation", "import TransactionSearch"].contains(first) else { return nil }
            lines.removeFirst()
        }
        if lines.first == "" { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    @Test func everySwiftBlockOfTheDocumentsIsCompiledHere() throws {
        let snippets = try Self.testSnippets()
        let manifest = try Self.text("Examples/Package.swift")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let blocks = try Self.documents().flatMap { try Self.blocks(of: $0) }
        #expect(blocks.count >= snippets.count + 1)
        let readme = try Self.readmeBlocks()
        #expect(readme.contains { $0.hasPrefix("// Package.swift") }, "the README shows how an app adds the package")
        #expect(readme.contains { Self.withoutImports($0).map(snippets.contains) ?? false }, "the README shows the library in an example")
        var shown: Set<String> = []
        for block in blocks {
            if block.hasPrefix("// Package.swift") {
                for line in block.split(separator: "\n").dropFirst() {
                    let normalized = line.trimmingCharacters(in: .whitespaces)
                        .replacingOccurrences(of: #"url: "[^"]*""#, with: "url: transactionSearchURL", options: .regularExpression)
                    #expect(manifest.contains(normalized), "README's Package.swift line \(normalized) is not in Examples/Package.swift")
                }
                continue
            }
            let code = try #require(Self.withoutImports(block), "a README block imports more than an app needs:\n\(block)")
            #expect(snippets.contains(code), "this Swift block is not a snippet of ReadmeSnippetTests.swift:\n\(block)")
            shown.insert(code)
        }
        for snippet in snippets {
            #expect(shown.contains(snippet), "this snippet of ReadmeSnippetTests.swift is in neither the README nor docs/:\n\(snippet)")
        }
    }

    @Test func theContractProgramIsTheOneTheTestsRun() throws {
        let program = try Self.text("Examples/Sources/SearchScreen/main.swift")
        let tests = try Self.text("Tests/ClientTests/SearchScreenContractTests.swift")
        let begin = try #require(tests.range(of: "// Contract begins\n"))
        let end = try #require(tests.range(of: "\n// Contract ends"))
        let copy = String(tests[begin.upperBound..<end.lowerBound])
        #expect(program == "import Foundation\nimport TransactionSearch\nimport TransactionSearchFiles\n\n" + copy + "\ntry await demo()\n")
    }
}
