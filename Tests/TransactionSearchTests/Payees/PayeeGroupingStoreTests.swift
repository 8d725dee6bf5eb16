@testable import TransactionSearch
import Testing
import TransactionSearchSupport

/// A store grouped and faceted by payee: a merchant written ten ways is one group, merchants
/// sharing a processor are apart, and the groups follow edits as the buckets do.
@Suite struct PayeeGroupingStoreTests {
    static func store() throws -> TransactionStore {
        let store = TransactionStore(timeZone: .utc)
        var drafts: [TransactionDraft] = []
        for (index, merchant) in GroupingTests.merchants.enumerated() {
            for (number, descriptor) in merchant.descriptors.enumerated() {
                drafts.append(TransactionDraft(id: "m\(index)-\(number)", date: try .day(2026, 3, 1 + number), merchant: descriptor,
                                               amount: DecimalAmount(significand: -Int64(index + 1), fractionDigits: 0),
                                               currency: number % 3 == 0 ? .usd : .eur))
            }
        }
        drafts.append(TransactionDraft(id: "sq1", date: try .day(2026, 3, 20), merchant: "SQ *BLUE BOTTLE", amount: -4))
        drafts.append(TransactionDraft(id: "sq2", date: try .day(2026, 3, 20), merchant: "SQ *JOE'S PIZZA", amount: -9))
        try store.add(contentsOf: drafts)
        return store
    }

    @Test func tenWaysOfWritingAMerchantAreOneGroup() throws {
        let store = try Self.store()
        let result = store.search(Query(grouping: .payee, limit: 0))
        let counts = Dictionary(uniqueKeysWithValues: result.groups.map { ($0.key.text ?? "", $0.aggregate.count) })
        for merchant in GroupingTests.merchants where merchant.payee != "Blue Bottle Coffee" && merchant.payee != "Joe's Pizza" {
            #expect(counts[merchant.payee] == 10, "\(merchant.payee): \(counts)")
        }
        // The processor's two shops stay apart from each other.
        #expect(counts["Blue Bottle"] == 1 || counts["Blue Bottle Coffee"] == 11, "\(counts)")
        #expect(counts["Joe's Pizza"] == 11, "\(counts)")
        #expect(result.groups.count == Set(result.groups.map(\.key)).count)
        #expect(result.groups.allSatisfy { $0.title == $0.key.title })
    }

    @Test func groupsAndFacetsByPayeeAgreeWithThePlainScan() throws {
        let store = try Self.store()
        let reference = PlainScan(transactions: store.transactions(), timeZone: .utc)
        for text in ["", "coffee", "sq", "amount>3", "-netflix"] {
            for sort in [ResultOrder.dateDescending, .amountAscending] {
                var query = try Query(parsing: text, grouping: .payee, sort: sort, limit: 500)
                query.facets = [FacetRequest(.payee, limit: 5)]
                let result = store.search(query), expected = reference.search(query)
                #expect(result.groups == expected.groups, "\(text)")
                #expect(result.facets == expected.facets, "\(text)")
            }
        }
    }

    @Test func aPayeeGroupFollowsAnEdit() throws {
        let store = try Self.store()
        #expect(store.verify().isEmpty)
        let before = store.search(Query(grouping: .payee, limit: 0)).groups.first { $0.key == .payee("Netflix") }?.aggregate.count
        #expect(before == 10)
        var patch = TransactionPatch()
        patch.payee = .set("Streaming")
        try store.update(id: "m7-0", patch)
        let after = store.search(Query(grouping: .payee, limit: 0)).groups
        #expect(after.first { $0.key == .payee("Netflix") }?.aggregate.count == 9)
        #expect(after.first { $0.key == .payee("Streaming") }?.aggregate.count == 1)
        #expect(store.verify().isEmpty)
        store.checkInvariants()
    }
}
