/// A unique string key per row and the map from key to row: the ids (`KeyIndex<UInt8>`, up to
/// 255 bytes, every row has one) and the import keys (`KeyIndex<UInt16>`, rows may have none).
/// The keys are packed (`KeyPacking`: hex digits two to a byte) one after another in one arena
/// (an id of 32 hex digits costs 18 bytes plus 5, not a heap string of 64) and found through
/// `HashSlots` in O(1), by their packed bytes. A row with no key has length 0.
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
            KeyPacking.withPacked(bytes) { packedBytes in
                let packed = UnsafeRawBufferPointer(packedBytes)
                return slots.find(hash: hashBytes(packed, seed: slots.seed)) { row in
                    withIDBytes(row) { bytesEqual($0, packed) }
                }
            }
        }
    }

    /// The key of a live row ("" when it has none).
    func key(of row: UInt32) -> String {
        withIDBytes(row) { KeyPacking.string($0) }
    }

    /// Calls `body` with the packed key of a live row (`KeyPacking`; empty when it has none).
    func withPackedKey<Result>(_ row: UInt32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withIDBytes(row, body)
    }

    /// Whether a row has a key.
    func hasKey(_ row: UInt32) -> Bool {
        Int(row) < lengths.capacity && lengths[row] != 0
    }

    /// Compares two rows' keys by their UTF-8 bytes: negative, zero or positive.
    @inline(__always)
    func compare(_ a: UInt32, _ b: UInt32) -> Int {
        arena.withUnsafeBytes { all in
            let aStart = Int(starts[a]), bStart = Int(starts[b])
            return KeyPacking.compare(UnsafeRawBufferPointer(rebasing: all[aStart ..< aStart + Int(lengths[a])]),
                                      UnsafeRawBufferPointer(rebasing: all[bStart ..< bStart + Int(lengths[b])]))
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
            let start = arena.count
            KeyPacking.appendPacked(utf8, to: &arena)
            starts[row] = UInt32(start)
            lengths[row] = Length(arena.count - start)
            return arena.withUnsafeBytes { hashBytes(UnsafeRawBufferPointer(rebasing: $0[start...]), seed: seed) }
        }
        slots.insert(row, hash: hash) { self.hash(of: $0, seed: seed) }
    }

    /// Makes room for `count` more ids of at most `bytes` bytes in all, in rows below `rowLimit`, so
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

    /// Gives back the arena's room beyond its keys, when more than an eighth of it is spare: a
    /// bulk fill or restore reserves room for the keys unpacked, and packing leaves the rest.
    func shrinkToFit() {
        guard arena.capacity - arena.count > arena.count / 8 else { return }
        arena = arena.withUnsafeBufferPointer { Array($0) }
    }

    /// Fills this empty index with the keys of rows `0..<lengths.count`, given one after
    /// another in row order (length 0: the row has none): each key is packed into the arena
    /// (bytes that are not UTF-8 repaired as a `String` would), then hashed and probed once.
    /// False when a key repeats (the index is then unusable).
    func restore(packed ids: UnsafeRawBufferPointer, lengths idLengths: [Length]) -> Bool {
        precondition(slots.count == 0 && arena.isEmpty, "KeyIndex.restore on an index in use")
        let count = idLengths.count
        starts.reserve(count)
        lengths.reserve(count)
        let all = ids.assumingMemoryBound(to: UInt8.self)
        if UTF8Validation.isValid(all) {
            // Well-formed as a whole, the keys hold no byte a mark could be read from (one
            // pass over them all is several times cheaper than one a key), and packing never
            // lengthens one: each is packed straight into an arena of the keys' size.
            arena = [UInt8](unsafeUninitializedCapacity: max(all.count, 1)) { arena, initialized in
                var offset = 0, written = 0
                for row in 0..<UInt32(count) {
                    let length = Int(idLengths[Int(row)])
                    let packed = KeyPacking.pack(UnsafeBufferPointer(rebasing: all[offset ..< offset + length]), into: arena.baseAddress! + written)
                    self.starts[row] = UInt32(written)
                    self.lengths[row] = Length(packed)
                    offset += length
                    written += packed
                }
                initialized = written
            }
        } else {
            arena.reserveCapacity(ids.count)
            var offset = 0
            for row in 0..<UInt32(count) {
                let length = Int(idLengths[Int(row)])
                let start = arena.count
                let key = UnsafeBufferPointer(rebasing: all[offset ..< offset + length])
                offset += length
                if UTF8Validation.isValid(key) {
                    KeyPacking.appendPacked(key, to: &arena)
                } else {
                    var repaired = String(decoding: key, as: UTF8.self)
                    guard repaired.utf8.count <= Int(Length.max) else { return false }
                    repaired.withUTF8 { KeyPacking.appendPacked($0, to: &arena) }
                }
                starts[row] = UInt32(start)
                lengths[row] = Length(arena.count - start)
            }
        }
        shrinkToFit()
        slots = HashSlots(capacity: count, seed: slots.seed)
        let seed = slots.seed
        let (starts, lengths) = (self.starts, self.lengths)
        return arena.withUnsafeBytes { all in
            for row in 0..<UInt32(count) {
                let start = Int(starts[row]), length = Int(lengths[row])
                guard length > 0 else { continue }
                let id = UnsafeRawBufferPointer(rebasing: all[start ..< start + length])
                let isNew = slots.insertIfAbsent(row, hash: hashBytes(id, seed: seed), hashOf: { other in
                    let otherStart = Int(starts[other])
                    return hashBytes(UnsafeRawBufferPointer(rebasing: all[otherStart ..< otherStart + Int(lengths[other])]), seed: seed)
                }) { other in
                    let otherStart = Int(starts[other])
                    return bytesEqual(UnsafeRawBufferPointer(rebasing: all[otherStart ..< otherStart + Int(lengths[other])]), id)
                }
                guard isNew else { return false }
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
