import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Pages of groups whose rows cluster in time (a category seen only in old months, a card used
/// for a few weeks): the page selector's walk gives up and collects the group instead, and the
/// page is the plain scan's, in every sort, at every offset.
@Suite struct ClusteredGroupPageTests {
    @Test func pagesOfClusteredGroupsEqualThePlainScan() throws {
        var random = SeededRandom(seed: 0xC105)
        let store = TransactionStore()
        let start = try TransactionDate(parsing: "2024-01-01", in: .utc)
        guard case .day(let firstDay) = start else { Issue.record("not a day"); return }
        let drafts: [TransactionDraft] = (0..<6_000).map { index in
            // "Aardvark" (first in title order) only among the oldest rows, "Zebra" only among
            // the newest; cards likewise; the rest everywhere.
            let category = index < 2_500 ? "Aardvark" : (index > 5_800 ? "Zebra" : random.pick(["Food", "Fuel", "Home"]))
            let card = index < 2_000 ? "Amex 1005" : (index % 50 == 0 ? nil : random.pick(["Visa 4242", "Visa 1881"]))
            let day = CalendarDay(daysSince1970: firstDay.daysSince1970 + Int32(index / 8))
            let instant = Int64(day.daysSince1970) * 86_400_000 + Int64(random.int(in: 0...86_399)) * 1000
            return TransactionDraft(id: "r\(index)", date: index % 9 == 0 ? .day(day) : .instant(millisecondsSince1970: instant),
                                    merchant: random.pick(["Lidl", "Shell", "Ikea", "Zara"]), category: category, card: card,
                                    account: "Main", amount: DecimalAmount(significand: -Int64(random.int(in: 1...9_999)), fractionDigits: 2),
                                    currency: Currency("EUR"))
        }
        try store.add(contentsOf: drafts.shuffled(using: &random))
        let reference = PlainScan(transactions: store.transactions(), timeZone: store.timeZone)
        for grouping in [Grouping.category, .card, .merchant] {
            for sort in [ResultOrder.dateDescending, .dateAscending, .amountDescending, .amountAscending] {
                for offset in [0, 30, 380, 5_000] {
                    let query = Query(text: "", grouping: grouping, sort: sort, limit: 50, offset: offset)
                    #expect(store.search(query, usingCache: false) == reference.search(query, rates: nil), "\(grouping) \(sort) \(offset)")
                }
            }
        }
    }
}
