/// The descriptor codes of each merchant, category, subcategory or payee code (its "key"), in no
/// particular order: the descriptors whose rows make up one group.
///
/// Nearly every merchant has one descriptor, so a key's first descriptor is kept inline (four
/// bytes a key) and the others in a `PostingList` (up to three inline, then an array, blocks
/// or a bitset over the descriptor codes): a long tail of merchants costs no allocation each,
/// and a descriptor leaves a crowded key (a category of thousands of descriptors) by a search
/// in its sorted list, not a scan of every descriptor of the category (at a million rows that
/// scan was a tenth of the cache misses of a deletion). When a key's first descriptor leaves,
/// one of its others takes its place.
struct DescriptorGroups: Sendable {
    /// A descriptor of each key, 0 for none.
    private let first = ColumnBuffer<UInt32>(filler: 0)
    /// The other descriptors of a key that has more than one (indexed by key, as far as the
    /// highest such key).
    private var others: [PostingList] = []
    /// One past the highest descriptor listed so far: what a dense list of others spans.
    private var descriptorLimit = 0
    /// The number of descriptors listed.
    private(set) var count = 0

    /// Calls `body` with each descriptor of `key`.
    @inline(__always)
    func forEach(of key: UInt32, _ body: (UInt32) -> Void) {
        guard Int(key) < first.capacity, first[key] != 0 else { return }
        body(first[key])
        if Int(key) < others.count { others[Int(key)].forEach(body) }
    }

    /// A descriptor of `key`, nil for none.
    @inline(__always)
    func first(of key: UInt32) -> UInt32? {
        guard Int(key) < first.capacity, first[key] != 0 else { return nil }
        return first[key]
    }

    /// Whether `descriptor` is listed under `key`.
    func lists(_ descriptor: UInt32, under key: UInt32) -> Bool {
        guard Int(key) < first.capacity, descriptor != 0 else { return false }
        if first[key] == descriptor { return true }
        return Int(key) < others.count && others[Int(key)].contains(descriptor)
    }

    /// Lists a descriptor under a key (it is not listed yet).
    mutating func add(_ descriptor: UInt32, under key: UInt32) {
        first.reserve(Int(key) + 1)
        count += 1
        descriptorLimit = max(descriptorLimit, Int(descriptor) + 1)
        if first[key] == 0 {
            first[key] = descriptor
            return
        }
        // Grown in one step (an append a key past a long tail of merchants was one update's
        // tens of thousands of appends).
        if others.count <= Int(key) { others.append(contentsOf: repeatElement(.empty, count: Int(key) + 1 - others.count)) }
        others[Int(key)].insert(descriptor, rowCapacity: descriptorLimit)
    }

    /// Takes a listed descriptor out of its key (one of the others takes the first's place).
    mutating func remove(_ descriptor: UInt32, from key: UInt32) {
        precondition(descriptor != 0 && Int(key) < first.capacity, "descriptor \(descriptor) is not listed under \(key)")
        if first[key] == descriptor {
            if Int(key) < others.count, let successor = others[Int(key)].first {
                others[Int(key)].remove(successor, rowCapacity: descriptorLimit)
                first[key] = successor
            } else {
                first[key] = 0
            }
        } else {
            precondition(Int(key) < others.count && others[Int(key)].contains(descriptor),
                         "descriptor \(descriptor) is not listed under \(key)")
            others[Int(key)].remove(descriptor, rowCapacity: descriptorLimit)
        }
        count -= 1
    }

    /// Bytes held: the inline column and the lists of the keys with several descriptors.
    var memoryUse: Int {
        others.reduce(first.memoryUse + others.capacity * MemoryLayout<PostingList>.stride) { $0 + $1.memoryUse }
    }
}
