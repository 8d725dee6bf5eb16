import Foundation
import Testing
@testable import TransactionSearch

/// The tally of reports from rows (`ReportRowTally`): its flat arrays' `Int64` sums give way to
/// the sorted runs' `Int128` ones when they would overflow, the two ways agree, and a report by
/// card over a few rows agrees with a plain loop.
@Suite struct ReportRowTallyTests {
    /// 9,300 payments of the largest amount on one card in one month: 64-bit sums overflow
    /// after 9,223; the report's sum is still exact, and the tally alone says it cannot.
    @Test func sumsBeyondSixtyFourBitsStayExact() throws {
        let store = TransactionStore()
        let largest = Int64(Money.maximumMagnitude - 1)
        let drafts = (0..<9_300).map { index in
            TransactionDraft(date: .day(CalendarDay(daysSince1970: 20_454 + Int32(index % 28))), merchant: "Alpha Shop",
                             card: "Visa 4242", amount: DecimalAmount(significand: -largest, fractionDigits: 2), currency: .eur)
        }
        try store.add(contentsOf: drafts)
        // A word, so that the rows are tallied (the card's buckets sum in 128 bits anyway).
        let report = store.report(ReportRequest(query: Query(text: "alpha"), period: .month, dimension: .card))
        #expect(!report.isFromBuckets)
        #expect(store.report(ReportRequest(period: .month, dimension: .card)).cells == report.cells)
        #expect(report.cells.count == 1)
        #expect(report.cells.first?.count == 9_300)
        #expect(report.cells.first?.sums == [Money(minorUnits: -9_300 * Int128(largest), currency: .eur)])
        let (inArrays, sorted) = store.lock.withReadLock { () -> ([ReportBuilder.Tally]?, [ReportBuilder.Tally]) in
            let contents = store.contents
            let rows = contents.insightRows(matching: Query(), today: store.today)
            let tally = ReportRowTally(contents: contents, groupLimit: contents.text[.card].codeLimit, periodValue: { _ in 0 })
            return (tally.tallyInArrays(rows, contents: contents, grouping: .card, noGroup: ReportBuilder.noGroup),
                    tally.tallySorted(rows, contents: contents, grouping: .card, noGroup: ReportBuilder.noGroup))
        }
        #expect(inArrays == nil)
        #expect(sorted.count == 1 && sorted.first?.count == 9_300 && sorted.first?.sum == -9_300 * Int128(largest))
    }

    /// Random stores with many payees in several currencies: the flat arrays and the sorted runs
    /// give the same tallies for every grouping, with and without groups.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func arraysAndSortedRunsAgree(seed: UInt64) throws {
        var world = RandomWorld(seed: seed)
        let store = TransactionStore()
        try store.add(contentsOf: (0..<500).map { index in
            var draft = world.draft(id: "t\(index)")
            draft.payee = "payee \(world.random.int(in: 0...120))"
            return draft
        }, skippingInvalid: true)
        #expect(store.count > 400)
        store.lock.withReadLock {
            let contents = store.contents
            let rows = contents.insightRows(matching: Query(), today: store.today)
            for grouping in [nil, .payee, .merchant, .card, .category] as [Grouping?] {
                let field = grouping.flatMap(ResultAssembler.textField(of:))
                for byWeek in [false, true] {
                    let tally = ReportRowTally(contents: contents, groupLimit: field.map { contents.text[$0].codeLimit } ?? 1,
                                               periodValue: { byWeek ? $0 / 7 : $0 / 30 })
                    func keyed(_ tallies: [ReportBuilder.Tally]) -> [String: String] {
                        Dictionary(uniqueKeysWithValues: tallies.map {
                            ("\($0.key.period) \($0.key.group) \($0.key.currency)", "\($0.count) \($0.sum)")
                        })
                    }
                    let inArrays = tally.tallyInArrays(rows, contents: contents, grouping: grouping, noGroup: ReportBuilder.noGroup)
                    let sorted = tally.tallySorted(rows, contents: contents, grouping: grouping, noGroup: ReportBuilder.noGroup)
                    #expect(inArrays != nil)
                    #expect(keyed(inArrays ?? []) == keyed(sorted), "seed \(seed) \(String(describing: grouping)) week \(byWeek)")
                    #expect(sorted.reduce(0) { $0 + $1.count } == rows.count)
                }
            }
        }
    }

    /// Random small stores in three currencies, payments and income: every period by card,
    /// account and no group, every row summed net, from the report pairs and (with a word
    /// every merchant holds) from the rows in flat arrays, against a loop over the
    /// transactions.
    @Test func smallReportsAgreeWithALoop() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<10 {
            let store = TransactionStore()
            let currencies: [Currency] = [.eur, .usd, .jpy]
            let drafts = (0..<Int.random(in: 1...200, using: &random)).map { _ in
                TransactionDraft(
                    date: .day(CalendarDay(daysSince1970: 20_000 + Int32.random(in: 0...800, using: &random))),
                    merchant: ["Alpha", "Beta", "Gamma"].randomElement(using: &random)!,
                    card: [nil, "Visa 1", "Amex 2"].randomElement(using: &random)!,
                    account: [nil, "Main"].randomElement(using: &random)!,
                    amount: DecimalAmount(significand: Int64.random(in: -50_000...50_000, using: &random) | 1, fractionDigits: 0),
                    currency: currencies.randomElement(using: &random)!)
            }
            try store.add(contentsOf: drafts)
            for period in [ReportPeriod.week, .month, .year] {
                for dimension in [ReportDimension.card, .account, nil] {
                    for query in [Query(), Query(text: "a")] {
                        let report = store.report(ReportRequest(query: query, period: period, dimension: dimension, kind: nil))
                        #expect(report.isFromBuckets == query.text.isEmpty)
                        var expected: [String: (Int, Int128)] = [:]
                        for transaction in store.transactions() {
                            let day = store.localDay(of: transaction.date)
                            let periodKey: GroupKey = switch period {
                            case .week: .week(CalendarWeek(containing: day))
                            case .month: .month(day.calendarMonth)
                            case .year: .year(day.year)
                            }
                            let group: String = switch dimension {
                            case .card?: transaction.card ?? "-"
                            case .account?: transaction.account ?? "-"
                            default: "-"
                            }
                            let key = "\(periodKey) \(group) \(transaction.amount.currency.code)"
                            let old = expected[key] ?? (0, 0)
                            expected[key] = (old.0 + 1, old.1 + transaction.amount.minorUnits)
                        }
                        var actual: [String: (Int, Int128)] = [:]
                        for cell in report.cells {
                            let group: String = switch cell.group {
                            case .card(let card)?: card ?? "-"
                            case .account(let account)?: account ?? "-"
                            default: "-"
                            }
                            for amount in cell.amounts {
                                actual["\(cell.period) \(group) \(amount.sum.currency.code)"] = (amount.count, amount.sum.minorUnits)
                            }
                        }
                        #expect(actual.count == expected.count, "\(period) \(String(describing: dimension))")
                        for (key, value) in expected {
                            #expect(actual[key]?.0 == value.0 && actual[key]?.1 == value.1, "\(period) \(String(describing: dimension)) \(key)")
                        }
                    }
                }
            }
        }
    }
}
