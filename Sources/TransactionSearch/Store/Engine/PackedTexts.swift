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
/// A code's text may carry an attachment: more bytes kept with it in a second arena and
/// reclaimed with it, which `withBytes`, `equals` and `bytes` never see (a pool keeps a
/// string's UTF-8 there when it differs from the folded text). The texts' arena holds texts
/// only, so a search reading many of them touches no attachment bytes.
struct PackedTexts: Sendable {
    /// Where a code's text and attachment lie in their arenas.
    private struct Entry {
        var start: UInt32 = 0
        var length: UInt32 = 0
        var attachmentStart: UInt32 = 0
        var attachmentLength: UInt32 = 0
    }

    private var arena: [UInt8] = []
    private var attachments: [UInt8] = []
    /// By code (16 bytes each, one array: a lookup touches one cache line, a copy one retain).
    private var entries = [Entry()]
    /// Removed bytes waiting for compaction in `arena` and in `attachments`.
    private var garbage = 0
    private var attachmentGarbage = 0

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

    /// Makes room for codes up to `codeLimit - 1`, `bytes` more bytes of text and
    /// `attachmentBytes` of attachments without growing (for a table whose size is known, so
    /// that it is held at its size).
    mutating func reserve(codeLimit: Int, bytes: Int, attachmentBytes: Int) {
        entries.reserveCapacity(codeLimit)
        arena.reserveCapacity(arena.count + bytes)
        attachments.reserveCapacity(attachments.count + attachmentBytes)
    }

    /// Stores `bytes` as the text of `code` (replacing what it had), with no attachment.
    mutating func set(_ code: UInt32, to bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { set(code, to: $0, attaching: UnsafeBufferPointer(start: nil, count: 0)) }
    }

    /// Stores `bytes` as the text of `code` (replacing what it had) and `attachment` with it.
    mutating func set(_ code: UInt32, to bytes: UnsafeBufferPointer<UInt8>, attaching attachment: UnsafeBufferPointer<UInt8>) {
        let index = Int(code)
        while entries.count <= index { entries.append(Entry()) }
        garbage += Int(entries[index].length)
        attachmentGarbage += Int(entries[index].attachmentLength)
        PackedTexts.makeRoom(in: &arena, for: bytes.count)
        PackedTexts.makeRoom(in: &attachments, for: attachment.count)
        entries[index] = Entry(start: UInt32(arena.count), length: UInt32(bytes.count),
                               attachmentStart: UInt32(attachments.count), attachmentLength: UInt32(attachment.count))
        arena.append(contentsOf: bytes)
        attachments.append(contentsOf: attachment)
        compactIfWasteful()
    }

    mutating func remove(_ code: UInt32) {
        let index = Int(code)
        garbage += Int(entries[index].length)
        attachmentGarbage += Int(entries[index].attachmentLength)
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
            attachments.withUnsafeBufferPointer { attached in
                body(UnsafeBufferPointer(rebasing: all[Int(entry.start) ..< Int(entry.start) + Int(entry.length)]),
                     UnsafeBufferPointer(rebasing: attached[Int(entry.attachmentStart) ..< Int(entry.attachmentStart) + Int(entry.attachmentLength)]))
            }
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

    /// Bytes held: both arenas and the per-code entries at their capacities.
    var memoryUse: Int { arena.capacity + attachments.capacity + entries.capacity * MemoryLayout<Entry>.stride }

    /// Gives back the spare room of the arenas and the per-code entries (removed bytes too):
    /// one copy of each, for the end of a bulk fill, after which the texts are held at their size.
    mutating func shrinkToFit() {
        if garbage > 0 { compactTexts() } else { PackedTexts.trim(&arena) }
        if attachmentGarbage > 0 { compactAttachments() } else { PackedTexts.trim(&attachments) }
        PackedTexts.trim(&entries)
    }

    /// An array copied to its size when it has spare room.
    private static func trim<Element>(_ array: inout [Element]) {
        if array.capacity > array.count { array = array.withUnsafeBufferPointer { Array($0) } }
    }

    /// Grows an arena, when `count` more bytes do not fit, by a quarter (or what they need),
    /// not the array's doubling: a pool's arenas are its largest part, and they are held at
    /// most a quarter larger than their bytes. Still amortized O(1) a byte (each byte is copied
    /// about four times over the arena's growth).
    private static func makeRoom(in arena: inout [UInt8], for count: Int) {
        let needed = arena.count + count
        guard needed > arena.capacity else { return }
        arena.reserveCapacity(Swift.max(needed, arena.count + arena.count / 4, 256))
    }

    private mutating func compactIfWasteful() {
        if garbage > PackedTexts.compactionFloor, garbage > arena.count - garbage { compactTexts() }
        if attachmentGarbage > PackedTexts.compactionFloor, attachmentGarbage > attachments.count - attachmentGarbage {
            compactAttachments()
        }
    }

    /// Copies the live texts into an arena of their size.
    private mutating func compactTexts() {
        PackedTexts.compact(&arena, live: arena.count - garbage, entries: &entries, start: \.start, length: \.length)
        garbage = 0
    }

    /// Copies the live attachments into an arena of their size.
    private mutating func compactAttachments() {
        PackedTexts.compact(&attachments, live: attachments.count - attachmentGarbage, entries: &entries,
                            start: \.attachmentStart, length: \.attachmentLength)
        attachmentGarbage = 0
    }

    /// Copies the live bytes of one arena (`live` of them), in code order, into an arena of
    /// their size, moving each entry's start (the texts' or the attachments', by `start` and
    /// `length`) to its new place.
    private static func compact(_ arena: inout [UInt8], live: Int, entries: inout [Entry],
                                start: WritableKeyPath<Entry, UInt32>, length: KeyPath<Entry, UInt32>) {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(live)
        for index in entries.indices {
            let from = Int(entries[index][keyPath: start])
            entries[index][keyPath: start] = UInt32(compacted.count)
            compacted.append(contentsOf: arena[from ..< from + Int(entries[index][keyPath: length])])
        }
        arena = compacted
    }
}
