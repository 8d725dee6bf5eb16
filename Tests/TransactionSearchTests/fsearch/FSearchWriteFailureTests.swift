import Foundation
import Testing

/// Output that cannot be written is an error (exit 74, one line, no trace), never an exit 0
/// with a cut result; `--output` writes whole or not at all; a closed pipe stays quiet
/// (docs/SPEC.md section 9).
@Suite(.enabled(if: FSearchRunner.isBuilt, "the fsearch binary is built beside the tests"))
struct FSearchWriteFailureTests {
    /// Runs a shell script with `$FSEARCH` naming the binary, in `directory`.
    static func shell(_ script: String, in directory: URL) throws -> FSearchRunner.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["FSEARCH"] = FSearchRunner.binary.path
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return FSearchRunner.Output(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                                    stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// A directory with `rows.csv`: 20,000 rows, about a megabyte as CSV.
    static func directoryWithRows() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var text = "date,merchant,amount,notes\n"
        for index in 0..<20_000 {
            text += "2026-03-\(String(format: "%02d", 1 + index % 28)),Merchant number \(index),-\(index % 500).\(index % 100 < 10 ? "0" : "")\(index % 100),a note to make the row longer\n"
        }
        try text.write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test(arguments: [["export", "--file", "rows.csv"], ["--file", "rows.csv", "--format", "csv"], ["--file", "rows.csv", "--format", "json"],
                      ["--file", "rows.csv", "merchant"], ["--help"]])
    func writingToAFullDeviceIsAnErrorWithNoTrace(_ arguments: [String]) throws {
        let directory = try Self.directoryWithRows()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try Self.shell("\"$FSEARCH\" \(arguments.joined(separator: " ")) > /dev/full", in: directory)
        #expect(output.status == 74 && !output.signaled, "\(arguments): \(output.status) \(output.stderr)")
        #expect(output.stderr == "fsearch: standard output: cannot be written (No space left on device)\n", "\(output.stderr)")
    }

    /// A file size limit stands for a disk that fills halfway: the export fails, and neither a
    /// cut file nor a temporary one is left; the file it would replace is as it was.
    @Test func aFailedOutputLeavesNoCutFile() throws {
        let directory = try Self.directoryWithRows()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "old backup\n".write(to: directory.appendingPathComponent("backup.csv"), atomically: true, encoding: .utf8)
        for arguments in [["export", "--file", "rows.csv"], ["--file", "rows.csv", "--format", "csv"]] {
            let script = "ulimit -f 200; trap '' XFSZ; \"$FSEARCH\" \(arguments.joined(separator: " ")) --output backup.csv"
            let output = try Self.shell(script, in: directory)
            #expect(output.status == 74 && !output.signaled, "\(arguments): \(output.status) \(output.stderr)")
            #expect(output.stderr.hasPrefix("fsearch: backup.csv: cannot be written ("), "\(output.stderr)")
            #expect(try String(contentsOf: directory.appendingPathComponent("backup.csv"), encoding: .utf8) == "old backup\n")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(left == ["backup.csv", "rows.csv"], "\(left)")
            // Without --output the same limit cuts standard output: an error too, not exit 0.
            let plain = try Self.shell("ulimit -f 200; trap '' XFSZ; \"$FSEARCH\" \(arguments.joined(separator: " ")) > cut.csv", in: directory)
            #expect(plain.status == 74, "\(arguments): \(plain.status) \(plain.stderr)")
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("cut.csv"))
        }
    }

    @Test func anOutputFileIsWrittenWhole() throws {
        let directory = try Self.directoryWithRows()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try FSearchRunner.run(["export", "--file", "rows.csv", "--output", "all.csv"], in: directory)
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        let printed = try FSearchRunner.run(["export", "--file", "rows.csv"], in: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("all.csv"), encoding: .utf8) == printed.stdout)
        let searched = try FSearchRunner.run(["--file", "rows.csv", "--format", "csv", "number", "--output", "found.csv"], in: directory)
        #expect(searched.status == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent("found.csv"), encoding: .utf8).split(separator: "\n").count == 20_001)
        let missing = try FSearchRunner.run(["export", "--file", "rows.csv", "--output", "no/such/dir/x.csv"], in: directory)
        #expect(missing.status == 74 && missing.stderr.hasPrefix("fsearch: no/such/dir/x.csv: cannot be written"), "\(missing.stderr)")
    }

    @Test func aClosedPipeStaysQuiet() throws {
        let directory = try Self.directoryWithRows()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try Self.shell("\"$FSEARCH\" export --file rows.csv | head -n 1; echo \"status ${PIPESTATUS:-}\"", in: directory)
        #expect(output.stdout.hasPrefix("id,date,merchant"), "\(output.stdout)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }
}
