/// Buckets keyed by a pair of codes (a category and a month), allocated when the pair gets its
/// first row and freed when it loses its last, so codes that are reused later start empty.
/// Sparse in currencies (`SparseBucketTable`): a pair mostly has rows in one currency, and a
/// slot for every currency of the store took 60 bytes a pair more (the report pairs hold
/// thousands of pairs).
struct PairBuckets: Sendable {
    private(set) var table = SparseBucketTable()
    private var bucketOf = IntMap()
    private var freeBuckets: [UInt32] = []

    @inline(__always)
    static func key(_ first: UInt32, _ second: UInt32) -> UInt64 { UInt64(first) << 32 | UInt64(second) }

    var memoryUse: Int { table.memoryUse + bucketOf.memoryUse + freeBuckets.capacity * 4 }

    /// The pairs with rows, and their buckets.
    var pairs: [(first: UInt32, second: UInt32, bucket: UInt32)] {
        bucketOf.entries.map { (UInt32($0.key >> 32), UInt32($0.key & 0xFFFF_FFFF), $0.value) }
    }

    func bucket(_ first: UInt32, _ second: UInt32) -> UInt32? { bucketOf[PairBuckets.key(first, second)] }

    mutating func add(_ first: UInt32, _ second: UInt32, currency: UInt16, amount: Int64) {
        let key = PairBuckets.key(first, second)
        let bucket: UInt32
        if let existing = bucketOf[key] {
            bucket = existing
        } else {
            bucket = freeBuckets.popLast() ?? UInt32(bucketOf.count)
            bucketOf.set(key, bucket)
        }
        table.add(bucket, currency: currency, amount: amount)
    }

    mutating func remove(_ first: UInt32, _ second: UInt32, currency: UInt16, amount: Int64) {
        let key = PairBuckets.key(first, second)
        guard let bucket = bucketOf[key] else { preconditionFailure("PairBuckets.remove: no bucket for the pair") }
        table.remove(bucket, currency: currency, amount: amount)
        if table.count(bucket) == 0 {
            bucketOf.remove(key)
            freeBuckets.append(bucket)
        }
    }
}
