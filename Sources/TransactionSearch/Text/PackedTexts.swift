/// Bytes per string code of a pool (its folded text), packed into one arena so that verifying
/// a search candidate, scanning every string or comparing a key touches contiguous memory,
/// not one heap object per string (and retains nothing). Space left by removed strings is
/// reclaimed by compaction.
///
/// A code's text may carry an attachment: more bytes kept right after the text in the arena
/// and reclaimed with it, which `withBytes`, `equals` and `bytes` never see (a pool keeps a
/// string's UTF-8 there when it differs from the folded text, or only the case of its
/// letters, `AttachmentForm.caseMask`).
///
/// Each code costs 8 bytes of entry: where its bytes start, and the lengths of its text and
/// of its attachment (with the attachment's form in the length's top bit) in 16 bits each.
/// A code whose text is 65,535 bytes or more, or whose attachment is 32,768 or more, has an
/// escaped entry instead, naming a slot of a side table with the full lengths: only such
/// long strings pay for it (16 bytes more).
struct PackedTexts: Sendable {
    /// How the owner of the texts reads an attachment; the texts only keep it.
    enum AttachmentForm: Sendable {
        /// Bytes to be taken as they are (or no attachment, when empty).
        case plain
        /// A `CaseMask` over the text.
        case caseMask
    }

    /// Where a code's text and, right after it, its attachment lie in the arena; for a long
    /// string (`textLength == escape`), which slot of `longEntries` says so.
    private struct Entry {
        /// The arena offset of the text, or the `longEntries` slot of an escaped entry.
        var start: UInt32 = 0
        var textLength: UInt16 = 0
        /// The attachment's length, and `caseMaskFlag` for a case mask.
        var attachment: UInt16 = 0
    }

    /// Where a long string's text and attachment lie, for an escaped entry.
    private struct LongEntry {
        var start: UInt32
        var textLength: UInt32
        var attachmentLength: UInt32
        var form: AttachmentForm
    }

    /// A code's entry decoded, long or not.
    private struct Placement {
        var start: Int
        var textLength: Int
        var attachmentLength: Int
        var form: AttachmentForm
    }

    /// `Entry.textLength` of an escaped entry.
    private static let escape = UInt16.max
    /// `Entry.attachment`'s bit marking a case mask; the bits below it are the length.
    private static let caseMaskFlag: UInt16 = 0x8000
    /// The longest attachment an entry holds without escaping.
    private static let longestInlineAttachment = Int(caseMaskFlag) - 1

    private var arena: [UInt8] = []
    /// By code (8 bytes each, one array: a lookup touches one cache line, a copy one retain).
    private var entries = [Entry()]
    /// The placements of long strings, by the slot their escaped entry names.
    private var longEntries: [LongEntry] = []
    /// Slots of `longEntries` no entry names.
    private var freeLongSlots: [UInt32] = []
    /// Removed bytes (texts and attachments) waiting for compaction in `arena`.
    private var garbage = 0

    /// Compaction runs when removed bytes pass both this and the live bytes (amortized O(1)).
    static let compactionFloor = 64 * 1024

    init() {}

    /// The bytes of codes `1...ends.count` given packed one after another, code `i` ending at
    /// `ends[i - 1]` (a snapshot's table), with no attachments: the arena is taken as it is.
    init(packed arena: [UInt8], ends: [UInt32]) {
        self.arena = arena
        entries.reserveCapacity(ends.count + 1)
        var start = 0
        for end in ends {
            entries.append(entry(start: start, textLength: Int(end) - start, attachmentLength: 0, form: .plain))
            start = Int(end)
        }
    }

    /// Makes room for codes up to `codeLimit - 1` and `bytes` more bytes of texts and
    /// attachments without growing (for a table whose size is known, so that it is held at
    /// its size).
    mutating func reserve(codeLimit: Int, bytes: Int) {
        entries.reserveCapacity(codeLimit)
        arena.reserveCapacity(arena.count + bytes)
    }

    /// Stores `bytes` as the text of `code` (replacing what it had), with no attachment.
    mutating func set(_ code: UInt32, to bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { set(code, to: $0, attaching: UnsafeBufferPointer(start: nil, count: 0)) }
    }

    /// Stores `bytes` as the text of `code` (replacing what it had) and `attachment` with it,
    /// to be read back in `form`.
    mutating func set(_ code: UInt32, to bytes: UnsafeBufferPointer<UInt8>, attaching attachment: UnsafeBufferPointer<UInt8>,
                      as form: AttachmentForm = .plain) {
        let index = Int(code)
        while entries.count <= index { entries.append(Entry()) }
        release(index)
        PackedTexts.makeRoom(in: &arena, for: bytes.count + attachment.count)
        let start = arena.count
        arena.append(contentsOf: bytes)
        arena.append(contentsOf: attachment)
        entries[index] = entry(start: start, textLength: bytes.count, attachmentLength: attachment.count, form: form)
        compactIfWasteful()
    }

    /// Removes the text of `code` and its attachment (a code that was set).
    mutating func remove(_ code: UInt32) {
        release(Int(code))
        compactIfWasteful()
    }

