import Foundation
import Testing
@testable import TransactionSearch

/// `verify()` reports what a damaged store's structures get wrong instead of trapping, so that
/// `fsearch check` can say so (exit 65) rather than crash.
@Suite struct VerifyTests {
    static func store() throws -> TransactionStore {
        let store = TransactionStore()
        for index in 0..<50 {
            try store.add(TransactionDraft(date: try .day(2026, 3, 1 + index % 28), merchant: "Shop \(index % 9)",
                                           category: index % 2 == 0 ? "Food" : nil, amount: DecimalAmount(significand: Int64(-100 * (index + 1)), fractionDigits: 2)))
        }
        return store
    }

    @Test func aSoundStoreHasNoProblems() throws {
        #expect(try Self.store().verify().isEmpty)
    }

    @Test func aDamagedClassBitsetIsReportedNotTrapped() throws {
        let store = try Self.store()
        store.lock.withWriteLock { store.contents.table.classes.clear(7) }
        let problems = store.verify()
        #expect(!problems.isEmpty)
        #expect(problems.contains { $0.description.contains("row 7") }, "\(problems)")
    }

    @Test func aDamagedBucketIsReportedNotTrapped() throws {
        let store = try Self.store()
        // A row's amount changed under the buckets: every structure that sums it disagrees.
        store.lock.withWriteLock { store.contents.table.amount[3] = 123_456 }
        let problems = store.verify()
        #expect(problems.contains { $0.description.contains("bucket") }, "\(problems)")
        #expect(problems.count <= IntegrityCollector.limit + 1)
    }
}
