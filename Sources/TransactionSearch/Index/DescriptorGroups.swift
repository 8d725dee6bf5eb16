/// The descriptor codes of each merchant, category, subcategory or payee code (its "key"), in
/// no particular order: the descriptors whose rows make up one group.
///
/// A `CodePostings` over the keys, the descriptors as its members: nearly every merchant or
/// payee has one descriptor, kept inline in its four-byte entry, and a key with several keeps
/// a `PostingList` (up to three inline, then an array, blocks or a bitset over the descriptor
/// codes) in a side array. A long tail of merchants costs no allocation each, a descriptor
/// leaves a crowded key (a category of thousands of descriptors) by a search in its sorted
/// list, not a scan of every descriptor of the category (at a million rows that scan was a
/// tenth of the cache misses of a deletion), and the keys with one descriptor take no list
/// slot (a slot for every key up to the highest with several was 16 bytes a key, 0.8 B/row
/// of the payees' groups on the long-tail data).
struct DescriptorGroups: Sendable {
    private var postings = CodePostings()
    /// One past the highest descriptor listed so far: what a dense list spans.
    private var descriptorLimit = 0
    /// The number of descriptors listed.
    private(set) var count = 0

    /// Calls `body` with each descriptor of `key`.
    @inline(__always)
    func forEach(of key: UInt32, _ body: (UInt32) -> Void) {
        postings[Int(key)].forEach(body)
    }

    /// A descriptor of `key`, nil for none.
    @inline(__always)
    func first(of key: UInt32) -> UInt32? {
        postings[Int(key)].first
    }

    /// Whether `descriptor` is listed under `key`.
    func lists(_ descriptor: UInt32, under key: UInt32) -> Bool {
        descriptor != 0 && postings[Int(key)].contains(descriptor)
    }

    /// Lists a descriptor under a key (it is not listed yet).
    mutating func add(_ descriptor: UInt32, under key: UInt32) {
        count += 1
        descriptorLimit = max(descriptorLimit, Int(descriptor) + 1)
        postings.insert(descriptor, code: Int(key), rowCapacity: descriptorLimit)
    }

    /// Takes a listed descriptor out of its key.
    mutating func remove(_ descriptor: UInt32, from key: UInt32) {
        precondition(descriptor != 0 && postings[Int(key)].contains(descriptor), "descriptor \(descriptor) is not listed under \(key)")
        postings.remove(descriptor, code: Int(key), rowCapacity: descriptorLimit)
        count -= 1
    }

    /// Gives back the room a bulk build's growth left (`CodePostings.shrinkToFit`).
    mutating func shrinkToFit() {
        postings.shrinkToFit()
    }

    /// Bytes held: the entries and the lists of the keys with several descriptors.
    var memoryUse: Int { postings.memoryUse }
}
