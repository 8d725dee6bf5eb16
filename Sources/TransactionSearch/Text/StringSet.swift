/// A set of strings compared by their UTF-8 bytes, hashed with `hashBytes` (several times
/// faster than `Set<String>`, whose SipHash showed as 10% of building a store): the ids of a
/// batch, checked for repeats.
struct StringSet {
    private var strings: [String] = []
    private var slots: HashSlots

    init(capacity: Int = 16) {
        slots = HashSlots(capacity: capacity)
        strings.reserveCapacity(capacity)
    }

    func contains(_ string: String) -> Bool {
        find(string, hash: hashString(string, seed: slots.seed))
    }

    /// Adds a string; false when it was already there.
    mutating func insert(_ string: String) -> Bool {
        let seed = slots.seed
        let hash = hashString(string, seed: seed)
        guard !find(string, hash: hash) else { return false }
        strings.append(string)
        let strings = self.strings
        slots.insert(UInt32(strings.count - 1), hash: hash) { hashString(strings[Int($0)], seed: seed) }
        return true
    }

    private func find(_ string: String, hash: Int) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            slots.find(hash: hash) { StringPool.equals(strings[Int($0)], bytes) }
        } != nil
    }
}
