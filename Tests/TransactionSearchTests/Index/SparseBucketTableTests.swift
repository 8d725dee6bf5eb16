import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// `SparseBucketTable` against plain per-(bucket, currency) counts and 128-bit sums: random rows
/// added and removed (amounts up to the 64-bit ends, so sums wrap and come back; buckets
/// emptied and refilled, so entries are freed and reused), bulk fills, and the dense table it
/// makes, which must equal a dense `BucketTable` fed the same rows.
@Suite struct SparseBucketTableTests {
    /// What the reference keeps per (bucket, currency): rows and the exact sum.
    struct Slot: Equatable {
        var count = 0
        var sum: Int128 = 0
    }

    struct Row {
        let bucket: UInt32
        let currency: UInt16
        let amount: Int64
    }

    static func amount(_ random: inout SeededRandom) -> Int64 {
        switch random.int(in: 0...5) {
        case 0: Int64.max - Int64(random.int(in: 0...1000))
        case 1: Int64.min + Int64(random.int(in: 1...1000))
        default: Int64(random.int(in: -1_000_000...1_000_000))
        }
    }

    /// The table's buckets as the reference's shape: per bucket, currency to slot.
    static func contents(of table: SparseBucketTable, buckets: Int) -> [[UInt16: Slot]] {
        (0..<buckets).map { bucket in
            var slots: [UInt16: Slot] = [:]
            var previous = -1
            table.forEachCurrency(of: UInt32(bucket)) { currency, count, sum in
                #expect(Int(currency) > previous, "currencies out of order in bucket \(bucket)")
                previous = Int(currency)
                slots[currency] = Slot(count: count, sum: sum)
            }
            return slots
        }
    }

    static func check(_ table: SparseBucketTable, _ reference: [[UInt16: Slot]], dense: BucketTable, seed: UInt64, step: Int) {
        table.checkInvariants()
        #expect(contents(of: table, buckets: reference.count) == reference, "seed \(seed) step \(step)")
        for bucket in reference.indices {
            #expect(table.count(UInt32(bucket)) == reference[bucket].values.reduce(0) { $0 + $1.count }, "seed \(seed) bucket \(bucket)")
        }
        let made = table.dense()
        for bucket in reference.indices {
            var fromDense: [UInt16: Slot] = [:]
            made.forEachCurrency(of: UInt32(bucket)) { currency, count, sum, _ in fromDense[currency] = Slot(count: count, sum: sum) }
            var fromReference: [UInt16: Slot] = [:]
            dense.forEachCurrency(of: UInt32(bucket)) { currency, count, sum, _ in fromReference[currency] = Slot(count: count, sum: sum) }
            #expect(fromDense == fromReference, "seed \(seed) step \(step) bucket \(bucket): dense table differs")
            #expect(made.count(UInt32(bucket)) == dense.count(UInt32(bucket)), "seed \(seed) bucket \(bucket)")
        }
        // Grouped (buckets are descriptors, groups their merchants or payees): each group's
        // counts and sums are those of its buckets added up.
        let groupOf = (0..<UInt32(max(table.bucketCount, reference.count))).map { $0 % 4 == 3 ? 0 : $0 / 3 }
        let groupLimit = Int(groupOf.max() ?? 0) + 1
        var expected = [[UInt16: Slot]](repeating: [:], count: groupLimit)
        for (bucket, slots) in reference.enumerated() {
            for (currency, slot) in slots {
                expected[Int(groupOf[bucket])][currency, default: Slot()].count += slot.count
                expected[Int(groupOf[bucket])][currency, default: Slot()].sum += slot.sum
            }
        }
        let grouped = groupOf.withUnsafeBufferPointer { table.dense(groupedBy: $0.baseAddress!, groupLimit: groupLimit) }
        for group in 0..<groupLimit {
            var fromGrouped: [UInt16: Slot] = [:]
            grouped.forEachCurrency(of: UInt32(group)) { currency, count, sum, _ in fromGrouped[currency] = Slot(count: count, sum: sum) }
            #expect(fromGrouped == expected[group].filter { $0.value.count > 0 }, "seed \(seed) step \(step) group \(group): grouped table differs")
            #expect(grouped.count(UInt32(group)) == expected[group].values.reduce(0) { $0 + $1.count }, "seed \(seed) group \(group)")
        }
    }

