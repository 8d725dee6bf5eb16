import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Sums never wrap: a million rows of the largest amount a transaction may have, summed in
/// every grouping, on every query path (buckets, scan, subtraction) and in the balances and
/// summaries, equal an exact 128-bit reference. With 64-bit sums, 9,224 such rows already wrap.
@Suite struct ExactSumTests {
    static let rowCount = 1_000_000
    static let merchants = ["Alpha Shop", "Beta Market", "Gamma Air", "Delta Rail", "Epsilon Bank", "Zeta Cafe", "Eta Hotel"]
    /// Each merchant's payee, as the store cleans it.
    static let payees = merchants.map { PayeeCleaner().clean($0).payee }
    static let categories: [String?] = [nil, "Travel", "Food", "Rent", "Fees"]
    static let cards: [String?] = [nil, "Visa 4242", "Amex 1005", "Debit 0005"]
    static let accounts: [String?] = [nil, "Main", "Joint"]
    static let firstDay: Int32 = 20_454  // 2026-01-01
    static let dayCount = 95
    /// The largest magnitude an amount may have, in minor units.
    static let largest = Int128(Money.maximumMagnitude - 1)

    /// What row `i` is, as small numbers: every field follows from `i`, so the reference can
    /// be computed with integer tables.
    struct Row {
        var merchant: Int, category: Int, card: Int, account: Int, day: Int
        var isYen: Bool, isIncome: Bool, isPending: Bool

        init(_ index: Int) {
            merchant = index % ExactSumTests.merchants.count
            category = index % ExactSumTests.categories.count
            card = index % ExactSumTests.cards.count
            account = index % ExactSumTests.accounts.count
            day = index % ExactSumTests.dayCount
            isYen = index % 3 == 0
            isIncome = index % 10 == 0
            isPending = index % 7 == 0
        }

        var amount: Int128 { isIncome ? ExactSumTests.largest : -ExactSumTests.largest }
        var currency: Currency { isYen ? .jpy : .eur }
        var calendarDay: CalendarDay { CalendarDay(daysSince1970: ExactSumTests.firstDay + Int32(day)) }
    }

    static let store: TransactionStore = {
        let store = TransactionStore()
        let drafts = (0..<rowCount).map { index in
            let row = Row(index)
            return TransactionDraft(
                id: "r\(index)", date: .day(row.calendarDay), merchant: merchants[row.merchant],
                category: categories[row.category], card: cards[row.card], account: accounts[row.account],
                amount: DecimalAmount(significand: Int64(row.amount), fractionDigits: row.isYen ? 0 : 2),
                currency: row.currency, status: row.isPending ? .pending : .posted)
        }
        _ = try! store.add(contentsOf: drafts)
        return store
    }()

    /// Count and exact sums (EUR, JPY) per key.
    typealias Table = [String?: (count: Int, eur: Int128, jpy: Int128)]

    /// The exact sums of the rows `include` keeps, grouped by `key`, in 128 bits. Keys are
    /// small integers (an index into a vocabulary, a day number) tallied in arrays, and named
    /// by `name` at the end: a million rows in a fraction of a second even unoptimized.
    static func reference(_ key: (Row) -> Int, name: (Row) -> String?, where include: (Row) -> Bool = { _ in true }) -> Table {
        var counts = [Int](repeating: 0, count: 128)
        var eur = [Int128](repeating: 0, count: 128)
        var jpy = [Int128](repeating: 0, count: 128)
        var names = [String??](repeating: nil, count: 128)
        for index in 0..<rowCount {
            let row = Row(index)
            guard include(row) else { continue }
            let slot = key(row)
            if counts[slot] == 0 { names[slot] = .some(name(row)) }
            counts[slot] += 1
            if row.isYen { jpy[slot] += row.amount } else { eur[slot] += row.amount }
        }
        var table = Table()
        for slot in counts.indices where counts[slot] > 0 { table[names[slot]!] = (counts[slot], eur[slot], jpy[slot]) }
        return table
    }

    static func sums(_ moneys: [Money]) -> (eur: Int128, jpy: Int128) {
        (moneys.first { $0.currency == .eur }?.minorUnits ?? 0, moneys.first { $0.currency == .jpy }?.minorUnits ?? 0)
    }

