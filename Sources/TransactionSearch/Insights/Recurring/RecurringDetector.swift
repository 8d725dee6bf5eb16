import Dispatch

/// Finds recurring series (subscriptions, rent, salaries, insurance, utilities) in a person's
/// transactions.
///
/// Rows are grouped by payee key, currency and direction; inside a group by amount (one payee can
/// hold several series); each group is fitted against every cadence (weekly, biweekly,
/// semimonthly, monthly, every 2, 3, 4 or 6 months, yearly) with day drift, weekend shifting,
/// end-of-month anchors, missed occurrences and price changes. Habits (daily coffee, weekly
/// groceries of varying amounts, irregular shopping) are rejected. DESIGN.md explains the
/// algorithm and every threshold. Groups are independent: from `parallelMinimum` rows they are
/// dealt to two threads, and the answer is the one a single thread gives.
struct RecurringDetector: Sendable {
    /// Rows from which the subsets are searched on two threads.
    let parallelMinimum: Int

    /// A detector with the thresholds of `RecurringTuning`; `parallelMinimum` rows from which
    /// it searches on two threads (the tests set it to compare both ways).
    init(parallelMinimum: Int = RecurringDetector.defaultParallelMinimum) {
        self.parallelMinimum = parallelMinimum
    }

    /// The series in `candidates`, ordered by payee, cadence, then amount.
    ///
    /// - Parameter today: days since 1970-01-01; a series is active when its last occurrence is
    ///   at most one missed occurrence behind it. Ended series are reported, inactive.
    func series(in candidates: [RecurringCandidate], today: Int32) -> [DetectedSeries] {
        series(in: RecurringInput(candidates), today: today)
    }

    /// The series in `input`, ordered by payee, cadence, then amount; see `series(in:today:)`.
    func series(in input: RecurringInput, today: Int32) -> [DetectedSeries] {
        guard input.count >= 2 else { return [] }
        let ledger = RecurringLedger(input)
        let shares = shares(of: ledger.subsets.indices.filter { ledger.subsets[$0].count >= 2 }, in: ledger)
        var found = [[(subset: Int, series: DetectedSeries)]](repeating: [], count: shares.count)
        /// Searches the subsets of one share with its own scratch state; the series of each
        /// subset in the order they are found.
        func search(_ share: [Int]) -> [(subset: Int, series: DetectedSeries)] {
            var searcher = RecurringSearcher(ledger: ledger)
            var consumed = [Bool](repeating: false, count: ledger.day.count)
            var result: [(subset: Int, series: DetectedSeries)] = []
            for index in share {
                let subset = ledger.subsets[index]
                for fit in searcher.process(subset, consumed: &consumed) {
                    result.append((index, SeriesAssembly.series(fit, subset: subset, ledger: ledger, input: input, today: Int(today))))
                }
            }
            return result
        }
        if shares.count == 1 {
            found[0] = search(shares[0])
        } else {
            found.withUnsafeMutableBufferPointer { slots in
                // Each share writes only its own slot; the ledger and the input are only read.
                nonisolated(unsafe) let slots = slots
                nonisolated(unsafe) let search = search
                DispatchQueue.concurrentPerform(iterations: shares.count) { part in slots[part] = search(shares[part]) }
            }
        }
        // Back in subset order, as one thread finds them, before the result order is applied
        // (a subset is in one share only, so each keeps its own order).
        var bySubset = [[DetectedSeries]](repeating: [], count: ledger.subsets.count)
        for item in found.joined() { bySubset[item.subset].append(item.series) }
        return SeriesAssembly.ordered(Array(bySubset.joined()))
    }

    /// Rows from which the subsets are searched on two threads by default; below, waking one
    /// costs more than it saves.
    static let defaultParallelMinimum = 20_000

    /// The subsets (indices) dealt into one share per thread, largest first to the share with
    /// fewer rows, so both threads finish at about the same time; one share for few rows or one
    /// core. Subsets are independent: each touches only its own positions.
    func shares(of subsets: [Int], in ledger: RecurringLedger) -> [[Int]] {
        let rows = subsets.reduce(0) { $0 + ledger.subsets[$1].count }
        guard rows >= parallelMinimum, subsets.count > 1, ScanParallelism.hasSecondCore else { return [subsets] }
        var shares: [[Int]] = [[], []]
        var load = [0, 0]
        for index in subsets.sorted(by: { ledger.subsets[$0].count > ledger.subsets[$1].count }) {
            let lighter = load[0] <= load[1] ? 0 : 1
            shares[lighter].append(index)
            load[lighter] += ledger.subsets[index].count
        }
        return shares.map { $0.sorted() }
    }
}