    /// Calls `body` with the bytes of `code` (empty for a removed or unknown code): one load of
    /// the entry, and of a side slot only for a string of 65,535 bytes or more.
    @inline(__always)
    func withBytes<Result>(_ code: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(code)
        guard index < entries.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let entry = entries[index]
        var start = Int(entry.start)
        var length = Int(entry.textLength)
        if _slowPath(entry.textLength == PackedTexts.escape) {
            let long = longEntries[start]
            start = Int(long.start)
            length = Int(long.textLength)
        }
        return arena.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[start ..< start + length]))
        }
    }

    /// Calls `body` with the bytes of `code`, its attachment (each empty when there is none)
    /// and the attachment's form.
    @inline(__always)
    func withBytesAndAttachment<Result>(
        _ code: UInt32, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, AttachmentForm) -> Result
    ) -> Result {
        let index = Int(code)
        guard index < entries.count else {
            return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0), .plain)
        }
        let place = placement(of: entries[index])
        return arena.withUnsafeBufferPointer { all in
            let textEnd = place.start + place.textLength
            return body(UnsafeBufferPointer(rebasing: all[place.start ..< textEnd]),
                        UnsafeBufferPointer(rebasing: all[textEnd ..< textEnd + place.attachmentLength]), place.form)
        }
    }

    /// Whether the bytes of `code` are `bytes` (`bytesEqual`).
    @inline(__always)
    func equals(_ code: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withBytes(code) { own in
            bytesEqual(own, bytes)
        }
    }

    /// Appends the bytes of `code` to `buffer` (no closure handed in: a caller reaching these
    /// texts inside a class, as `FieldIndex` does, copied them to call `withBytes`).
    func appendBytes(_ code: UInt32, to buffer: inout [UInt8]) {
        withBytes(code) { buffer.append(contentsOf: $0) }
    }

    /// The bytes of `code` as an array.
    func bytes(_ code: UInt32) -> [UInt8] {
        withBytes(code) { Array($0) }
    }

    /// Bytes held: the arena, the per-code entries and the long strings' side table, at their
    /// capacities.
    var memoryUse: Int {
        arena.capacity + entries.capacity * MemoryLayout<Entry>.stride
            + longEntries.capacity * MemoryLayout<LongEntry>.stride + freeLongSlots.capacity * MemoryLayout<UInt32>.stride
    }

    /// Gives back the spare room of the arena and the per-code tables (removed bytes too): one
    /// copy of each, for the end of a bulk fill, after which the texts are held at their size.
    mutating func shrinkToFit() {
        if garbage > 0 { compact() } else { PackedTexts.trim(&arena) }
        PackedTexts.trim(&entries)
        PackedTexts.trim(&longEntries)
        PackedTexts.trim(&freeLongSlots)
    }

    /// The entry of a string placed at `start`: inline when its lengths fit, else escaped to a
    /// side slot (a free one when there is one).
    private mutating func entry(start: Int, textLength: Int, attachmentLength: Int, form: AttachmentForm) -> Entry {
        if textLength < Int(PackedTexts.escape), attachmentLength <= PackedTexts.longestInlineAttachment {
            let flag = form == .caseMask ? PackedTexts.caseMaskFlag : 0
            return Entry(start: UInt32(start), textLength: UInt16(textLength), attachment: UInt16(attachmentLength) | flag)
        }
        let long = LongEntry(start: UInt32(start), textLength: UInt32(textLength), attachmentLength: UInt32(attachmentLength), form: form)
        let slot = longEntries.store(long, reusing: &freeLongSlots)
        return Entry(start: slot, textLength: PackedTexts.escape, attachment: 0)
    }

    /// Where the bytes of an entry lie.
    @inline(__always)
    private func placement(of entry: Entry) -> Placement {
        if _slowPath(entry.textLength == PackedTexts.escape) {
            let long = longEntries[Int(entry.start)]
            return Placement(start: Int(long.start), textLength: Int(long.textLength),
                             attachmentLength: Int(long.attachmentLength), form: long.form)
        }
        let attachmentLength = Int(entry.attachment & ~PackedTexts.caseMaskFlag)
        let form: AttachmentForm = entry.attachment & PackedTexts.caseMaskFlag != 0 ? .caseMask : .plain
        return Placement(start: Int(entry.start), textLength: Int(entry.textLength), attachmentLength: attachmentLength, form: form)
    }

    /// Counts the bytes of code `index` as removed, frees its side slot and empties its entry.
    private mutating func release(_ index: Int) {
        let entry = entries[index]
        let place = placement(of: entry)
        garbage += place.textLength + place.attachmentLength
        if entry.textLength == PackedTexts.escape { freeLongSlots.append(entry.start) }
        entries[index] = Entry()
    }

    /// An array copied to its size when it has spare room.
    private static func trim<Element>(_ array: inout [Element]) {
        if array.capacity > array.count { array = array.withUnsafeBufferPointer { Array($0) } }
    }

    /// Grows an arena, when `count` more bytes do not fit, by a quarter (or what they need),
    /// not the array's doubling: a pool's arena is its largest part, and it is held at most a
    /// quarter larger than its bytes. Still amortized O(1) a byte (each byte is copied about
    /// four times over the arena's growth).
    private static func makeRoom(in arena: inout [UInt8], for count: Int) {
        let needed = arena.count + count
        guard needed > arena.capacity else { return }
        arena.reserveCapacity(Swift.max(needed, arena.count + arena.count / 4, 256))
    }

    private mutating func compactIfWasteful() {
        if garbage > PackedTexts.compactionFloor, garbage > arena.count - garbage { compact() }
    }

    /// Copies the live texts, each with its attachment, in code order into an arena of their
    /// size, moving each entry's start (or its side slot's) to the new place.
    private mutating func compact() {
        let old = arena
        var compacted: [UInt8] = []
        compacted.reserveCapacity(old.count - garbage)
        for index in entries.indices {
            let entry = entries[index]
            let place = placement(of: entry)
            let newStart = UInt32(compacted.count)
            if entry.textLength == PackedTexts.escape {
                longEntries[Int(entry.start)].start = newStart
            } else {
                entries[index].start = newStart
            }
            compacted.append(contentsOf: old[place.start ..< place.start + place.textLength + place.attachmentLength])
        }
        arena = compacted
        garbage = 0
    }
}
