/// An open-addressing hash table (linear probing) of UInt32 values whose keys live elsewhere:
/// the owner gives each value's hash and says whether a value has the key looked for. It costs
/// 4 bytes a slot and at most two slots a value, with no tombstones (backward-shift removal).
struct HashSlots: Sendable {
    /// value + 1 per slot, 0 for an empty slot.
    private var slots: [UInt32]
    private(set) var count = 0
    /// Random per table; see `hashBytes`.
    let seed: UInt64

    /// A table with room for `capacity` values before it grows.
    init(capacity: Int = 16, seed: UInt64 = .random(in: 0 ... .max)) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        self.seed = seed
    }

    /// How many values fit before the table grows.
    var room: Int { slots.count / 2 }

    var memoryUse: Int { slots.capacity * 4 }

    /// The value whose key matches, or nil.
    @inline(__always)
    func find(hash: Int, where matches: (UInt32) -> Bool) -> UInt32? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if matches(stored - 1) { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Adds a value that is not in the table.
    mutating func insert(_ value: UInt32, hash: Int, hashOf: (UInt32) -> Int) {
        if (count + 1) * 2 > slots.count { grow(hashOf: hashOf) }
        place(value, hash: hash)
        count += 1
    }

    /// Adds a value unless one with the same key is there (one probe for both); false when
    /// `matches` found it. Never grows: for tables made with room for every value.
    mutating func insertIfAbsent(_ value: UInt32, hash: Int, matches: (UInt32) -> Bool) -> Bool {
        precondition(count < room, "HashSlots.insertIfAbsent past the reserved capacity")
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            if matches(slots[slot] - 1) { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = value + 1
        count += 1
        return true
    }

    /// Removes a value that is in the table (found by identity, with its key's hash).
    mutating func remove(_ value: UInt32, hash: Int, hashOf: (UInt32) -> Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != value + 1 {
            precondition(slots[slot] != 0, "HashSlots.remove: value \(value) is not in the table")
            slot = (slot + 1) & mask
        }
        // Backward shift: pull later entries of the probe run into the hole when their home
        // slot allows it.
        var hole = slot
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = hashOf(slots[next] - 1) & mask
            let distanceToNext = (next - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole <= distanceToNext {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
        count -= 1
    }

    /// Empties the table, keeping its size.
    mutating func removeAll() {
        for index in slots.indices { slots[index] = 0 }
        count = 0
    }

    private mutating func place(_ value: UInt32, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = value + 1
    }

    private mutating func grow(hashOf: (UInt32) -> Int) {
        let old = slots
        slots = [UInt32](repeating: 0, count: old.count * 2)
        for stored in old where stored != 0 {
            place(stored - 1, hash: hashOf(stored - 1))
        }
    }
}
