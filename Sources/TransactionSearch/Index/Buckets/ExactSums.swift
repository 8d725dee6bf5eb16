/// Exact sums of 64-bit amounts, many side by side (a bucket table's, a query's tally): each
/// slot keeps its sum modulo 2^64 in 8 bytes, and how many times it wrapped (signed) in a
/// second array, made only when some slot's sum first leaves the 64-bit range. The sum of a
/// slot is `low + wraps * 2^64`, exact whatever the rows: an amount is under 2^50 and a store
/// holds at most 2^32 rows, so no sum passes 2^82.
///
/// Half the memory of 128-bit sums: on long-tail data (22,500 merchants, 5 currencies) the
/// merchant buckets took 23 of 195 bytes a row. A real sum reaches 2^63 minor units only far
/// beyond any statement, so the wraps are never made in practice, and testing for a wrap is
/// one overflow flag an addition sets anyway. (An array, not a dictionary of the few slots
/// that wrap: copying a value holding a dictionary made the runtime check its generic
/// requirements, 18,000 instructions each time a tally shared a bucket table.)
struct ExactSums: Sendable, Equatable {
    /// Each slot's sum modulo 2^64, as a signed value.
    private(set) var low: [Int64]
    /// How many times 2^64 to add to each slot's `low`; empty until a sum first wraps.
    private(set) var wraps: [Int64] = []

    /// `count` slots, every sum 0.
    init(count: Int) {
        low = [Int64](repeating: 0, count: count)
    }

    /// The number of slots.
    var count: Int { low.count }

    /// Bytes held (the wraps are empty but for sums past 2^63).
    var memoryUse: Int { low.capacity * 8 + wraps.capacity * 8 }

    /// The sum of a slot.
    @inline(__always)
    subscript(slot: Int) -> Int128 {
        let value = Int128(low[slot])
        if _fastPath(wraps.isEmpty) { return value }
        return value &+ Int128(wraps[slot]) << 64
    }

    /// Equal when every slot holds the same sum (wraps made or not).
    static func == (left: ExactSums, right: ExactSums) -> Bool {
        guard left.low == right.low else { return false }
        if left.wraps.isEmpty && right.wraps.isEmpty { return true }
        return left.low.indices.allSatisfy { left[$0] == right[$0] }
    }

    /// Every slot's sum, in order (for a small table: a facet's few values).
    var values: [Int128] { low.indices.map { self[$0] } }

    /// Adds an amount to a slot.
    @inline(__always)
    mutating func add(_ amount: Int64, at slot: Int) {
        let step = ExactSums.wrapStep(&low[slot], adding: amount)
        if _slowPath(step != 0) { ExactSums.wrap(&wraps, count: low.count, slot, by: step) }
    }

    /// Takes an amount out of a slot.
    @inline(__always)
    mutating func subtract(_ amount: Int64, at slot: Int) {
        let step = ExactSums.wrapStep(&low[slot], subtracting: amount)
        if _slowPath(step != 0) { ExactSums.wrap(&wraps, count: low.count, slot, by: step) }
    }

    /// Adds `amount` to a slot's `low` modulo 2^64; returns how that wrapped it: 1 past the
    /// top, -1 past the bottom, 0 not at all (the overflow flag the addition sets anyway).
    @inline(__always)
    fileprivate static func wrapStep(_ low: inout Int64, adding amount: Int64) -> Int64 {
        let (result, overflow) = low.addingReportingOverflow(amount)
        low = result
        return overflow ? (amount > 0 ? 1 : -1) : 0
    }

    /// Takes `amount` from a slot's `low` modulo 2^64; returns how that wrapped it (as above).
    @inline(__always)
    fileprivate static func wrapStep(_ low: inout Int64, subtracting amount: Int64) -> Int64 {
        let (result, overflow) = low.subtractingReportingOverflow(amount)
        low = result
        return overflow ? (amount > 0 ? -1 : 1) : 0
    }

    /// Adds a sum of any size to a slot (another tally's, when two are merged).
    mutating func add(_ value: Int128, at slot: Int) {
        set(self[slot] &+ value, at: slot)
    }

    /// Sets a slot's sum.
    mutating func set(_ value: Int128, at slot: Int) {
        let lowPart = Int64(truncatingIfNeeded: value)
        low[slot] = lowPart
        let wrapCount = Int64(truncatingIfNeeded: (value &- Int128(lowPart)) >> 64)
        if wrapCount != 0 && wraps.isEmpty { wraps = [Int64](repeating: 0, count: low.count) }
        if !wraps.isEmpty { wraps[slot] = wrapCount }
    }

    /// Adds `count` slots at the end, each 0.
    mutating func append(zeros count: Int) {
        low.append(contentsOf: repeatElement(0, count: count))
        if !wraps.isEmpty { wraps.append(contentsOf: repeatElement(0, count: count)) }
    }

    /// Gives back the arrays' spare room (one copy each): the end of a bulk fill.
    mutating func shrinkToFit() {
        if low.capacity > low.count { low = low.withUnsafeBufferPointer { Array($0) } }
        if wraps.capacity > wraps.count { wraps = wraps.withUnsafeBufferPointer { Array($0) } }
    }

    /// Calls `body` with a writer over the slots (valid only inside `body`), for row loops.
    mutating func withWriter<Result>(_ body: (ExactSumsWriter) -> Result) -> Result {
        low.withUnsafeMutableBufferPointer { low in
            withUnsafeMutablePointer(to: &wraps) { wraps in
                body(ExactSumsWriter(low: low.baseAddress!, count: low.count, wraps: wraps))
            }
        }
    }

    /// Records that a slot's sum wrapped once more in one direction (`count` slots in all).
    @inline(never)
    fileprivate static func wrap(_ wraps: inout [Int64], count: Int, _ slot: Int, by step: Int64) {
        if wraps.isEmpty { wraps = [Int64](repeating: 0, count: count) }
        wraps[slot] += step
    }
}

/// Adds to and takes from the slots of an `ExactSums` through pointers: what a row loop holds.
struct ExactSumsWriter {
    let low: UnsafeMutablePointer<Int64>
    /// The number of slots.
    let count: Int
    let wraps: UnsafeMutablePointer<[Int64]>

    @inline(__always)
    func add(_ amount: Int64, at slot: Int) {
        let step = ExactSums.wrapStep(&low[slot], adding: amount)
        if _slowPath(step != 0) { ExactSums.wrap(&wraps.pointee, count: count, slot, by: step) }
    }

    @inline(__always)
    func subtract(_ amount: Int64, at slot: Int) {
        let step = ExactSums.wrapStep(&low[slot], subtracting: amount)
        if _slowPath(step != 0) { ExactSums.wrap(&wraps.pointee, count: count, slot, by: step) }
    }
}
