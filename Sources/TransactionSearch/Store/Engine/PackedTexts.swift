#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes per string code of a pool (its folded text), packed into one arena so that verifying
/// a search candidate, scanning every string or comparing a key touches contiguous memory,
/// not one heap object per string (and retains nothing). Space left by removed strings is
/// reclaimed by compaction.
///
/// A code's text may carry an attachment: more bytes stored right after it and reclaimed with
/// it, which `withBytes`, `equals` and `bytes` never see (a pool keeps a string's UTF-8 there
/// when it differs from the folded text, so that the two share one arena and one start).
struct PackedTexts: Sendable {
    /// Where a code's bytes lie in the arena: its text, then its attachment right after it.
    private struct Entry {
        var start: UInt32 = 0
        var length: UInt32 = 0
        var attachmentLength: UInt32 = 0
    }

    private var arena: [UInt8] = []
    /// By code (12 bytes each, one array: a lookup touches one cache line, a copy one retain).
    private var entries = [Entry()]
    private var garbage = 0

    /// Compaction runs when removed bytes pass both this and the live bytes (amortized O(1)).
    static let compactionFloor = 64 * 1024

    init() {}

    /// The bytes of codes `1...ends.count` given packed one after another, code `i` ending at
    /// `ends[i - 1]` (a snapshot's table), with no attachments: the arena is taken as it is.
    init(packed arena: [UInt8], ends: [UInt32]) {
        self.arena = arena
        entries.reserveCapacity(ends.count + 1)
        var start: UInt32 = 0
        for end in ends {
            entries.append(Entry(start: start, length: end - start))
            start = end
        }
    }

    /// Makes room for codes up to `codeLimit - 1` and `bytes` more bytes without growing (for a
    /// table whose size is known, so that it is held at its size).
    mutating func reserve(codeLimit: Int, bytes: Int) {
        entries.reserveCapacity(codeLimit)
        arena.reserveCapacity(arena.count + bytes)
    }

    /// Stores `bytes` as the text of `code` (replacing what it had), with no attachment.
    mutating func set(_ code: UInt32, to bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { set(code, to: $0, attaching: UnsafeBufferPointer(start: nil, count: 0)) }
    }

    /// Stores `bytes` as the text of `code` (replacing what it had) and `attachment` after it.
    mutating func set(_ code: UInt32, to bytes: UnsafeBufferPointer<UInt8>, attaching attachment: UnsafeBufferPointer<UInt8>) {
        let index = Int(code)
        while entries.count <= index { entries.append(Entry()) }
        garbage += Int(entries[index].length) + Int(entries[index].attachmentLength)
        makeRoom(for: bytes.count + attachment.count)
        entries[index] = Entry(start: UInt32(arena.count), length: UInt32(bytes.count), attachmentLength: UInt32(attachment.count))
        arena.append(contentsOf: bytes)
        arena.append(contentsOf: attachment)
        compactIfWasteful()
    }

    mutating func remove(_ code: UInt32) {
        let index = Int(code)
        garbage += Int(entries[index].length) + Int(entries[index].attachmentLength)
        entries[index].length = 0
        entries[index].attachmentLength = 0
        compactIfWasteful()
    }

    /// Calls `body` with the bytes of `code` (empty for a removed or unknown code).
    @inline(__always)
    func withBytes<Result>(_ code: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(code)
        guard index < entries.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let entry = entries[index]
        return arena.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(entry.start) ..< Int(entry.start) + Int(entry.length)]))
        }
    }

    /// Calls `body` with the bytes of `code` and its attachment (each empty when there is none).
    @inline(__always)
    func withBytesAndAttachment<Result>(_ code: UInt32,
                                        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(code)
        guard index < entries.count else {
            return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
        }
        let entry = entries[index]
        return arena.withUnsafeBufferPointer { all in
            let start = Int(entry.start)
            let end = start + Int(entry.length)
            return body(UnsafeBufferPointer(rebasing: all[start ..< end]),
                        UnsafeBufferPointer(rebasing: all[end ..< end + Int(entry.attachmentLength)]))
        }
    }

    /// Whether the bytes of `code` are `bytes` (length first, then one memcmp).
    @inline(__always)
    func equals(_ code: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(code)
        guard index < entries.count else { return false }
        let entry = entries[index]
        guard Int(entry.length) == bytes.count else { return false }
        guard bytes.count > 0 else { return true }
        return arena.withUnsafeBufferPointer { all in
            memcmp(all.baseAddress! + Int(entry.start), bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// The bytes of `code` as an array.
    func bytes(_ code: UInt32) -> [UInt8] {
        withBytes(code) { Array($0) }
    }

    /// Bytes held: the arena and the per-code entries at their capacities.
    var memoryUse: Int { arena.capacity + entries.capacity * MemoryLayout<Entry>.stride }

    /// Gives back the spare room of the arena and the per-code entries (removed bytes too): one
    /// copy of each, for the end of a bulk fill, after which the texts are held at their size.
    mutating func shrinkToFit() {
        if garbage > 0 {
            compact()
        } else if arena.capacity > arena.count {
            arena = arena.withUnsafeBufferPointer { Array($0) }
        }
        if entries.capacity > entries.count { entries = entries.withUnsafeBufferPointer { Array($0) } }
    }

    /// Grows the arena, when `count` more bytes do not fit, by a quarter (or what they need),
    /// not the array's doubling: a pool's arena is its largest part, and it is held at most a
    /// quarter larger than its bytes. Still amortized O(1) a byte (each byte is copied about
    /// four times over the arena's growth).
    private mutating func makeRoom(for count: Int) {
        let needed = arena.count + count
        guard needed > arena.capacity else { return }
        arena.reserveCapacity(Swift.max(needed, arena.count + arena.count / 4, 256))
    }

    private mutating func compactIfWasteful() {
        guard garbage > PackedTexts.compactionFloor, garbage > arena.count - garbage else { return }
        compact()
    }

    /// Copies the live bytes (texts with their attachments) into an arena of their size.
    private mutating func compact() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(arena.count - garbage)
        for index in entries.indices {
            let start = Int(entries[index].start)
            entries[index].start = UInt32(compacted.count)
            compacted.append(contentsOf: arena[start ..< start + Int(entries[index].length) + Int(entries[index].attachmentLength)])
        }
        arena = compacted
        garbage = 0
    }
}
