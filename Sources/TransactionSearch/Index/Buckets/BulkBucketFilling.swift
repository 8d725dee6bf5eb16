/// A bucket table filled in bulk from buffers (a bulk build passes the store's own amount and
/// currency columns, not copies); the form over arrays comes with it.
protocol BulkBucketFilling {
    /// Adds many rows at once, row `i` going to `buckets[i]` with `currencies[i]` and `amounts[i]`.
    mutating func addAll<Currencies: BulkCurrencies, Amounts: BulkAmounts>(buckets: UnsafeBufferPointer<UInt32>, currencies: Currencies,
                                                                         amounts: Amounts)
}

/// Currency indexes by index for a bulk fill: a buffer of them, or the store's currency
/// column read in place (`CurrencyColumn.Rows`), one byte a row and so no `UInt16` buffer.
protocol BulkCurrencies {
    var count: Int { get }
    subscript(index: Int) -> UInt16 { get }
}

extension BulkCurrencies {
    /// The highest index (nil when there is none).
    func highest() -> UInt16? {
        guard count > 0 else { return nil }
        var highest: UInt16 = 0
        for index in 0..<count { highest = Swift.max(highest, self[index]) }
        return highest
    }
}

extension UnsafeBufferPointer: BulkCurrencies where Element == UInt16 {}

/// Amounts by index for a bulk fill: a buffer of them, or the store's amount column read in
/// place (`AmountColumn.Rows`), whose amounts are four bytes a row and so no `Int64` buffer.
protocol BulkAmounts {
    var count: Int { get }
    subscript(index: Int) -> Int64 { get }
}

extension UnsafeBufferPointer: BulkAmounts where Element == Int64 {}

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
