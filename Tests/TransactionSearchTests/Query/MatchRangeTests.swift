import Foundation
import Testing
@testable import TransactionSearch

/// `ResultRow.matchRanges`: the matched words as ranges of the merchant string, ready for
/// `AttributedString`, whole characters only.
@Suite struct MatchRangeTests {
    func ranges(_ offsets: [Range<Int>], in text: String) -> [String] {
        ResultRow.characterRanges(ofScalarOffsets: offsets, in: text).map { String(text[$0]) }
    }

    @Test func scalarOffsetsBecomeRangesOfTheString() {
        #expect(ranges([0..<4], in: "Starbucks") == ["Star"])
        #expect(ranges([0..<1, 5..<7], in: "Café Noir") == ["C", "No"])
        #expect(ranges([1..<3], in: "Пятёрочка") == ["ят"])
        #expect(ranges([], in: "Starbucks") == [])
        #expect(ranges([7..<20], in: "Starbucks") == ["ks"])  // cut at the end
    }

    @Test func aMatchNeverSplitsALetterFromItsAccent() {
        let decomposed = "Cafe\u{301} Noir"  // é as e and a combining acute accent
        #expect(ranges([0..<4], in: decomposed) == ["Cafe\u{301}"])  // "cafe" matched four scalars
        #expect(ranges([4..<5], in: decomposed) == ["e\u{301}"])  // the accent alone
        #expect(ranges([0..<1, 1..<2], in: "🇪🇸 Tapas") == ["🇪🇸"])  // both halves of one flag, merged
    }

    @Test func aSearchResultBoldsThroughAttributedString() throws {
        let store = TransactionStore()
        try store.add(.sample(merchant: "Café de Flore"))
        let row = try #require(store.search(Query(text: "cafe flo")).rows.first)
        #expect(row.matchRanges.map { String(row.transaction.merchant[$0]) } == ["Café", "Flo"])
        let text = AttributedString(row.transaction.merchant)
        let attributed = row.matchRanges.compactMap { Range($0, in: text) }
        #expect(attributed.map { String(text[$0].characters) } == ["Café", "Flo"])
    }
}
