import Foundation
import TransactionSearch
import TransactionSearchFiles

/// The memory an import takes beyond the store it builds, measured in a process of its own.
///
/// Measured inside the bench, the same bank CSV import (100,000 long-tail rows, a 4.9 MiB
/// file) took 1.2-1.3x its file beyond the store when only the builds ran before it, 1.7x after
/// a store directory was written and compacted, 2.8x after the whole store directory part, and
/// 2.6-3.4x in full runs. valgrind's massif, on a process that imports the file alone, shows
/// the heap in use peaking at the end, with the store built: what the resident peak adds is
/// freed memory the allocator still holds, and how much of it the import faults back in
/// depends on the free chunks the earlier parts left in the thread arenas. So the judged
/// figure comes from a fresh process that reads the file and imports it, nothing else
/// (1.07-1.40x on long-tail, moving with the build threads' timing); the in-run figure is
/// printed beside it.
enum ImportMemoryProbe {
    /// The environment variable that makes the bench a probe: `FORMAT:PATH`.
    static let variable = "BENCH_IMPORT_MEMORY_PROBE"

    /// How long a probe may take before it is stopped (and the in-run figure judged).
    static let timeLimit: DispatchTimeInterval = .seconds(300)

    /// Runs this executable as a probe of `bytes` in `format`: the resident memory at the
    /// import's peak beyond what the store holds after it. Nil when it cannot (no `/proc`, a
    /// failed or stopped run), and the caller keeps its in-run figure.
    static func extraBytes(importing bytes: [UInt8], format: StatementFormat) -> Int? {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-probe-\(ProcessInfo.processInfo.processIdentifier)-\(format.rawValue)")
        defer { try? FileManager.default.removeItem(at: file) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard executable.path != "/proc/self/exe",
              FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return nil }
        let process = Process()
        process.executableURL = executable
        process.arguments = []
        process.environment = ProcessInfo.processInfo.environment.merging([variable: "\(format.rawValue):\(file.path)"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        // A probe that hangs is stopped: its output then ends, and the figure is nil.
        let stop = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: stop)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stop.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let text = String(data: data, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// When this process is a probe: imports the file its variable names, prints the bytes
    /// beyond the store, and exits (status 1 on any failure).
    static func runIfAsked() {
        guard let request = ProcessInfo.processInfo.environment[variable] else { return }
        let parts = request.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let format = StatementFormat(rawValue: parts[0]),
              let data = FileManager.default.contents(atPath: parts[1]) else { exit(1) }
        let bytes = [UInt8](data)
        // Measured as the in-run figure is.
        let memory = ResidentMemory.measure { () -> TransactionStore? in
            let store = TransactionStore()
            return (try? store.importStatement(from: bytes, options: ImportOptions(format: format))) == nil ? nil : store
        }
        guard memory.result != nil, let extra = memory.peakBeyondBytes else { exit(1) }
        print(extra)
        exit(0)
    }
}
