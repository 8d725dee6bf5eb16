#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes per string code of a pool (its folded text, or its UTF-8), packed into one arena so
/// that verifying a search candidate, scanning every string or comparing a key touches
/// contiguous memory, not one heap object per string (and retains nothing). Space left by
/// removed strings is reclaimed by compaction.
struct PackedTexts: Sendable {
    private var arena: [UInt8] = []
    private var starts: [UInt32] = [0]
    private var lengths: [UInt32] = [0]
    private var garbage = 0

    /// Compaction runs when removed bytes pass both this and the live bytes (amortized O(1)).
    static let compactionFloor = 64 * 1024

    init() {}

    /// The bytes of codes `1...ends.count` given packed one after another, code `i` ending at
    /// `ends[i - 1]` (a snapshot's table): the arena is taken as it is.
    init(packed arena: [UInt8], ends: [UInt32]) {
        self.arena = arena
        starts = [UInt32](repeating: 0, count: ends.count + 1)
        lengths = [UInt32](repeating: 0, count: ends.count + 1)
        var start: UInt32 = 0
        for (index, end) in ends.enumerated() {
            starts[index + 1] = start
            lengths[index + 1] = end - start
            start = end
        }
    }

    mutating func set(_ code: UInt32, to bytes: [UInt8]) {
        let index = Int(code)
        while starts.count <= index {
            starts.append(0)
            lengths.append(0)
        }
        garbage += Int(lengths[index])
        starts[index] = UInt32(arena.count)
        lengths[index] = UInt32(bytes.count)
        arena.append(contentsOf: bytes)
        compactIfWasteful()
    }

    mutating func remove(_ code: UInt32) {
        let index = Int(code)
        garbage += Int(lengths[index])
        lengths[index] = 0
        compactIfWasteful()
    }

    /// Calls `body` with the bytes of `code` (empty for a removed or unknown code).
    @inline(__always)
    func withBytes<Result>(_ code: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(code)
        guard index < starts.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return arena.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(starts[index]) ..< Int(starts[index] + lengths[index])]))
        }
    }

    /// Whether the bytes of `code` are `bytes` (length first, then one memcmp).
    @inline(__always)
    func equals(_ code: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(code)
        guard index < starts.count, Int(lengths[index]) == bytes.count else { return false }
        guard bytes.count > 0 else { return true }
        return arena.withUnsafeBufferPointer { all in
            memcmp(all.baseAddress! + Int(starts[index]), bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// The bytes of `code` as an array.
    func bytes(_ code: UInt32) -> [UInt8] {
        withBytes(code) { Array($0) }
    }

    var memoryUse: Int { arena.capacity + starts.capacity * 4 + lengths.capacity * 4 }

    private mutating func compactIfWasteful() {
        guard garbage > PackedTexts.compactionFloor, garbage > arena.count - garbage else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(arena.count - garbage)
        for index in starts.indices {
            let start = Int(starts[index])
            starts[index] = UInt32(compacted.count)
            compacted.append(contentsOf: arena[start ..< start + Int(lengths[index])])
        }
        arena = compacted
        garbage = 0
    }
}
