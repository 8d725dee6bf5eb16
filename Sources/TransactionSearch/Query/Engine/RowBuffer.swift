/// A growable buffer of rows for the candidate lists of a query: appends write through a
/// pointer, with no uniqueness check per element (an `Array` append showed as 8% of a scan).
struct RowBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ row: UInt32) {
        if count == capacity { grow() }
        base[count] = row
        count &+= 1
    }

    var rows: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
