/// Dictionary encoding of day or month numbers: each distinct value in use gets a small slot,
/// so that buckets and per-query arrays are as long as the distinct days, not the span of
/// years (one row dated 0001-01-01 must not make every query allocate 740,000 days). The
/// values in use are also kept sorted, for date-ordered groups. Slot 0 is never used.
struct ValuePool: Sendable {
    private var slotOf = IntMap()
    /// Values by slot.
    private(set) var values: [Int32] = [0]
    private var references: [UInt32] = [0]
    private var freeSlots: [UInt32] = []
    /// The values in use, ascending.
    private(set) var sortedValues: [Int32] = []
    /// The slots of `sortedValues`, in the same order.
    private(set) var sortedSlots: [UInt32] = []
    /// The slot retained last: rows often come in date order, so the next row's day is
    /// usually the same and needs no lookup.
    private var lastSlot: UInt32 = 0

    var slotLimit: Int { values.count }
    var liveCount: Int { sortedValues.count }

    var memoryUse: Int {
        slotOf.memoryUse + values.capacity * 4 + references.capacity * 4 + sortedValues.capacity * 4 + sortedSlots.capacity * 4 + freeSlots.capacity * 4
    }

    func slot(of value: Int32) -> UInt32? { slotOf[ValuePool.key(value)] }

    @inline(__always)
    private static func key(_ value: Int32) -> UInt64 { UInt64(UInt32(bitPattern: value)) }

    @inline(__always)
    func value(_ slot: UInt32) -> Int32 { values[Int(slot)] }

    /// Counts one more use of `value`; returns its slot, and whether it was not in use.
    mutating func retain(_ value: Int32) -> (slot: UInt32, isNew: Bool) {
        if lastSlot != 0, values[Int(lastSlot)] == value, references[Int(lastSlot)] > 0 {
            references[Int(lastSlot)] += 1
            return (lastSlot, false)
        }
        if let slot = slotOf[ValuePool.key(value)] {
            references[Int(slot)] += 1
            lastSlot = slot
            return (slot, false)
        }
        let slot: UInt32
        if let reused = freeSlots.popLast() {
            slot = reused
            values[Int(slot)] = value
            references[Int(slot)] = 1
        } else {
            slot = UInt32(values.count)
            values.append(value)
            references.append(1)
        }
        slotOf.set(ValuePool.key(value), slot)
        let index = sortedValues.lowerBound(value)
        sortedValues.insert(value, at: index)
        sortedSlots.insert(slot, at: index)
        lastSlot = slot
        return (slot, true)
    }

    mutating func retain(slot: UInt32) {
        precondition(references[Int(slot)] > 0, "ValuePool.retain(slot:) on a free slot")
        references[Int(slot)] += 1
    }

    mutating func release(_ slot: UInt32) {
        precondition(references[Int(slot)] > 0, "ValuePool.release on a free slot")
        references[Int(slot)] -= 1
        guard references[Int(slot)] == 0 else { return }
        let value = values[Int(slot)]
        slotOf.remove(ValuePool.key(value))
        let index = sortedValues.lowerBound(value)
        sortedValues.remove(at: index)
        sortedSlots.remove(at: index)
        freeSlots.append(slot)
    }

    func checkInvariants() {
        precondition(slotOf.count == sortedValues.count, "value pool: map \(slotOf.count) != sorted \(sortedValues.count)")
        for (index, value) in sortedValues.enumerated() {
            if index > 0 { precondition(sortedValues[index - 1] < value, "value pool not ascending") }
            guard let slot = slotOf[ValuePool.key(value)] else { preconditionFailure("value pool lost \(value)") }
            precondition(sortedSlots[index] == slot, "value pool sorted slots are stale")
            precondition(values[Int(slot)] == value && references[Int(slot)] > 0, "value pool slot mismatch")
        }
    }
}

extension Array where Element == Int32 {
    /// The first index whose value is not less than `value` (the array ascending).
    func lowerBound(_ value: Int32) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
