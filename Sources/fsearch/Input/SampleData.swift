import Foundation

/// The sample bundled with fsearch, found without `Bundle.module` (which traps when the
/// resource bundle is missing, as when the binary is copied elsewhere).
enum SampleData {
    static let fileName = "sample.csv"

    /// Where the sample is: beside the executable in SwiftPM's resource bundle, or in the
    /// source tree this binary was built from.
    static func locate() -> URL? {
        var candidates: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        for bundle in ["TransactionSearch_fsearch.resources", "TransactionSearch_fsearch.bundle"] {
            candidates.append(folder.appendingPathComponent(bundle).appendingPathComponent(fileName))
        }
        if let main = Bundle.main.resourceURL {
            candidates.append(main.appendingPathComponent("TransactionSearch_fsearch.resources").appendingPathComponent(fileName))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources").appendingPathComponent(fileName))
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }
}
