/// The descriptor codes of each merchant, category or subcategory code (its "key"), in no
/// particular order: the descriptors whose rows make up one group.
///
/// Nearly every merchant has one descriptor, so a key's first descriptor is kept inline (four
/// bytes a key) and only a key with more takes an array for the others: a long tail of tens of
/// thousands of merchants costs no allocation each. A descriptor leaves its key by a search of
/// the key's descriptors (the key's last descriptor takes its place): a descriptor goes only
/// when its last row does, and a place kept per descriptor cost 4 bytes in each of the three
/// groupings (2.7 bytes a row on long-tail data).
struct DescriptorGroups: Sendable {
    /// A descriptor of each key, 0 for none.
    private let first = ColumnBuffer<UInt32>(filler: 0)
    /// The other descriptors of a key that has more than one (indexed by key, as far as the
    /// highest such key).
    private var others: [[UInt32]] = []
    /// The number of descriptors listed.
    private(set) var count = 0

    /// Calls `body` with each descriptor of `key`.
    @inline(__always)
    func forEach(of key: UInt32, _ body: (UInt32) -> Void) {
        guard Int(key) < first.capacity, first[key] != 0 else { return }
        body(first[key])
        if Int(key) < others.count { for descriptor in others[Int(key)] { body(descriptor) } }
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
        if first[key] == 0 {
            first[key] = descriptor
            return
        }
        // Grown in one step (an append a key past a long tail of merchants was one update's
        // tens of thousands of appends).
        if others.count <= Int(key) { others.append(contentsOf: repeatElement([], count: Int(key) + 1 - others.count)) }
        others[Int(key)].append(descriptor)
    }

    /// Takes a listed descriptor out of its key: the key's last descriptor moves into its place.
    mutating func remove(_ descriptor: UInt32, from key: UInt32) {
        precondition(descriptor != 0 && Int(key) < first.capacity, "descriptor \(descriptor) is not listed under \(key)")
        if first[key] == descriptor {
            first[key] = Int(key) < others.count ? others[Int(key)].popLast() ?? 0 : 0
        } else {
            let index = Int(key) < others.count ? others[Int(key)].firstIndex(of: descriptor) : nil
            guard let index else { preconditionFailure("descriptor \(descriptor) is not listed under \(key)") }
            others[Int(key)].swapAt(index, others[Int(key)].count - 1)
            others[Int(key)].removeLast()
        }
        count -= 1
    }

    /// Bytes held: the inline column and the arrays of the keys with several descriptors (with
    /// their headers).
    var memoryUse: Int {
        var bytes = first.memoryUse + others.capacity * 8
        for list in others where list.capacity > 0 { bytes += 32 + list.capacity * 4 }
        return bytes
    }
}