    @Test(arguments: [UInt64(0x5BA1), 0x5BA2, 0x5BA3])
    func addsAndRemovesMatchAPlainTally(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let bucketLimit = random.int(in: 1...60), currencyLimit = random.int(in: 1...7)
        var table = SparseBucketTable()
        var dense = BucketTable()
        var reference = [[UInt16: Slot]](repeating: [:], count: bucketLimit)
        var live: [Row] = []
        // A bulk fill first, as a store's build does.
        let bulk = (0..<random.int(in: 0...300)).map { _ in
            Row(bucket: UInt32(random.int(in: 0...(bucketLimit - 1))), currency: UInt16(random.int(in: 0...(currencyLimit - 1))),
                amount: SparseBucketTableTests.amount(&random))
        }
        table.addAll(buckets: bulk.map(\.bucket), currencies: bulk.map(\.currency), amounts: bulk.map(\.amount))
        for row in bulk {
            dense.add(row.bucket, currency: row.currency, amount: row.amount)
            reference[Int(row.bucket)][row.currency, default: Slot()].count += 1
            reference[Int(row.bucket)][row.currency, default: Slot()].sum += Int128(row.amount)
        }
        live = bulk
        SparseBucketTableTests.check(table, reference, dense: dense, seed: seed, step: -1)
        for step in 0..<3_000 {
            if !live.isEmpty && random.chance(0.5) {
                let row = live.remove(at: random.int(in: 0...(live.count - 1)))
                table.remove(row.bucket, currency: row.currency, amount: row.amount)
                dense.remove(row.bucket, currency: row.currency, amount: row.amount)
                reference[Int(row.bucket)][row.currency]!.count -= 1
                reference[Int(row.bucket)][row.currency]!.sum -= Int128(row.amount)
                if reference[Int(row.bucket)][row.currency]!.count == 0 { reference[Int(row.bucket)][row.currency] = nil }
            } else {
                let row = Row(bucket: UInt32(random.int(in: 0...(bucketLimit - 1))),
                              currency: UInt16(random.int(in: 0...(currencyLimit - 1))), amount: SparseBucketTableTests.amount(&random))
                live.append(row)
                table.add(row.bucket, currency: row.currency, amount: row.amount)
                dense.add(row.bucket, currency: row.currency, amount: row.amount)
                reference[Int(row.bucket)][row.currency, default: Slot()].count += 1
                reference[Int(row.bucket)][row.currency, default: Slot()].sum += Int128(row.amount)
            }
            if step % 250 == 0 { SparseBucketTableTests.check(table, reference, dense: dense, seed: seed, step: step) }
        }
        // Emptied completely, every entry is free and the table answers zero everywhere.
        for row in live { table.remove(row.bucket, currency: row.currency, amount: row.amount) }
        table.checkInvariants()
        for bucket in 0..<UInt32(bucketLimit) { #expect(table.count(bucket) == 0, "seed \(seed) bucket \(bucket) not empty") }
    }

    @Test func aBucketWithOneCurrencyTakesFarLessThanADenseOne() {
        var sparse = SparseBucketTable()
        var dense = BucketTable()
        let buckets = (0..<10_000).map { UInt32($0) }
        let currencies = buckets.map { UInt16($0 % 5) }
        let amounts = buckets.map { -Int64($0) - 1 }
        sparse.addAll(buckets: buckets, currencies: currencies, amounts: amounts)
        dense.addAll(buckets: buckets, currencies: currencies, amounts: amounts)
        // One entry a bucket: 4 bytes of head and 18 of entry; dense: 4 + 5 * 12.
        #expect(sparse.memoryUse <= 10_001 * 22 + 64, "sparse table holds \(sparse.memoryUse) bytes")
        #expect(dense.memoryUse >= 10_000 * 64)
    }
}
