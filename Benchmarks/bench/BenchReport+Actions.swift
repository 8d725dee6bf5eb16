import Foundation

extension BenchReport {
    /// Acting on searches and cleaning payees (`ActionsRun`).
    struct Actions: Encodable {
        /// The rows the bulk edit changed (whole days up to about 10,000).
        var bulkEditRows = 0
        /// Each bulk edit, in milliseconds (it changes every row it matches).
        var bulkEditMilliseconds: [Double] = []
        /// Rows of the bank CSV imported with and without rules.
        var importRows = 0
        var importMilliseconds: [Double] = []
        var importWithRulesMilliseconds: [Double] = []
        var rowsChangedByRules = 0
        /// Every row's descriptor cleaned once.
        var cleanedDescriptors = 0
        var cleaningMilliseconds = 0.0
        var mismatches: [String] = []

        var bulkEdit: Percentiles { Percentiles(bulkEditMilliseconds) }
        var importMedian: Double { Percentiles(importMilliseconds).p50 }
        var importWithRulesMedian: Double { Percentiles(importWithRulesMilliseconds).p50 }
        /// The part of an import that cleaning payees takes, at the measured rate.
        var cleaningPerImport: Double {
            cleaningMilliseconds * Double(importRows) / Double(max(cleanedDescriptors, 1))
        }
        /// The import with payees cleaned and 50 rules over the same import without either:
        /// the import with no rules less its rows' cleaning (the store always cleans payees).
        var importRatio: Double { importWithRulesMedian / max(importMedian - cleaningPerImport, 0.001) }
        var descriptorsPerSecond: Double { Double(cleanedDescriptors) / max(cleaningMilliseconds / 1000, 1e-9) }
    }

    /// The lines of `Actions` for docs/SPEC.md section 5.
    func actionSpecLines(_ actions: Actions) -> [SpecLine] {
        [
            SpecLine(measure: "bulk edit of \(actions.bulkEditRows) rows, p99", value: actions.bulkEdit.p99, unit: "ms", must: 50, aim: 10,
                     higherIsBetter: false, judgedOnlyAt: data.rows < 1_000_000 ? "judged at 1,000,000 rows" : nil),
            SpecLine(measure: "import, payees and 50 rules vs without", value: actions.importRatio, unit: "x", must: 1.5, aim: 1.1,
                     higherIsBetter: false, judgedOnlyAt: actions.importRows < 100_000 ? "judged at 100,000 rows" : nil),
        ]
    }

    /// The text lines of `Actions`.
    func actionLines(_ actions: Actions) -> [String] {
        let bulk = actions.bulkEdit
        return [
            "",
            "Acting on searches: a bulk edit of \(actions.bulkEditRows) rows (the oldest days) in \(data.rows) rows, \(bulk.count) times:"
                + String(format: " p50 %.1f ms, p99 %.1f ms, max %.1f ms", bulk.p50, bulk.p99, bulk.max),
            String(format: "  bank CSV of %d rows: import %.1f ms; with %d rules %.1f ms (%d rows changed by rules);",
                   actions.importRows, actions.importMedian, ActionsRun.ruleCount, actions.importWithRulesMedian, actions.rowsChangedByRules)
                + String(format: " payee cleaning %.1f ms of it: %.2fx the import without payees and rules", actions.cleaningPerImport, actions.importRatio),
            String(format: "  payee cleaning: %d descriptors in %.1f ms, %.2f million a second", actions.cleanedDescriptors,
                   actions.cleaningMilliseconds, actions.descriptorsPerSecond / 1e6),
        ]
    }
}
