/// An open-addressing map from UInt64 keys to UInt32 values with a multiplicative hash
/// (Fibonacci hashing): for the integer keys of the store (day numbers, month numbers, packed
/// code pairs), where `Dictionary`'s SipHash cost more than the work around it.
struct IntMap: Sendable {
    private var keys: [UInt64]
    private var values: [UInt32]
    /// 0: empty; 1: used.
    private var used: [Bool]
    private(set) var count = 0
    private var shift: UInt64

    init() {
        keys = [UInt64](repeating: 0, count: 16)
        values = [UInt32](repeating: 0, count: 16)
        used = [Bool](repeating: false, count: 16)
        shift = 64 - 4
    }

    var memoryUse: Int { keys.capacity * 8 + values.capacity * 4 + used.capacity }

    @inline(__always)
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    subscript(key: UInt64) -> UInt32? {
        let mask = used.count - 1
        var slot = home(key)
        while used[slot] {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Sets the value of a key (adding it when absent).
    mutating func set(_ key: UInt64, _ value: UInt32) {
        let mask = used.count - 1
        var slot = home(key)
        while used[slot] {
            if keys[slot] == key {
                values[slot] = value
                return
            }
            slot = (slot + 1) & mask
        }
        if (count + 1) * 2 > used.count {
            grow()
            set(key, value)
            return
        }
        used[slot] = true
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    /// Removes a key (backward-shift deletion, no tombstones).
    mutating func remove(_ key: UInt64) {
        let mask = used.count - 1
        var slot = home(key)
        while used[slot] && keys[slot] != key { slot = (slot + 1) & mask }
        guard used[slot] else { return }
        var hole = slot
        var next = (hole + 1) & mask
        while used[next] {
            let wanted = home(keys[next])
            if (hole - wanted) & mask <= (next - wanted) & mask {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        used[hole] = false
        count -= 1
    }

    /// Every key and value, in no particular order.
    var entries: [(key: UInt64, value: UInt32)] {
        used.indices.filter { used[$0] }.map { (keys[$0], values[$0]) }
    }

    private mutating func grow() {
        let old = entries
        let size = used.count * 2
        keys = [UInt64](repeating: 0, count: size)
        values = [UInt32](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        shift -= 1
        count = 0
        for (key, value) in old { set(key, value) }
    }
}
