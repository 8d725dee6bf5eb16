/// One column of the store: a contiguous, growable buffer of plain values addressed by row.
///
/// A class over raw memory rather than an `Array`, so that query loops read it through a base
/// pointer taken once, with no retain, release or uniqueness check per row. Only the store's
/// writer changes it, under the store's write lock.
///
/// Its properties skip the dynamic exclusivity check: they are read and written only under the
/// store's lock (see `StoreContents`).
final class ColumnBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var capacity: Int
    private let filler: Element

    init(filler: Element, capacity: Int = 64) {
        self.filler = filler
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        base.initialize(repeating: filler, count: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    subscript(row: UInt32) -> Element {
        get {
            assert(Int(row) < capacity, "row \(row) past column capacity \(capacity)")
            return base[Int(row)]
        }
        set {
            assert(Int(row) < capacity, "row \(row) past column capacity \(capacity)")
            base[Int(row)] = newValue
        }
    }

    /// Makes room for rows `0..<count`, growing by half so that appends cost amortized O(1);
    /// a batch that asks for its exact size gets exactly that.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        let newCapacity = Swift.max(count, capacity + capacity / 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: capacity)
        (newBase + capacity).initialize(repeating: filler, count: newCapacity - capacity)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Gives back the room past rows `0..<count` (one row is always kept): for the end of a
    /// bulk build, whose growth by half left up to a third of the buffer unused. Moves the
    /// buffer: no pointer taken before it may be read after.
    func shrink(to count: Int) {
        let newCapacity = Swift.max(count, 1)
        guard newCapacity < capacity else { return }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: newCapacity)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    var memoryUse: Int { capacity * MemoryLayout<Element>.stride }
}
