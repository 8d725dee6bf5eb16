import Foundation

/// Runs the built `fsearch` binary as a subprocess (it sits beside the test runner).
struct FSearchRunner {
    struct Output {
        var status: Int32
        /// The process was ended by a signal (a trap, a crash), `status` is then the signal.
        var signaled = false
        var stdout: String
        var stderr: String
    }

    static let binary: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("fsearch")

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// The variables that change what fsearch prints, left out of the test process's own
    /// environment so that a run does not depend on who runs the tests: the width, the
    /// locale's date form, the default store.
    static let settingVariables = ["COLUMNS", "LINES", "LC_ALL", "LC_TIME", "LC_MONETARY", "LANG", "FSEARCH_STORE"]

    /// Runs fsearch with `arguments` in `directory` (a temporary one by default), without
    /// colour, feeding `input` to standard input when given; with no width, locale or default
    /// store but what `environment` sets (so 80 columns and ISO dates unless it says otherwise).
    static func run(_ arguments: [String], input: Data? = nil, in directory: URL = FileManager.default.temporaryDirectory,
                    environment extra: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for name in settingVariables { environment[name] = nil }
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                      stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self))
    }
}
