import Foundation

/// Files the tests read: the package's `Fixtures/` (found from this source file's path, so a
/// clean clone works) and the test target's bundled `Resources/`.
enum TestFiles {
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Support, TransactionSearchTests, Tests
        return url
    }()

    static func fixture(_ path: String) throws -> [UInt8] {
        let url = packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(path)
        return Array(try Data(contentsOf: url))
    }

    /// The sample bundled with fsearch.
    static func sample() throws -> [UInt8] {
        Array(try Data(contentsOf: packageRoot.appendingPathComponent("Sources/fsearch/Resources/sample.csv")))
    }

    static func resource(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return Array(try Data(contentsOf: url))
    }

    static func resourceText(_ name: String) throws -> String {
        String(decoding: try resource(name), as: UTF8.self)
    }
}
