import Foundation
import Testing
@testable import TransactionSearch

/// Numbers a person types (a page size, an offset, a facet limit) are never what memory is
/// allocated by: the largest ones give the same answer as a limit past every row.
@Suite struct HugeNumbersTests {
    @Test(arguments: [10_000_000_000, 9_223_372_036_854_775_806, Int.max])
    func aHugeLimitOffsetOrFacetLimitAnswersLikeAnyLimitPastEveryRow(_ huge: Int) throws {
        let store = TransactionStore()
        for index in 0..<30 {
            try store.add(TransactionDraft(date: try .day(2026, 3, 1 + index % 28), merchant: "Shop \(index % 7)",
                                           category: index % 3 == 0 ? "Food" : "Home", amount: DecimalAmount(significand: Int64(-100 - index), fractionDigits: 2)))
        }
        let facets = FacetField.allCases.map { FacetRequest($0, limit: huge) }
        let big = store.search(Query(text: "shop", grouping: .merchant, limit: huge, offset: 0, facets: facets))
        let plain = store.search(Query(text: "shop", grouping: .merchant, limit: 1000, offset: 0,
                                       facets: FacetField.allCases.map { FacetRequest($0, limit: 1000) }))
        #expect(big.rows == plain.rows && big.groups == plain.groups && big.facets == plain.facets)
        let far = store.search(Query(text: "shop", limit: huge, offset: huge))
        #expect(far.rows.isEmpty && far.total.count == 30)
        let farFromNone = store.search(Query(text: "", limit: 5, offset: huge))
        #expect(farFromNone.rows.isEmpty)
    }
}
