import Foundation

/// The process's resident memory, from /proc/self/statm (its second field, in pages).
enum ResidentMemory {
    /// Resident memory after handing freed heap pages back to the system (`malloc_trim`), so
    /// the figure counts what is held, not what the allocator keeps cached from temporaries.
    static func bytesAfterTrimming() -> Int? {
        // glibc's malloc_trim, looked up at run time: the Glibc module does not export malloc.h.
        if let symbol = dlsym(nil, "malloc_trim") {
            typealias Trim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        return bytes()
    }

    /// What `work` holds and what it took beyond that: the resident growth from before it
    /// (heap trimmed) to after it (trimmed again, its result still held), and its resident
    /// peak beyond the size after. Nil figures where `/proc` cannot tell.
    static func measure<Result>(_ work: () throws -> Result) rethrows -> (result: Result, heldBytes: Int?, peakBeyondBytes: Int?) {
        let before = bytesAfterTrimming()
        resetPeak()
        let result = try work()
        let peak = peakBytes()
        // Measured while `result` is held: it is returned, so it lives past this point.
        guard let before, let peak, let after = bytesAfterTrimming() else { return (result, nil, nil) }
        return (result, after - before, max(0, peak - after))
    }

    /// Resets the peak resident size (`VmHWM`) to the current one (Linux: `/proc/self/clear_refs`).
    static func resetPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        handle.write(Data("5".utf8))
        try? handle.close()
    }

    /// The peak resident size since the last reset (`VmHWM` of `/proc/self/status`).
    static func peakBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
