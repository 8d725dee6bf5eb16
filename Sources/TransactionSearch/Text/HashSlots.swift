/// An open-addressing hash table (linear probing, Robin Hood order) of UInt32 values whose keys
/// live elsewhere: the owner gives each value's hash and says whether a value has the key
/// looked for.
///
/// Each slot keeps its value and, in a byte beside it, how far the value sits from its home
/// slot. Robin Hood insertion keeps every probe run ordered by that distance, so a lookup asks
/// the owner to compare keys only for values with the same home (a failed lookup compares
/// almost none) and stops as soon as it meets a value closer to its home than the probe is;
/// removal shifts the run back by one without rehashing any key. That lets the table fill to
/// 4/5 (5 bytes a slot: 6.25 to 12.5 bytes a value, against 8 to 16 for 4-byte slots at most
/// half full). A distance of 255 or more is stored as 255 and worked out from the value's hash
/// when an insertion or removal needs it, so a run of colliding hashes (chosen keys, a bad
/// seed) costs time, never correctness.
///
/// A large table grows step by step: when it doubles, the old slots are kept as they are
/// (`previous`, frozen: a removal there only marks its slot) and moved into the new ones a few
/// at each later insertion or removal, in slot order; a lookup tries the new slots, then the
/// old ones not moved yet. Rehashing a million strings at once stopped one update for 50 to 90
/// ms at a million rows.
struct HashSlots: Sendable {
    /// value + 1 per slot, 0 for an empty slot.
    private var slots: [UInt32]
    /// The distance of each slot's value from its home slot, 255 for 255 or more.
    private var distances: [UInt8]
    private(set) var count = 0
    /// Random per table; see `hashBytes`.
    let seed: UInt64
    /// While growing: the slots before the table doubled (empty otherwise). Frozen: nothing
    /// moves in them; a value removed from them is marked `removedMark`.
    private var previousSlots: [UInt32] = []
    private var previousDistances: [UInt8] = []
    /// The previous slots below this one have been moved into `slots`.
    private var previousMoved = 0

    private static let saturated = 255
    /// A previous slot whose value was removed (never value + 1: values stay below it).
    private static let removedMark = UInt32.max
    /// Previous slots moved at each insertion or removal: 8 empty the previous slots before
    /// an eighth of them has been inserted, well before the new table fills.
    private static let movesPerChange = 8
    /// Tables up to this many slots grow at once (a few microseconds).
    private static let growsAtOnceUpTo = 1 << 14

    /// Whether the table is moving its previous slots into its new ones.
    var isGrowing: Bool { previousMoved < previousSlots.count }

