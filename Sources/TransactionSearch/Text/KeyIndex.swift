/// A unique string key per row and the map from key to row: the ids (`KeyIndex<UInt8>`, up to
/// 255 bytes, every row has one) and the import keys (`KeyIndex<UInt16>`, rows may have none).
/// The key bytes are packed in one arena (an id of 32 bytes costs 32 bytes plus 5, not a heap
/// string of 64) and found through `HashSlots` in O(1). A row with no key has length 0.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class KeyIndex<Length: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>: @unchecked Sendable {
    @exclusivity(unchecked) private var arena: [UInt8] = []
    private let starts = ColumnBuffer<UInt32>(filler: 0)
    private let lengths = ColumnBuffer<Length>(filler: 0)
    @exclusivity(unchecked) private var slots = HashSlots()
    @exclusivity(unchecked) private var garbage = 0

    /// Compaction runs when freed id bytes pass both this and the live bytes (amortized O(1)).
    private static var compactionFloor: Int { 256 * 1024 }

    var count: Int { slots.count }

    var memoryUse: Int { arena.capacity + starts.memoryUse + lengths.memoryUse + slots.memoryUse }

    /// The row holding the key `id`.
    func row(of id: String) -> UInt32? {
        var id = id
        return id.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return slots.find(hash: hashBytes(raw, seed: slots.seed)) { row in
                withIDBytes(row) { bytesEqual($0, raw) }
            }
        }
    }

    /// The key of a live row ("" when it has none).
    func key(of row: UInt32) -> String {
        withIDBytes(row) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a row has a key.
    func hasKey(_ row: UInt32) -> Bool {
        Int(row) < lengths.capacity && lengths[row] != 0
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

    /// Records the key `id` (1 to `Length.max` bytes, not in the index) for `row`.
    func insert(_ id: String, row: UInt32) {
        var id = id
        let seed = slots.seed
        let hash = id.withUTF8 { utf8 in
            precondition(utf8.count >= 1 && utf8.count <= Int(Length.max), "KeyIndex.insert: a key of \(utf8.count) bytes")
            starts.reserve(Int(row) + 1)
            lengths.reserve(Int(row) + 1)
            starts[row] = UInt32(arena.count)
            lengths[row] = Length(utf8.count)
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
            precondition(slots.count == 0, "KeyIndex.reserve on a filled index")
            slots = HashSlots(capacity: count, seed: slots.seed)
        }
    }

    /// Fills this empty index with the keys of rows `0..<lengths.count`, given packed one after
    /// another in row order (length 0: the row has none): the bytes are taken in one copy and
    /// each key is hashed and probed once. False when a key repeats (the index is then unusable).
    func restore(packed ids: UnsafeRawBufferPointer, lengths idLengths: [Length]) -> Bool {
        precondition(slots.count == 0 && arena.isEmpty, "KeyIndex.restore on an index in use")
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
                guard length > 0 else {
                    starts[row] = UInt32(start)
                    lengths[row] = 0
                    continue
                }
                let id = UnsafeRawBufferPointer(rebasing: all[start ..< start + length])
                let isNew = slots.insertIfAbsent(row, hash: hashBytes(id, seed: seed), hashOf: { other in
                    let otherStart = Int(starts[other])
                    return hashBytes(UnsafeRawBufferPointer(rebasing: all[otherStart ..< otherStart + Int(lengths[other])]), seed: seed)
                }) { other in
                    let otherStart = Int(starts[other])
                    return bytesEqual(UnsafeRawBufferPointer(rebasing: all[otherStart ..< otherStart + Int(lengths[other])]), id)
                }
                guard isNew else { return false }
                starts[row] = UInt32(start)
                lengths[row] = Length(length)
                start += length
            }
            return true
        }
    }

    /// Forgets the key of `row` (nothing when it has none).
    func remove(row: UInt32) {
        guard hasKey(row) else { return }
        let seed = slots.seed
        slots.remove(row, hash: hash(of: row, seed: seed)) { self.hash(of: $0, seed: seed) }
        garbage += Int(lengths[row])
        lengths[row] = 0
        if garbage > KeyIndex.compactionFloor && garbage > arena.count - garbage { compact() }
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
