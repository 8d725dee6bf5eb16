import Foundation
@testable import TransactionSearch
import Testing

/// The parts that keep the detection fast on large ledgers, each against a plain reference:
/// the two-thread search, the index of unexplained rows, the chain test that skips fits, and a
/// busy payee whose chance series are dropped before the merge.
@Suite struct RecurringScaleTests {
    /// Two threads give the one thread's answer, series for series, on planted ledgers of
    /// several seeds put together (about 16,000 rows, many payees).
    @Test func twoThreadsFindWhatOneFinds() {
        var candidates: [RecurringCandidate] = []
        var today: Int32 = 0
        for seed in UInt64(1)...4 {
            let ledger = PlantedLedgerGenerator.make(seed: seed)
            today = ledger.today
            for var candidate in ledger.candidates {
                // Each seed's payees apart, so the subsets stay those of one person.
                candidate.payeeKey += " \(seed)"
                candidate.row = candidates.count
                candidates.append(candidate)
            }
        }
        let alone = RecurringDetector(parallelMinimum: .max).series(in: candidates, today: today)
        let shared = RecurringDetector(parallelMinimum: 0).series(in: candidates, today: today)
        #expect(!alone.isEmpty)
        #expect(shared == alone)
    }

    /// `UnexplainedRows` counts what a pass over the subset counts: rows not consumed between two
    /// positions, and rows not consumed whose magnitude lies in any of several closed ranges
    /// (overlapping, nested, empty, unbounded).
    @Test func unexplainedRowsCountLikeAPass() {
        var random = PlantedRandom(seed: 7)
        for _ in 0..<40 {
            var rows = CandidateRows()
            let count = Int.random(in: 1...300, using: &random)
            for _ in 0..<count {
                let magnitude = Int64.random(in: 1...2_000, using: &random)
                rows.add(Int32.random(in: 18_000...19_500, using: &random), Bool.random(using: &random) ? magnitude : -magnitude, "Shop")
            }
            let ledger = RecurringLedger(RecurringInput(rows.candidates))
            var consumed = (0..<ledger.day.count).map { _ in Bool.random(using: &random) }
            if Bool.random(using: &random) { consumed = consumed.map { _ in false } }
            for subset in ledger.subsets {
                let unexplained = UnexplainedRows(subset, order: ledger.amountOrder(subset), ledger: ledger, consumed: consumed)
                let free = (subset.start..<subset.end).filter { !consumed[$0] }
                #expect(unexplained.count == free.count)
                let low = Int.random(in: subset.start...subset.end, using: &random)
                let high = Int.random(in: low...subset.end, using: &random)
                #expect(unexplained.count(positions: low..<high) == free.filter { (low..<high).contains($0) }.count)
                var ranges: [(low: Double, high: Double)] = []
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    let from = Double(Int.random(in: 0...2_100, using: &random)) / 1.1
                    ranges.append((from, Bool.random(using: &random) ? from * 1.21 : from - 1))
                }
                if Int.random(in: 0..<8, using: &random) == 0 { ranges.append((0, .infinity)) }
                let expected = free.filter { position in
                    let magnitude = Double(ledger.amount[position].magnitude)
                    return ranges.contains { magnitude >= $0.low && magnitude <= $0.high }
                }.count
                #expect(unexplained.count(magnitudesIn: ranges) == expected, "ranges \(ranges)")
            }
        }
    }

    /// Every planted series of a month-based cadence (every N months, yearly) of three or more
    /// rows holds the chain of three that lets its exact amount be fitted at all: the shortcut
    /// never skips a real series (drift, weekend shifts, month ends, a missed occurrence).
    @Test func theChainTestKeepsEveryPlantedSeries() {
        for seed in UInt64(1)...40 {
            let ledger = PlantedLedgerGenerator.make(seed: seed)
            let input = RecurringInput(ledger.candidates)
            let recurring = RecurringLedger(input)
            var positionOfRow: [Int: Int32] = [:]
            for position in recurring.source.indices {
                positionOfRow[input.rows[Int(recurring.source[position])]] = Int32(position)
            }
            let searcher = RecurringSearcher(ledger: recurring)
            for planted in ledger.series where planted.rows.count >= 3 {
                switch planted.cadence {
                case .everyMonths, .yearly: break
                default: continue
                }
                let positions = planted.rows.compactMap { positionOfRow[$0] }.sorted()
                #expect(searcher.holdsChainOfThree(planted.cadence, positions), "seed \(seed): \(planted.label)")
            }
        }
    }

    /// A payee of thirty rows a day at every price (a supermarket at a million rows) yields
    /// thousands of chance series of one price; none is reported, and a membership charged on
    /// the 3rd of every month at a price no other row comes near still is.
    @Test func aBusyPayeeKeepsItsRealSeriesOnly() {
        var random = PlantedRandom(seed: 11)
        var rows = CandidateRows()
        let start = PlantedDate.day(2022, 1, 1), end = PlantedDate.day(2024, 12, 31)
        for day in start...end {
            for _ in 0..<30 { rows.add(day, -Int64.random(in: 100...5_000, using: &random), "Hypermarket") }
        }
        var membership: Set<Int> = []
        for month in 0..<36 {
            membership.insert(rows.candidates.count)
            rows.add(PlantedDate.day(2022 + month / 12, month % 12 + 1, 3), -49_900, "Hypermarket")
        }
        let found = RecurringDetector().series(in: rows.candidates, today: end + 1)
        #expect(found.count == 1)
        #expect(found.first?.cadence == .monthly)
        #expect(found.first.map { Set($0.rows) } == membership)
    }
}