    /// A table with room for `capacity` values before it grows.
    init(capacity: Int = 16, seed: UInt64 = .random(in: 0 ... .max)) {
        var size = 16
        while HashSlots.room(ofSize: size) < capacity { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        distances = [UInt8](repeating: 0, count: size)
        self.seed = seed
    }

    /// A table of no slots that allocates nothing, only to be swapped in while the owner works
    /// on its own table (`StringPool.withLookup`); any use of it traps.
    static var unallocated: HashSlots { HashSlots(slots: [], distances: [], seed: 0) }

    private init(slots: [UInt32], distances: [UInt8], seed: UInt64) {
        self.slots = slots
        self.distances = distances
        self.seed = seed
    }

    /// How many values fit before the table grows.
    var room: Int { HashSlots.room(ofSize: slots.count) }

    private static func room(ofSize size: Int) -> Int { size / 5 * 4 + size % 5 * 4 / 5 }

    var memoryUse: Int { slots.capacity * 4 + distances.capacity + previousSlots.capacity * 4 + previousDistances.capacity }

    /// The value whose key matches, or nil.
    @inline(__always)
    func find(hash: Int, where matches: (UInt32) -> Bool) -> UInt32? {
        if let found = HashSlots.find(hash: hash, in: slots, distances, from: 0, where: matches) { return found }
        return isGrowing ? findPrevious(hash: hash, where: matches) : nil
    }

    /// `find` in the previous slots not moved yet (see `previousSlots`).
    private func findPrevious(hash: Int, where matches: (UInt32) -> Bool) -> UInt32? {
        HashSlots.find(hash: hash, in: previousSlots, previousDistances, from: previousMoved, where: matches)
    }

    /// The value whose key matches among `slots` at or after `firstSlot` (a lookup passes the
    /// slots before it without comparing).
    @inline(__always)
    private static func find(hash: Int, in slots: [UInt32], _ distances: [UInt8], from firstSlot: Int,
                             where matches: (UInt32) -> Bool) -> UInt32? {
        slots.withUnsafeBufferPointer { slots in
            distances.withUnsafeBufferPointer { distances in
                let mask = slots.count - 1
                var slot = hash & mask
                var distance = 0
                while true {
                    let stored = slots[slot]
                    if stored == 0 { return nil }
                    let storedDistance = Int(distances[slot])
                    let probe = min(distance, HashSlots.saturated)
                    if storedDistance < probe { return nil }
                    if storedDistance == probe && stored != HashSlots.removedMark && slot >= firstSlot && matches(stored - 1) {
                        return stored - 1
                    }
                    slot = (slot + 1) & mask
                    distance += 1
                }
            }
        }
    }

    /// Adds a value that is not in the table.
    mutating func insert(_ value: UInt32, hash: Int, hashOf: (UInt32) -> Int) {
        precondition(value < HashSlots.removedMark - 1, "HashSlots: value \(value) out of range")
        if isGrowing { movePrevious(HashSlots.movesPerChange, hashOf: hashOf) }
        if count + 1 > room { grow(hashOf: hashOf) }
        place(value, hash: hash, hashOf: hashOf)
        count += 1
    }

    /// Adds a value unless one with the same key is there; false when `matches` found it.
    /// Never grows: for tables made with room for every value.
    mutating func insertIfAbsent(_ value: UInt32, hash: Int, hashOf: (UInt32) -> Int, matches: (UInt32) -> Bool) -> Bool {
        precondition(count < room, "HashSlots.insertIfAbsent past the reserved capacity")
        precondition(value < HashSlots.removedMark - 1, "HashSlots: value \(value) out of range")
        if find(hash: hash, where: matches) != nil { return false }
        if isGrowing { movePrevious(HashSlots.movesPerChange, hashOf: hashOf) }
        place(value, hash: hash, hashOf: hashOf)
        count += 1
        return true
    }

    /// Removes a value that is in the table (found by identity, with its key's hash).
    mutating func remove(_ value: UInt32, hash: Int, hashOf: (UInt32) -> Int) {
        if isGrowing {
            defer { if isGrowing { movePrevious(HashSlots.movesPerChange, hashOf: hashOf) } }
            if markRemovedInPrevious(value, hash: hash) { return }
        }
        slots.withUnsafeMutableBufferPointer { slots in
            distances.withUnsafeMutableBufferPointer { distances in
                let mask = slots.count - 1
                var slot = hash & mask
                while slots[slot] != value + 1 {
                    precondition(slots[slot] != 0, "HashSlots.remove: value \(value) is not in the table")
                    slot = (slot + 1) & mask
                }
                // Backward shift: the rest of the run moves one slot nearer its homes, until an
                // empty slot or a value already at home.
                var hole = slot
                var next = (hole + 1) & mask
                while slots[next] != 0 && distances[next] != 0 {
                    var distance = Int(distances[next])
                    if distance == HashSlots.saturated { distance = (next - (hashOf(slots[next] - 1) & mask)) & mask }
                    slots[hole] = slots[next]
                    distances[hole] = UInt8(min(distance - 1, HashSlots.saturated))
                    hole = next
                    next = (next + 1) & mask
                }
                slots[hole] = 0
                distances[hole] = 0
            }
        }
        count -= 1
    }

    /// Empties the table, keeping its size.
    mutating func removeAll() {
        (previousSlots, previousDistances, previousMoved) = ([], [], 0)
        for index in slots.indices {
            slots[index] = 0
            distances[index] = 0
        }
        count = 0
    }

    /// Puts a value in by Robin Hood order: it passes values at least as far from their home
    /// as it is from its own and takes the place of the first that is nearer, which then moves
    /// on in its stead. Where both distances are 255 or more, the stored value's exact
    /// distance comes from its hash (`hashOf`), so the order is exact however long the run.
    private mutating func place(_ value: UInt32, hash: Int, hashOf: (UInt32) -> Int) {
        slots.withUnsafeMutableBufferPointer { slots in
            distances.withUnsafeMutableBufferPointer { distances in
                let mask = slots.count - 1
                var slot = hash & mask
                var carried = value + 1
                var distance = 0
                while true {
                    let stored = slots[slot]
                    if stored == 0 {
                        slots[slot] = carried
                        distances[slot] = UInt8(min(distance, HashSlots.saturated))
                        return
                    }
                    var storedDistance = Int(distances[slot])
                    if storedDistance == HashSlots.saturated && distance > HashSlots.saturated {
                        storedDistance = (slot - (hashOf(stored - 1) & mask)) & mask
                    }
                    if storedDistance < distance {
                        slots[slot] = carried
                        distances[slot] = UInt8(min(distance, HashSlots.saturated))
                        carried = stored
                        distance = storedDistance
                    }
                    slot = (slot + 1) & mask
                    distance += 1
                }
            }
        }
    }

    /// Doubles the slots. The old ones become the previous slots, moved over by later changes
    /// (see `previousSlots`); a small table's are moved at once.
    private mutating func grow(hashOf: (UInt32) -> Int) {
        if isGrowing { movePrevious(previousSlots.count, hashOf: hashOf) }
        previousSlots = slots
        previousDistances = distances
        previousMoved = 0
        slots = [UInt32](repeating: 0, count: previousSlots.count * 2)
        distances = [UInt8](repeating: 0, count: previousSlots.count * 2)
        if previousSlots.count <= HashSlots.growsAtOnceUpTo { movePrevious(previousSlots.count, hashOf: hashOf) }
    }

    /// Moves up to `steps` previous slots' values into the slots; frees the previous slots
    /// once all are moved.
    private mutating func movePrevious(_ steps: Int, hashOf: (UInt32) -> Int) {
        let end = min(previousMoved + steps, previousSlots.count)
        for slot in previousMoved ..< end {
            let stored = previousSlots[slot]
            if stored != 0 && stored != HashSlots.removedMark { place(stored - 1, hash: hashOf(stored - 1), hashOf: hashOf) }
        }
        previousMoved = end
        if end == previousSlots.count { (previousSlots, previousDistances, previousMoved) = ([], [], 0) }
    }

    /// Marks `value` removed if it is in a previous slot not moved yet; false otherwise (it
    /// is then in the slots).
    private mutating func markRemovedInPrevious(_ value: UInt32, hash: Int) -> Bool {
        let mask = previousSlots.count - 1
        var slot = hash & mask
        while previousSlots[slot] != 0 {
            if previousSlots[slot] == value + 1 {
                guard slot >= previousMoved else { return false }
                previousSlots[slot] = HashSlots.removedMark
                count -= 1
                return true
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Traps unless every value's stored distance is its true one (255 for 255 or more) and
    /// every slot a lookup passes on the way to a value holds one at least that far from home
    /// (what lets a lookup stop early), in the slots and in the previous slots not moved yet,
    /// and `count` is the values of both. O(slots x run length); for tests.
    func checkInvariants(hashOf: (UInt32) -> Int) {
        var values = HashSlots.checkRuns(slots, distances, from: 0, hashOf: hashOf)
        if isGrowing { values += HashSlots.checkRuns(previousSlots, previousDistances, from: previousMoved, hashOf: hashOf) }
        invariant(values == count, "HashSlots: \(values) values, count \(count)")
    }

    /// `checkInvariants` for one array of slots; the values at or after `firstSlot` (a removed
    /// mark holds its place in a run but is no value).
    private static func checkRuns(_ slots: [UInt32], _ distances: [UInt8], from firstSlot: Int, hashOf: (UInt32) -> Int) -> Int {
        let mask = slots.count - 1
        var values = 0
        for slot in slots.indices where slots[slot] != 0 && slots[slot] != HashSlots.removedMark {
            let home = hashOf(slots[slot] - 1) & mask
            let distance = (slot - home) & mask
            invariant(Int(distances[slot]) == min(distance, HashSlots.saturated),
                         "HashSlots: slot \(slot) says \(distances[slot]), is \(distance) from home")
            for step in 0..<distance {
                let passed = (home + step) & mask
                invariant(slots[passed] != 0 && Int(distances[passed]) >= min(step, HashSlots.saturated),
                              "HashSlots: a lookup for slot \(slot) would stop at \(passed)")
            }
            if slot >= firstSlot { values += 1 }
        }
        return values
    }
}
