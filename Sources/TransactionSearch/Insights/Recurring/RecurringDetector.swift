/// Finds recurring series (subscriptions, rent, salaries, insurance, utilities) in a person's
/// transactions.
///
/// Rows are grouped by payee key, currency and direction; inside a group by amount (one payee can
/// hold several series); each group is fitted against every cadence (weekly, biweekly,
/// semimonthly, monthly, every 2, 3, 4 or 6 months, yearly) with day drift, weekend shifting,
/// end-of-month anchors, missed occurrences and price changes. Habits (daily coffee, weekly
/// groceries of varying amounts, irregular shopping) are rejected. DESIGN.md explains the
/// algorithm and every threshold.
struct RecurringDetector: Sendable {
    /// A detector with the thresholds of `RecurringTuning`.
    init() {}

    /// The series in `candidates`, ordered by payee, cadence, then amount.
    ///
    /// - Parameter today: days since 1970-01-01; a series is active when its last occurrence is
    ///   at most one missed occurrence behind it. Ended series are reported, inactive.
    func series(in candidates: [RecurringCandidate], today: Int32) -> [DetectedSeries] {
        guard candidates.count >= 2 else { return [] }
        let ledger = RecurringLedger(candidates)
        var searcher = RecurringSearcher(ledger: ledger)
        var consumed = [Bool](repeating: false, count: ledger.day.count)
        var result: [DetectedSeries] = []
        for subset in ledger.subsets where subset.count >= 2 {
            for fit in searcher.process(subset, consumed: &consumed) {
                result.append(SeriesAssembly.series(fit, subset: subset, ledger: ledger, candidates: candidates, today: Int(today)))
            }
        }
        return SeriesAssembly.ordered(result)
    }
}
