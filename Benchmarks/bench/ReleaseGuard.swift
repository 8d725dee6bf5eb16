import Foundation

/// `swift run bench` builds in debug, where every figure would be meaningless: the guard
/// rebuilds the benchmark in release and runs that instead, saying so, or stops with the exact
/// command to run.
enum ReleaseGuard {
    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    static let releaseCommand = "swift run -c release bench"

    /// In a debug build, runs the release build with the same arguments and exits with its
    /// status; returns only in a release build (or with --allow-debug).
    static func runReleaseIfDebug(arguments: [String], allowDebug: Bool) {
        guard isDebugBuild && !allowDebug else { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let exactCommand = "\(releaseCommand) \(arguments.joined(separator: " "))"
        FileHandle.standardError.write(Data("""
            bench: this is a debug build; its figures would be meaningless.
            bench: building and running the release build instead (\(exactCommand)).\n
            """.utf8))
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path),
              run(["swift", "build", "-c", "release", "--product", "bench"], in: root) == 0,
              let binDirectory = output(["swift", "build", "-c", "release", "--show-bin-path"], in: root)
        else {
            FileHandle.standardError.write(Data("bench: could not build it; run this from the package directory:\n  \(exactCommand)\n".utf8))
            exit(1)
        }
        exit(run([binDirectory + "/bench"] + arguments, in: root))
    }

    private static func run(_ command: [String], in directory: URL) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        do {
            try process.run()
        } catch {
            return 127
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private static func output(_ command: [String], in directory: URL) -> String? {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
