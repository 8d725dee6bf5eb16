import Foundation
@testable import TransactionSearch
import Testing

/// Precision and recall per cadence on generated ledgers with planted series.
@Suite struct PlantedLedgerTests {
    /// The seeds scored (40: enough series of the rarer cadences for a 95% bar to mean
    /// something); each is a four-year ledger of about 4,000 rows. `PLANTED_SEEDS=1-200`
    /// (a range) scores others.
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["PLANTED_SEEDS"] {
            let bounds = text.split(separator: "-").compactMap { UInt64($0) }
            if bounds.count == 2, bounds[0] <= bounds[1] { return Array(bounds[0]...bounds[1]) }
        }
        return Array(1...40)
    }()

    /// The bar for precision, per cadence, over all seeds.
    static let minimumPrecision = 0.95
    /// The bar for recall, per cadence, over all seeds.
    static let minimumRecall = 0.95

    /// Whether `found` is a correct detection of `planted`: the cadence is right, it covers at
    /// least 80% of the planted rows, and at most 10% of its rows are foreign.
    static func matches(_ found: DetectedSeries, _ planted: PlantedSeries) -> Bool {
        guard found.cadence == planted.cadence, found.payeeKey == planted.payeeKey else { return false }
        let plantedRows = Set(planted.rows)
        let shared = found.rows.filter { plantedRows.contains($0) }.count
        return Double(shared) >= 0.8 * Double(planted.rows.count)
            && Double(found.rows.count - shared) <= 0.1 * Double(found.rows.count)
    }

    /// Over the seeds, found series are scored against the planted ones per cadence (see `matches`).
    @Test func precisionAndRecallPerCadence() {
        var tally: [String: (found: Int, correct: Int, planted: Int, recalled: Int)] = [:]
        var activity = (right: 0, total: 0)
        var failures: [String] = []
        let detector = RecurringDetector()
        for seed in Self.seeds {
            let ledger = PlantedLedgerGenerator.make(seed: seed)
            let found = detector.series(in: ledger.candidates, today: ledger.today)
            for series in found {
                let correct = ledger.series.contains { Self.matches(series, $0) }
                tally[series.cadence.description, default: (0, 0, 0, 0)].found += 1
                if correct {
                    tally[series.cadence.description, default: (0, 0, 0, 0)].correct += 1
                } else {
                    failures.append("seed \(seed): false \(series.cadence) \(series.payeeKey) \(series.amount) "
                        + "\(series.count) rows \(PlantedDate.text(series.first))...\(PlantedDate.text(series.last)): \(series.reason)")
                }
            }
            for planted in ledger.series {
                tally[planted.cadence.description, default: (0, 0, 0, 0)].planted += 1
                if let hit = found.first(where: { Self.matches($0, planted) }) {
                    tally[planted.cadence.description, default: (0, 0, 0, 0)].recalled += 1
                    activity.total += 1
                    if hit.isActive == planted.active { activity.right += 1 } else {
                        failures.append("seed \(seed): \(planted.label) active \(hit.isActive), planted \(planted.active)")
                    }
                } else {
                    let near = found.filter { $0.payeeKey == planted.payeeKey }
                        .map { "\($0.cadence) \($0.count) rows \($0.amount)" }
                    failures.append("seed \(seed): missed \(planted.label) (\(planted.cadence), \(planted.rows.count) rows); "
                        + "found at payee: \(near)")
                }
            }
        }
        var report: [String] = []
        for (cadence, counts) in tally.sorted(by: { $0.key < $1.key }) {
            let precision = counts.found == 0 ? 1 : Double(counts.correct) / Double(counts.found)
            let recall = counts.planted == 0 ? 1 : Double(counts.recalled) / Double(counts.planted)
            report.append("\(cadence): precision \(String(format: "%.3f", precision)) (\(counts.correct)/\(counts.found)), "
                + "recall \(String(format: "%.3f", recall)) (\(counts.recalled)/\(counts.planted))")
            #expect(precision >= Self.minimumPrecision, "\(cadence) precision \(precision); seeds \(Self.seeds.first!)...\(Self.seeds.last!)\n\(failures.joined(separator: "\n"))")
            #expect(recall >= Self.minimumRecall, "\(cadence) recall \(recall); seeds \(Self.seeds.first!)...\(Self.seeds.last!)\n\(failures.joined(separator: "\n"))")
        }
        let activeShare = Double(activity.right) / Double(max(activity.total, 1))
        #expect(activeShare >= 0.95, "active flag right for \(activeShare); \(failures.joined(separator: "\n"))")
        print("Planted ledgers, seeds \(Self.seeds.first!)...\(Self.seeds.last!):\n" + report.joined(separator: "\n")
            + "\nactive flag right: \(activity.right)/\(activity.total)"
            + (failures.isEmpty ? "" : "\nmisses:\n" + failures.joined(separator: "\n")))
    }
}
