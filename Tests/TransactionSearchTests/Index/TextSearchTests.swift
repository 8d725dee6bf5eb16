import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct TextSearchTests {
    private func store(_ merchants: [String]) throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(contentsOf: merchants.enumerated().map { .sample("m\($0.offset)", merchant: $0.element) })
        return store
    }

    @Test func trigramCandidatesEqualABruteForceScanOfTheDistinctStrings() throws {
        var random = SeededRandom(seed: 11)
        let alphabet = Array("abcdeéßﬁ пятё東京 12")
        let merchants = (0..<400).map { index in "m\(index % 7)" + String((0..<random.int(in: 0...12)).map { _ in random.pick(alphabet) }) }
        let store = try store(merchants)
        let contents = store.contents
        for _ in 0..<2000 {
            let term = Array(Folding.fold(String((0..<random.int(in: 1...5)).map { _ in random.pick(alphabet) })).utf8)
            // The merchants' strings are shared with the payees (cleaned, so capitalised
            // here): the codes no merchant uses are left to the descriptors to ignore.
            let index = contents.text[.merchant]
            let found = Set(index.liveOnly(QueryCompiler.codes(in: index, containing: term)).codes.map { index.string($0) })
            let expected = Set(merchants.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                Array(Folding.fold($0).utf8).firstRange(of: term) != nil || term.isEmpty
            })
            #expect(found == expected, "term \(String(decoding: term, as: UTF8.self))")
        }
    }

    @Test func shortTermsAreAnsweredFromTheDistinctStringsNotByScanningRows() throws {
        // 20,000 rows over 3 merchants: a one-character term touches 3 strings, and the plan
        // drives from the matching merchant's postings rather than from all rows. (The payees
        // are given, so that only the merchants hold the letter.)
        let store = TransactionStore()
        let names = ["Жёлтый", "Blue", "Green"]
        try store.add(contentsOf: (0..<20_000).map { index -> TransactionDraft in
            var draft = TransactionDraft.sample("r\(index)", merchant: names[index % 3 == 0 ? 0 : 1 + index % 2])
            draft.payee = "Shop"
            return draft
        })
        let plan = store.lock.withReadLock {
            QueryPlanner(contents: store.contents, query: QueryCompiler(contents: store.contents).compile(Query(text: "ж"))).plan()
        }
        #expect(plan == .scan(.condition(0), estimate: 6667))
        #expect(store.search(Query(text: "ж", limit: 0)).total.count == 6667)
    }

    @Test func amountTermsComeFromTheAmountOrder() throws {
        let store = TransactionStore()
        try store.add(contentsOf: (0..<5000).map {
            .sample("r\($0)", amount: DecimalAmount(significand: -Int64($0 % 500) * 10, fractionDigits: 2))
        })
        let plan = store.lock.withReadLock {
            QueryPlanner(contents: store.contents, query: QueryCompiler(contents: store.contents).compile(Query(text: "12.5", scope: .amount))).plan()
        }
        // Amounts are 0.00, 0.10 ... 49.90, ten rows each: "12.5" means 12.50 to 12.59, so 12.50 only.
        #expect(plan == .scan(.condition(0), estimate: 10))
        #expect(store.search(Query(text: "12.5", scope: .amount, limit: 0)).total.count == 10)
    }

    @Test(arguments: [
        ("Starbucks", "star", [0..<4]),
        ("STARBUCKS Reserve", "s", [0..<1, 8..<9, 12..<13]),
        ("Cafe\u{301} Crème", "cafe", [0..<5]),
        ("Straße 12", "strasse", [0..<6]),
        ("Straße 12", "s", [0..<1, 4..<5]),  // both s of ß (scalar 4)
        ("ﬁnance corp", "fin", [0..<2]),  // ﬁ is one scalar
        ("Пятёрочка", "пятер", [0..<5]),
        ("東京ラーメン", "ラーメン", [2..<6]),
        ("7-Eleven", "7", [0..<1]),
    ])
    func matchRangesPointIntoTheOriginalText(merchant: String, term: String, expected: [Range<Int>]) throws {
        let store = try store([merchant])
        let row = try #require(store.search(Query(text: term, scope: .merchant)).rows.first)
        #expect(row.matches == expected)
    }

    @Test func aRowFoundThroughAnotherFieldHasNoMerchantMatches() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(date: try! .day(2026, 3, 1), merchant: "Lidl", amount: -5, notes: "lunch"))
        #expect(store.search(Query(text: "lunch")).rows.map(\.matches) == [[]])
    }
}
