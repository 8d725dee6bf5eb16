/// The ids of the rows and the map from id to row: the id bytes packed in one arena (an id of
/// 32 bytes costs 32 bytes plus 5, not a heap string of 64), found through `HashSlots` in O(1).
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class IDIndex: @unchecked Sendable {
    @exclusivity(unchecked) private var arena: [UInt8] = []
    private let starts = ColumnBuffer<UInt32>(filler: 0)
    private let lengths = ColumnBuffer<UInt8>(filler: 0)
    @exclusivity(unchecked) private var slots = HashSlots()
    @exclusivity(unchecked) private var garbage = 0

    /// Compaction runs when freed id bytes pass both this and the live bytes (amortized O(1)).
    private static let compactionFloor = 256 * 1024

    var count: Int { slots.count }

    var memoryUse: Int { arena.capacity + starts.memoryUse + lengths.memoryUse + slots.memoryUse }

    /// The row holding `id`.
    func row(of id: String) -> UInt32? {
        var id = id
        return id.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return slots.find(hash: hashBytes(raw, seed: slots.seed)) { row in
                withIDBytes(row) { $0.elementsEqual(raw) }
            }
        }
    }

    /// The id of a live row.
    func id(of row: UInt32) -> String {
        withIDBytes(row) { String(decoding: $0, as: UTF8.self) }
    }

    /// Compares two rows' ids by bytes: negative, zero or positive.
    @inline(__always)
    func compare(_ a: UInt32, _ b: UInt32) -> Int {
        arena.withUnsafeBufferPointer { all in
            let aStart = Int(starts[a]), aCount = Int(lengths[a])
            let bStart = Int(starts[b]), bCount = Int(lengths[b])
            let shared = min(aCount, bCount)
            for index in 0..<shared {
                let left = all[aStart + index], right = all[bStart + index]
                if left != right { return left < right ? -1 : 1 }
            }
            return aCount - bCount
        }
    }

    /// Records `id` (1...64 bytes, not in the index) for `row`.
    func insert(_ id: String, row: UInt32) {
        var id = id
        let seed = slots.seed
        let hash = id.withUTF8 { utf8 in
            precondition((1...64).contains(utf8.count), "IDIndex.insert: id of \(utf8.count) bytes")
            starts.reserve(Int(row) + 1)
            lengths.reserve(Int(row) + 1)
            starts[row] = UInt32(arena.count)
            lengths[row] = UInt8(utf8.count)
            arena.append(contentsOf: utf8)
            return hashBytes(UnsafeRawBufferPointer(utf8), seed: seed)
        }
        slots.insert(row, hash: hash) { self.hash(of: $0, seed: seed) }
    }

    /// Makes room for `count` more ids of `bytes` bytes in all, in rows below `rowLimit`, so
    /// that adding them never rehashes or copies: for filling an empty index in bulk.
    func reserve(count: Int, bytes: Int, rowLimit: Int) {
        starts.reserve(rowLimit)
        lengths.reserve(rowLimit)
        arena.reserveCapacity(arena.count + bytes)
        if slots.count + count > slots.room {
            precondition(slots.count == 0, "IDIndex.reserve on a filled index")
            slots = HashSlots(capacity: count, seed: slots.seed)
        }
    }

    /// Fills this empty index with the ids of rows `0..<lengths.count`, given packed one after
    /// another in row order: the bytes are taken in one copy and each id is hashed and probed
    /// once. False when an id repeats (the index is then unusable).
    func restore(packed ids: UnsafeRawBufferPointer, lengths idLengths: [UInt8]) -> Bool {
        precondition(slots.count == 0 && arena.isEmpty, "IDIndex.restore on an index in use")
        let count = idLengths.count
        arena = Array(ids)
        starts.reserve(count)
        lengths.reserve(count)
        slots = HashSlots(capacity: count, seed: slots.seed)
        let seed = slots.seed
        let (starts, lengths) = (self.starts, self.lengths)
        return arena.withUnsafeBytes { all in
            var start = 0
            for row in 0..<UInt32(count) {
                let length = Int(idLengths[Int(row)])
                let id = UnsafeRawBufferPointer(rebasing: all[start ..< start + length])
                let isNew = slots.insertIfAbsent(row, hash: hashBytes(id, seed: seed)) { other in
                    let otherStart = Int(starts[other])
                    return UnsafeRawBufferPointer(rebasing: all[otherStart ..< otherStart + Int(lengths[other])]).elementsEqual(id)
                }
                guard isNew else { return false }
                starts[row] = UInt32(start)
                lengths[row] = UInt8(length)
                start += length
            }
            return true
        }
    }

    /// Forgets the id of `row`.
    func remove(row: UInt32) {
        let seed = slots.seed
        slots.remove(row, hash: hash(of: row, seed: seed)) { self.hash(of: $0, seed: seed) }
        garbage += Int(lengths[row])
        lengths[row] = 0
        if garbage > IDIndex.compactionFloor && garbage > arena.count - garbage { compact() }
    }

    private func hash(of row: UInt32, seed: UInt64) -> Int {
        withIDBytes(row) { hashBytes($0, seed: seed) }
    }

    @inline(__always)
    private func withIDBytes<Result>(_ row: UInt32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        arena.withUnsafeBytes { all in
            let start = Int(starts[row])
            return body(UnsafeRawBufferPointer(rebasing: all[start ..< start + Int(lengths[row])]))
        }
    }

    /// Rewrites the arena with only live ids (rows with a zero length are free).
    private func compact() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(arena.count - garbage)
        for row in 0..<UInt32(starts.capacity) where lengths[row] > 0 {
            let start = Int(starts[row])
            starts[row] = UInt32(compacted.count)
            compacted.append(contentsOf: arena[start ..< start + Int(lengths[row])])
        }
        arena = compacted
        garbage = 0
    }
}
