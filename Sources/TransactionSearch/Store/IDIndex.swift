/// The ids of the rows and the map from id to row: the id bytes packed in one arena (an id of
/// 32 bytes costs 32 bytes plus 5, not a heap string of 64), found through `HashSlots` in O(1).
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreState`).
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

    /// Maps an id given as UTF-8 bytes (1 to 64) to `row`, hashing once; false (and nothing
    /// stored) when the id is already taken. For restoring a snapshot without making strings.
    func insertIfAbsent(_ bytes: UnsafeRawBufferPointer, row: UInt32) -> Bool {
        let seed = slots.seed
        let hash = hashBytes(bytes, seed: seed)
        if slots.find(hash: hash, where: { withIDBytes($0) { $0.elementsEqual(bytes) } }) != nil { return false }
        starts.reserve(Int(row) + 1)
        lengths.reserve(Int(row) + 1)
        starts[row] = UInt32(arena.count)
        lengths[row] = UInt8(bytes.count)
        arena.append(contentsOf: bytes)
        slots.insert(row, hash: hash) { self.hash(of: $0, seed: seed) }
        return true
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
