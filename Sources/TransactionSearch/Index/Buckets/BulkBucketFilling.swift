/// A bucket table filled in bulk from buffers (a bulk build passes the store's own amount and
/// currency columns, not copies); the form over arrays comes with it.
protocol BulkBucketFilling {
    /// Adds many rows at once, row `i` going to `buckets[i]` with `currencies[i]` and `amounts[i]`.
    mutating func addAll(buckets: UnsafeBufferPointer<UInt32>, currencies: UnsafeBufferPointer<UInt16>, amounts: UnsafeBufferPointer<Int64>)
}

extension BulkBucketFilling {
    /// `addAll(buckets:currencies:amounts:)` over arrays: the table is sized once and filled
    /// through pointers.
    mutating func addAll(buckets: [UInt32], currencies: [UInt16], amounts: [Int64]) {
        buckets.withUnsafeBufferPointer { buckets in
            currencies.withUnsafeBufferPointer { currencies in
                amounts.withUnsafeBufferPointer { addAll(buckets: buckets, currencies: currencies, amounts: $0) }
            }
        }
    }
}
