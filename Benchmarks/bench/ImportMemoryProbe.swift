import Foundation
import TransactionSearch
import TransactionSearchFiles

/// The memory an import takes beyond the store it builds, measured in a process of its own.
///
/// Measured inside the bench, the same bank CSV import (100,000 long-tail rows, a 4.9 MiB
/// file) took 1.2-1.3x its file beyond the store when only the builds ran before it, 1.7x after
/// a store directory was written and compacted, and 2.6-3.4x after the whole store directory
/// part. valgrind's massif, on a process that imports the file alone, shows the heap in use
/// peaking at the end, with the store built: what the resident peak adds is freed memory the
/// allocator still holds, and how much of it the import faults back in depends on the free
/// chunks the earlier parts left in the thread arenas. So the judged figure comes from a fresh
/// process that reads the file and imports it, nothing else (1.07-1.16x); the in-run figure is
/// printed beside it.
enum ImportMemoryProbe {
    /// The environment variable that makes the bench a probe: `FORMAT:PATH`.
    static let variable = "BENCH_IMPORT_MEMORY_PROBE"

    /// What a probe measured.
    struct Figures {
        /// Resident memory at the import's peak beyond what the store holds after it.
        var extraBytes: Int
        /// What the store holds after the import (resident growth).
        var storeBytes: Int
    }

    /// Runs this executable as a probe of `bytes` in `format`; nil when it cannot (no
    /// `/proc`, a failed run), and the caller keeps its in-run figure alone.
    static func measure(_ bytes: [UInt8], format: StatementFormat) -> Figures? {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-probe-\(ProcessInfo.processInfo.processIdentifier)-\(format.rawValue)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = []
        process.environment = ProcessInfo.processInfo.environment.merging([variable: "\(format.rawValue):\(file.path)"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let numbers = String(data: data, encoding: .utf8)?.split(whereSeparator: \.isWhitespace).compactMap({ Int($0) }),
              numbers.count == 2 else { return nil }
        return Figures(extraBytes: numbers[0], storeBytes: numbers[1])
    }

    /// When this process is a probe: imports the file its variable names, prints the bytes
    /// beyond the store and the store's, and exits (status 1 on any failure).
    static func runIfAsked() {
        guard let request = ProcessInfo.processInfo.environment[variable] else { return }
        let parts = request.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let format = StatementFormat(rawValue: parts[0]),
              let data = FileManager.default.contents(atPath: parts[1]) else { exit(1) }
        let bytes = [UInt8](data)
        guard let before = ResidentMemory.bytesAfterTrimming() else { exit(1) }
        ResidentMemory.resetPeak()
        var store: TransactionStore? = TransactionStore()
        guard (try? store!.importStatement(from: bytes, options: ImportOptions(format: format))) != nil,
              let peak = ResidentMemory.peakBytes(), let after = ResidentMemory.bytesAfterTrimming() else { exit(1) }
        store = nil
        print(max(0, peak - after), after - before)
        exit(0)
    }
}
