#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Dictionary encoding of one text field: each distinct string gets a small integer code that
/// the rows store, with a reference count, so that a string no row uses any more is reclaimed
/// and its code reused. Code 0 is "none" and never names a string.
///
/// Strings are compared by their UTF-8 bytes: canonically equivalent spellings stay distinct,
/// so what is stored is exactly what was given.
struct StringPool: Sendable {
    /// Strings by code; "" at code 0 and at free codes.
    private(set) var strings: [String] = [""]
    private var references: [UInt32] = [0]
    private var freeCodes: [UInt32] = []
    private var lookup = HashSlots()
    /// UTF-8 bytes by code, for finding a string without touching `String` objects.
    private var utf8 = PackedTexts()
    /// Folded bytes by code, for search and for ordering titles.
    private(set) var folded = PackedTexts()
    /// The number of distinct strings in use.
    private(set) var liveCount = 0

    /// One past the largest code that was ever used: codes are `1..<codeLimit`.
    var codeLimit: Int { strings.count }

    init() {}

    /// A pool holding a snapshot's table: string `i` of the table gets code `i + 1`, its given
    /// folded bytes (not folded again) and `references[i + 1]` uses. Nil when a string repeats
    /// or has no use, which a snapshot written by a store never has.
    init?(restoring table: SnapshotRows.StringTable, references: [UInt32]) {
        precondition(references.count == table.count + 1)
        guard !references.dropFirst().contains(0) else { return nil }
        strings = [""] + table.strings
        self.references = references
        self.references[0] = 0
        folded = PackedTexts(packed: table.folded, ends: table.foldedEnds)
        var allBytes: [UInt8] = []
        var ends: [UInt32] = []
        ends.reserveCapacity(table.count)
        for text in table.strings {
            allBytes.append(contentsOf: text.utf8)
            ends.append(UInt32(allBytes.count))
        }
        utf8 = PackedTexts(packed: allBytes, ends: ends)
        lookup = HashSlots(capacity: table.count)
        let seed = lookup.seed
        let packed = utf8
        for code in 1 ..< UInt32(strings.count) {
            let isNew = packed.withBytes(code) { bytes in
                lookup.insertIfAbsent(code, hash: hashBytes(UnsafeRawBufferPointer(bytes), seed: seed)) { packed.equals($0, bytes) }
            }
            guard isNew else { return nil }
        }
        liveCount = table.count
    }

    /// The code of `text`, or nil when no row uses it.
    func code(of text: String) -> UInt32? {
        var text = text
        return text.withUTF8 { bytes in
            lookup.find(hash: hashBytes(UnsafeRawBufferPointer(bytes), seed: lookup.seed)) { utf8.equals($0, bytes) }
        }
    }

    @inline(__always)
    func string(_ code: UInt32) -> String { strings[Int(code)] }

    /// Whether a string's UTF-8 bytes are `bytes` (length first, then one memcmp).
    @inline(__always)
    static func equals(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard string.utf8.count == bytes.count else { return false }
        var string = string
        return string.withUTF8 { own in
            own.count == 0 || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0
        }
    }

    /// Whether `code` names a string in use.
    func isLive(_ code: UInt32) -> Bool { Int(code) < references.count && references[Int(code)] > 0 }

    /// How many rows use `code`.
    func referenceCount(_ code: UInt32) -> Int { Int(references[Int(code)]) }

    /// How many rows use any of `codes` (each counted once per code): the rows a term's
    /// strings reach, summed from one contiguous array.
    func referenceCount(of codes: [UInt32]) -> Int {
        references.withUnsafeBufferPointer { references in
            codes.withUnsafeBufferPointer { codes in
                var total = 0
                for code in codes where Int(code) < references.count { total &+= Int(references[Int(code)]) }
                return total
            }
        }
    }

    /// Counts one more use of `text` and returns its code; `isNew` when it was not in use.
    mutating func retain(_ text: String) -> (code: UInt32, isNew: Bool) {
        if let existing = code(of: text) {
            references[Int(existing)] += 1
            return (existing, false)
        }
        let code: UInt32
        if let reused = freeCodes.popLast() {
            code = reused
            strings[Int(code)] = text
            references[Int(code)] = 1
        } else {
            code = UInt32(strings.count)
            strings.append(text)
            references.append(1)
        }
        var bytes: [UInt8] = []
        Folding.appendFolded(text, to: &bytes)
        folded.set(code, to: bytes)
        utf8.set(code, to: Array(text.utf8))
        do {
            let strings = self.strings
            let seed = lookup.seed
            lookup.insert(code, hash: hashString(text, seed: seed)) { hashString(strings[Int($0)], seed: seed) }
        }
        liveCount += 1
        return (code, true)
    }

    /// Counts one more use of a code in use.
    mutating func retain(code: UInt32) {
        precondition(isLive(code), "StringPool.retain(code:) on unused code \(code)")
        references[Int(code)] += 1
    }

    /// Counts one use less; returns true when that was the last use and the string is reclaimed.
    @discardableResult
    mutating func release(_ code: UInt32) -> Bool {
        precondition(isLive(code), "StringPool.release on unused code \(code)")
        references[Int(code)] -= 1
        guard references[Int(code)] == 0 else { return false }
        do {
            // A local copy for the hash closure; it must be gone before `strings` is written,
            // or that write would copy the whole array.
            let strings = self.strings
            let seed = lookup.seed
            lookup.remove(code, hash: hashString(strings[Int(code)], seed: seed)) { hashString(strings[Int($0)], seed: seed) }
        }
        strings[Int(code)] = ""
        folded.remove(code)
        utf8.remove(code)
        freeCodes.append(code)
        liveCount -= 1
        return true
    }

    /// The codes in use, ascending.
    var liveCodes: [UInt32] {
        (1..<UInt32(strings.count)).filter { references[Int($0)] > 0 }
    }

    var memoryUse: Int {
        var bytes = strings.capacity * MemoryLayout<String>.stride + references.capacity * 4
        bytes += freeCodes.capacity * 4 + lookup.memoryUse + folded.memoryUse + utf8.memoryUse
        for string in strings where string.utf8.count > 15 { bytes += string.utf8.count + 32 }
        return bytes
    }

    /// Traps when the pool's own bookkeeping disagrees with itself.
    func checkInvariants() {
        var live = 0
        for code in 1..<UInt32(strings.count) where references[Int(code)] > 0 {
            live += 1
            precondition(self.code(of: strings[Int(code)]) == code, "pool lookup lost \(strings[Int(code)])")
            precondition(folded.bytes(code) == Array(Folding.fold(strings[Int(code)]).utf8), "pool fold is stale")
            precondition(utf8.bytes(code) == Array(strings[Int(code)].utf8), "pool bytes are stale")
        }
        precondition(live == liveCount && lookup.count == liveCount, "pool live count \(liveCount) != \(live)")
        precondition(Set(freeCodes).count == freeCodes.count, "pool free list has duplicates")
        for code in freeCodes { precondition(references[Int(code)] == 0, "pool frees a code in use") }
    }
}
