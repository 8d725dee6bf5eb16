import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A bucket table filled in bulk takes exactly the currencies it is given, and grows its
/// slots when later rows bring new currencies, keeping every count and sum.
@Suite struct BucketTableTests {
    @Test func bulkThenNewCurrenciesKeepEverySum() {
        var random = SeededRandom(seed: 0xB0C7)
        var table = BucketTable()
        var expected: [UInt32: [UInt16: (count: Int, sum: Int128)]] = [:]
        func note(_ bucket: UInt32, _ currency: UInt16, _ amount: Int64, _ sign: Int) {
            var entry = expected[bucket, default: [:]][currency, default: (0, 0)]
            entry.count += sign
            entry.sum += Int128(amount) * Int128(sign)
            expected[bucket, default: [:]][currency] = entry.count == 0 ? nil : entry
        }
        let buckets = (0..<500).map { _ in UInt32(random.int(in: 0...199)) }
        let currencies = (0..<500).map { _ in UInt16(random.int(in: 0...2)) }
        let amounts = (0..<500).map { _ in Int64(random.int(in: -99_999...99_999)) }
        table.addAll(buckets: buckets, currencies: currencies, amounts: amounts)
        for index in 0..<500 { note(buckets[index], currencies[index], amounts[index], 1) }
        #expect(table.stride == 3)
        for step in 0..<2000 {
            let bucket = UInt32(random.int(in: 0...299)), currency = UInt16(random.int(in: 0...(3 + step / 200)))
            let amount = Int64(random.int(in: -99_999...99_999))
            table.add(bucket, currency: currency, amount: amount)
            note(bucket, currency, amount, 1)
        }
        #expect(table.stride > 12)
        for bucket in UInt32(0)..<300 {
            var found: [UInt16: (count: Int, sum: Int128)] = [:]
            table.forEachCurrency(of: bucket) { currency, count, sum, _ in found[currency] = (count, sum) }
            let wanted = expected[bucket] ?? [:]
            #expect(found.count == wanted.count && found.allSatisfy { wanted[$0.key]?.count == $0.value.count && wanted[$0.key]?.sum == $0.value.sum },
                    "bucket \(bucket), seed 0xB0C7")
            #expect(table.count(bucket) == wanted.values.reduce(0) { $0 + $1.count })
        }
    }
}
