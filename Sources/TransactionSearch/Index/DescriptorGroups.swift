/// The descriptor codes of each merchant, category or subcategory code (its "key"), in no
/// particular order: the descriptors whose rows make up one group.
///
/// Nearly every merchant has one descriptor, so a key's first descriptor is kept inline (four
/// bytes a key) and only a key with more takes an array for the others: a long tail of tens of
/// thousands of merchants costs no allocation each. A descriptor leaves its key in constant
/// time (the key's last descriptor takes its place).
struct DescriptorGroups: Sendable {
    /// A descriptor of each key, 0 for none.
    private let first = ColumnBuffer<UInt32>(filler: 0)
    /// The other descriptors of a key that has more than one (indexed by key, as far as the
    /// highest such key).
    private var others: [[UInt32]] = []
    /// Where each descriptor stands: 0 for `first`, `i + 1` for `others[key][i]`.
    private let places = ColumnBuffer<UInt32>(filler: 0)
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
        guard Int(descriptor) < places.capacity, Int(key) < first.capacity else { return false }
        let place = Int(places[descriptor])
        if place == 0 { return first[key] == descriptor }
        return Int(key) < others.count && place <= others[Int(key)].count && others[Int(key)][place - 1] == descriptor
    }

    /// Lists a descriptor under a key (it is not listed yet).
    mutating func add(_ descriptor: UInt32, under key: UInt32) {
        first.reserve(Int(key) + 1)
        places.reserve(Int(descriptor) + 1)
        count += 1
        if first[key] == 0 {
            first[key] = descriptor
            places[descriptor] = 0
            return
        }
        while others.count <= Int(key) { others.append([]) }
        others[Int(key)].append(descriptor)
        places[descriptor] = UInt32(others[Int(key)].count)
    }

    /// Takes a listed descriptor out of its key: the key's last descriptor moves into its place.
    mutating func remove(_ descriptor: UInt32, from key: UInt32) {
        precondition(lists(descriptor, under: key), "descriptor \(descriptor) is not listed under \(key)")
        count -= 1
        let place = Int(places[descriptor])
        let last = Int(key) < others.count ? others[Int(key)].popLast() : nil
        if place == 0 {
            first[key] = last ?? 0
            if let last { places[last] = 0 }
        } else if let last, last != descriptor {
            others[Int(key)][place - 1] = last
            places[last] = UInt32(place)
        }
    }

    /// Bytes held: the inline column, the arrays of the keys with several descriptors (with
    /// their headers) and the places.
    var memoryUse: Int {
        var bytes = first.memoryUse + places.memoryUse + others.capacity * 8
        for list in others where list.capacity > 0 { bytes += 32 + list.capacity * 4 }
        return bytes
    }
}
