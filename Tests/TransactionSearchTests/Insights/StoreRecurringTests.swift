import Foundation
import Testing
@testable import TransactionSearch

/// `TransactionStore.recurringSeries`: the detector fed from a store's rows finds what it finds
/// on the same rows given directly, with ids, money and days in the store's types.
@Suite struct StoreRecurringTests {
    /// A store holding a planted ledger's rows (ids `r<row>`), merchants as written.
    static func store(of ledger: PlantedLedger) throws -> TransactionStore {
        let store = TransactionStore(baseCurrency: .usd)
        let drafts = ledger.candidates.map { candidate in
            TransactionDraft(
                id: "r\(candidate.row)", date: .day(CalendarDay(daysSince1970: candidate.day)), merchant: candidate.payee,
                amount: DecimalAmount(significand: candidate.amountMinorUnits, fractionDigits: 2),
                currency: Currency(candidate.currency), payee: candidate.payee)
        }
        _ = try store.add(contentsOf: drafts)
        return store
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func storeFindsWhatTheDetectorFinds(seed: UInt64) throws {
        let ledger = PlantedLedgerGenerator.make(seed: seed)
        let store = try Self.store(of: ledger)
        let direct = RecurringDetector().series(in: ledger.candidates, today: ledger.today)
        let found = store.recurringSeries(today: CalendarDay(daysSince1970: ledger.today))
        let expected = Set(direct.map { series in "\(series.cadence) \(series.amount) " + series.rows.map { "r\($0)" }.sorted().joined(separator: ",") })
        let actual = Set(found.map { series in "\(series.cadence) \(series.amount.minorUnits) " + series.ids.sorted().joined(separator: ",") })
        #expect(expected == actual, "seed \(seed): \(expected.symmetricDifference(actual).sorted().prefix(4))")
        for series in found {
            #expect(series.count == series.ids.count && series.first <= series.last && series.last < series.next)
            #expect(series.minimum.minorUnits <= series.amount.minorUnits && series.amount.minorUnits <= series.maximum.minorUnits)
            #expect(series.currency == series.minimum.currency)
        }
    }

    @Test func aQueryNarrowsTheRowsSearched() throws {
        let ledger = PlantedLedgerGenerator.make(seed: 4)
        let store = try Self.store(of: ledger)
        let today = CalendarDay(daysSince1970: ledger.today)
        let all = store.recurringSeries(today: today)
        let payee = try #require(all.first?.payee)
        let narrowed = store.recurringSeries(matching: Query(text: payee, scope: .merchant), today: today)
        #expect(!narrowed.isEmpty)
        #expect(narrowed.allSatisfy { $0.payee.lowercased().contains(payee.lowercased()) })
        #expect(store.recurringSeries(matching: Query(text: "zzzqqq-nothing"), today: today).isEmpty)
        #expect(TransactionStore().recurringSeries().isEmpty)
    }
}

/// `InsightsModel`: series, report cells and summary follow the store's changes.
@Suite struct InsightsModelTests {
    @MainActor @Test func followsTheStore() async throws {
        let ledger = PlantedLedgerGenerator.make(seed: 6)
        let store = try StoreRecurringTests.store(of: ledger)
        store.clock = .fixed(day: CalendarDay(daysSince1970: ledger.today))
        let model = InsightsModel(store: store)
        await model.settled()
        #expect(model.series == store.recurringSeries())
        #expect(model.cells == store.report(ReportRequest()).cells)
        #expect(model.summary == store.summary())
        let victim = try #require(model.series.first)
        for id in victim.ids { _ = try store.delete(id: id) }
        for _ in 0..<200 where model.series == store.recurringSeries() ? false : true {
            try await Task.sleep(for: .milliseconds(10))
            await model.settled()
        }
        #expect(model.series == store.recurringSeries())
        #expect(!model.series.contains(victim))
        #expect(model.cells == store.report(ReportRequest()).cells)
        model.reportRequest = ReportRequest(period: .year, dimension: nil, kind: nil)
        await model.settled()
        #expect(model.cells == store.report(ReportRequest(period: .year, dimension: nil, kind: nil)).cells)
    }
}
