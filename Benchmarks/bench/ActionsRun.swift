import Foundation
import TransactionSearch
import TransactionSearchFiles
import TransactionSearchSupport

/// The figures of acting on searches (docs/SPEC.md section 12) and of payees (section 10):
/// a bulk edit of about 10,000 matching rows in the measured store; a bank CSV import with 50
/// rules beside the same import with none; cleaning every row's descriptor into a payee.
struct ActionsRun {
    let store: TransactionStore
    let drafts: [TransactionDraft]
    let scan: PlainScan
    let quick: Bool

    /// The rows a bulk edit aims at: docs/SPEC.md section 5 says 10,000.
    static let bulkRows = 10_000
    /// Rules in the import with rules.
    static let ruleCount = 50

    func measure() throws -> BenchReport.Actions {
        var figures = BenchReport.Actions()
        try measureBulkEdits(into: &figures)
        try measureImports(into: &figures)
        measureCleaning(into: &figures)
        return figures
    }

    /// The bulk edits alone (`bench --profile bulk-edits`).
    func measureBulkEditsOnly() throws -> BenchReport.Actions {
        var figures = BenchReport.Actions()
        try measureBulkEdits(into: &figures)
        return figures
    }

    /// Edits the oldest days' rows (about 10,000: whole days, so a few more) again and again,
    /// alternating two categories so that every edit changes every row. The first edit's rows
    /// are checked against the plain scan's.
    private func measureBulkEdits(into figures: inout BenchReport.Actions) throws {
        // The oldest days, as many as hold 10,000 rows (the store's own day groups say).
        var lastDay: CalendarDay?
        var rows = 0
        for group in store.search(Query(grouping: .day, sort: .dateAscending, limit: 0)).groups where rows < ActionsRun.bulkRows {
            guard case .day(let day) = group.key else { continue }
            rows += group.aggregate.count
            lastDay = day
        }
        guard let lastDay else { return }
        var query = Query(limit: 0)
        query.filters.to = lastDay
        let expected = Set(scan.matchingTransactions(query, today: store.today, exactly: true).map(\.id))
        let edits = quick ? 3 : 21
        for round in 0..<edits {
            var patch = TransactionPatch()
            patch.category = .set(round % 2 == 0 ? "Bench Groceries" : "Bench Household")
            var change: BulkChange?
            figures.bulkEditMilliseconds.append(try microseconds { change = try store.update(matching: query, patch) } / 1000)
            guard let change else { continue }
            if round == 0 {
                figures.bulkEditRows = change.rows.count
                let changed = Set(change.rows.map(\.after.id))
                if changed.count + change.unchanged != expected.count || !changed.isSubset(of: expected) {
                    figures.mismatches.append("bulk edit: \(changed.count) rows changed, \(change.unchanged) unchanged; the plain scan matches \(expected.count)")
                }
            }
        }
        // Put the store back as it was for what is measured after (the undo steps are the edits').
        for _ in 0..<edits { try store.undo() }
    }

    /// A bank CSV of the rows (at most 100,000) imported into an empty store with no rules and
    /// with 50: rules on the most common merchants' first words, some with an amount or an OR,
    /// as a person writes them. Rounds alternate, so a slow spell of the host falls on both.
    private func measureImports(into figures: inout BenchReport.Actions) throws {
        let rows = Array(drafts.prefix(100_000))
        let bytes = StatementFileWriter.write(rows, as: .bankCSV, timeZone: .utc)
        let rules = ActionsRun.rules(for: rows)
        figures.importRows = rows.count
        for _ in 0..<(quick ? 1 : 5) {
            for withRules in [false, true] {
                let target = TransactionStore()
                if withRules { try target.setRules(rules) }
                var report: ImportReport?
                let time = try microseconds { report = try target.importStatement(from: bytes, options: ImportOptions(format: .bankCSV)) } / 1000
                guard let report, report.addedIDs.count == rows.count else { throw BenchFailure("bank CSV import: not every row added") }
                if withRules {
                    figures.importWithRulesMilliseconds.append(time)
                    figures.rowsChangedByRules = report.changedByRules
                } else {
                    figures.importMilliseconds.append(time)
                }
            }
        }
    }

    /// 50 rules over the data's most common merchants.
    static func rules(for rows: [TransactionDraft]) -> [Rule] {
        var counts: [String: Int] = [:]
        for row in rows {
            guard let word = row.merchant.split(separator: " ").first.map(String.init), word.count >= 3,
                  word.allSatisfy({ $0.isLetter }) else { continue }
            counts[word.lowercased(), default: 0] += 1
        }
        let words = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(2 * ruleCount).map(\.key)
        var rules: [Rule] = []
        for index in 0..<min(ruleCount, words.count) {
            let word = words[index]
            let search: String
            switch index % 3 {
            case 0: search = "merchant:\(word)"
            case 1: search = "merchant:\(word) amount>20"
            default: search = index + ruleCount < words.count ? "merchant:\(word) OR merchant:\(words[index + ruleCount])" : "merchant:\(word)"
            }
            let action: RuleAction = index % 4 == 3 ? .addTag("#rule\(index)") : .set(.category, "Rule \(index)")
            rules.append(Rule(name: "rule-\(index)", search: search, actions: [action]))
        }
        return rules
    }

    /// Every row's descriptor cleaned into a payee, once: descriptors a second.
    private func measureCleaning(into figures: inout BenchReport.Actions) {
        let cleaner = PayeeCleaner()
        let merchants = drafts.map(\.merchant)
        var characters = 0
        figures.cleanedDescriptors = merchants.count
        figures.cleaningMilliseconds = microseconds {
            for merchant in merchants { characters &+= cleaner.clean(merchant).payee.utf8.count }
        } / 1000
        if characters == 0 && !merchants.isEmpty { figures.mismatches.append("payee cleaning: every payee empty") }
    }
}
