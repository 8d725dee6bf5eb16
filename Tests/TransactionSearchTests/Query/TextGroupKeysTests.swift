import Testing
@testable import TransactionSearch

/// Group keys kept as bytes come back as the keys they stand for: every text grouping, the
/// "none" key of cards and categories, multi-byte text, an empty merchant.
@Suite struct TextGroupKeysTests {
    static func keys(_ grouping: Grouping, _ texts: [String?]) -> TextGroupKeys {
        let utf8 = texts.map { $0.map { Array($0.utf8) } }
        let byteCount = utf8.reduce(0) { $0 + ($1?.count ?? 0) }
        // Code i + 1 names texts[i]; a nil text is code 0.
        let codes = texts.indices.map { texts[$0] == nil ? UInt32(0) : UInt32($0 + 1) }
        return TextGroupKeys(grouping: grouping, codes: codes, byteCount: byteCount) { code, body in
            utf8[Int(code) - 1]!.withUnsafeBufferPointer(body)
        }
    }

    @Test func keysComeBackAsTheirGroupKeys() {
        let cards = TextGroupKeysTests.keys(.card, ["Visa 4242", nil, "American Express 1005"])
        #expect((0..<cards.count).map(cards.key(at:)) == [.card("Visa 4242"), .card(nil), .card("American Express 1005")])
        let categories = TextGroupKeysTests.keys(.category, [nil, "Café & Bäckerei", "食品"])
        #expect((0..<categories.count).map(categories.key(at:)) == [.category(nil), .category("Café & Bäckerei"), .category("食品")])
        let merchants = TextGroupKeysTests.keys(.merchant, ["ПЯТЁРОЧКА", "", "a\0b"])
        #expect((0..<merchants.count).map(merchants.key(at:)) == [.merchant("ПЯТЁРОЧКА"), .merchant(""), .merchant("a\0b")])
        #expect(TextGroupKeysTests.keys(.merchant, [nil]).key(at: 0) == .merchant(""))
    }

    @Test func resultGroupsWithTextKeysEqualTheSameGroupsFromValues() {
        let keys = TextGroupKeysTests.keys(.card, ["Visa 4242", nil])
        let money = Money(minorUnits: -500, currency: .eur)
        let packed = ResultGroups(textKeys: keys, counts: [2, 1], sumStarts: [0, 1, 2], sums: [money, money])
        let values = ResultGroups([ResultGroup(key: .card("Visa 4242"), count: 2, sums: [money]),
                                   ResultGroup(key: .card(nil), count: 1, sums: [money])])
        #expect(packed == values)
        #expect(packed.count == 2 && packed[1].title == "No card")
    }
}