    static func check(_ result: QueryResult, _ expected: Table, _ label: String) {
        if result.grouping != .none {
            #expect(result.groups.count == expected.count, "\(label): groups")
            for group in result.groups {
                let want = expected[group.key.text]
                let got = sums(group.sums)
                #expect(group.count == want?.count && got.eur == want?.eur && got.jpy == want?.jpy, "\(label): group \(group.key)")
            }
        }
        let total = expected.values.reduce((count: 0, eur: Int128(0), jpy: Int128(0))) { ($0.count + $1.count, $0.eur + $1.eur, $0.jpy + $1.jpy) }
        let got = sums(result.total.sums)
        #expect(result.total.count == total.count && got.eur == total.eur && got.jpy == total.jpy, "\(label): total")
    }

    static func slot(_ row: Row, _ grouping: Grouping) -> Int {
        switch grouping {
        case .none: 0
        case .day: row.day
        case .month: Int(row.calendarDay.calendarMonth.monthsSince1970 % 128)
        case .card: row.card
        case .category: row.category
        case .merchant: row.merchant
        case .week: Int(CalendarWeek(containing: row.calendarDay).firstDay.daysSince1970 - firstDay + 7) / 7
        case .year: row.calendarDay.year % 128
        case .account: row.account
        case .payee: row.merchant
        }
    }

    static func name(_ row: Row, _ grouping: Grouping) -> String? {
        switch grouping {
        case .none: "all"
        case .day: row.calendarDay.description
        case .month: row.calendarDay.calendarMonth.description
        case .card: cards[row.card]
        case .category: categories[row.category]
        case .merchant: merchants[row.merchant]
        case .week: CalendarWeek(containing: row.calendarDay).description
        case .year: String(row.calendarDay.year)
        case .account: accounts[row.account]
        case .payee: payees[row.merchant]
        }
    }

    @Test(arguments: Grouping.allCases)
    func totalsBeyondSixtyFourBitsAreExact(grouping: Grouping) {
        let store = Self.store
        // No text: the buckets answer. `e` is in five merchants of seven: answered by subtracting
        // the other two's rows from the buckets. `gamma` is in one: answered by a scan.
        let cases: [(String, (Row) -> Bool)] = [
            ("", { _ in true }),
            ("e", { Self.merchants[$0.merchant].lowercased().contains("e") }),
            ("gamma", { $0.merchant == 2 }),
        ]
        for (text, include) in cases {
            let result = store.search(Query(text: text, scope: .merchant, grouping: grouping, limit: 0), usingCache: false)
            Self.check(result, Self.reference({ Self.slot($0, grouping) }, name: { Self.name($0, grouping) }, where: include),
                       "\(grouping) '\(text)'")
        }
        #expect(Self.largest * 9_224 > Int128(Int64.max), "the sums must exceed 64 bits")
    }

    @Test func balancesAndSummariesBeyondSixtyFourBitsAreExact() {
        let store = Self.store
        let byAccount = Self.reference(\.account, name: { Self.accounts[$0.account] })
        let pending = Self.reference(\.account, name: { Self.accounts[$0.account] }, where: \.isPending)
        for balance in store.balances() {
            let (all, waiting) = (byAccount[balance.account]!, pending[balance.account]!)
            #expect(balance.count == all.count)
            #expect(Self.sums(balance.balance) == (all.eur, all.jpy))
            #expect(Self.sums(balance.pending) == (waiting.eur, waiting.jpy))
        }
        let expenses = Self.reference({ Self.slot($0, .month) }, name: { $0.calendarDay.calendarMonth.description },
                                      where: { !$0.isIncome })
        for summary in store.monthlySummaries() {
            let expected = expenses[summary.month.description]!
            #expect(Self.sums(summary.expenses) == (expected.eur, expected.jpy))
        }
        var spent: (eur: Int128, jpy: Int128) = (0, 0)
        for item in store.spending() {
            let sums = Self.sums(item.spent)
            spent = (spent.eur + sums.eur, spent.jpy + sums.jpy)
        }
        let expected = expenses.values.reduce((Int128(0), Int128(0))) { ($0.0 + $1.eur, $0.1 + $1.jpy) }
        #expect(spent == expected)
    }

    @Test func sumsBeyondSixtyFourBitsSurviveJSON() throws {
        let result = Self.store.search(Query(grouping: .month, limit: 1), usingCache: false)
        let decoded = try JSONDecoder().decode(QueryResult.self, from: JSONEncoder().encode(result))
        #expect(decoded == result)
        #expect(result.total.sums.allSatisfy { $0.decimalAmount == nil }, "sums this large have no 18-digit DecimalAmount")
    }
}
