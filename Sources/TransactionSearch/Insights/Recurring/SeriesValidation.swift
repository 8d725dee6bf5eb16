extension RecurringSearcher {
    /// Drops the series of a subset that are not significant against the rows that no series of
    /// the subset explains (see `SeriesSignificance`), or that are a stretch of a longer habit (see
    /// `isEmbedded`), until every one left passes. Dropping one returns its rows to the
    /// background of the others, hence the loop.
    ///
    /// This is the final test: while searching, a cluster's other rows all count as background,
    /// which would wrongly weaken three policies of one insurer found one after the other; here
    /// only rows no series explains do.
    ///
    /// `order` is the subset's positions in amount order (`RecurringLedger.amountOrder`).
    mutating func validate(_ fits: inout [SeriesFit], in subset: LedgerSubset, order: [Int32], consumed: inout [Bool]) {
        guard !fits.isEmpty else { return }
        let span = Int(ledger.day[subset.end - 1]) - Int(ledger.day[subset.start])
        while true {
            var failing: [Int] = []
            let unexplained = UnexplainedRows(subset, order: order, ledger: ledger, consumed: consumed)
            for (index, fit) in fits.enumerated() {
                if isEmbedded(fit, among: unexplained, consumed: consumed) {
                    failing.append(index)
                    continue
                }
                let background = unexplainedRows(like: fit, among: unexplained)
                if !SeriesSignificance.isSignificant(
                    count: fit.segment.count, missed: fit.segment.missed, tolerance: fit.schedule.tolerance,
                    background: background, span: span, alpha: SeriesSignificance.finalAlpha)
                {
                    failing.append(index)
                }
            }
            if failing.isEmpty { return }
            for index in failing.reversed() {
                for member in fits[index].segment.members { consumed[Int(member)] = false }
                fits.remove(at: index)
            }
        }
    }

    /// Drops, before the merge, the fixed and stepped series that the final test must reject
    /// whatever they are joined with: rows like theirs that no series explains are so many that
    /// one falls in any due-day window (chance 1 even for the narrowest window, a weekly
    /// series' 3 days). A join keeps their amounts, so its background holds theirs; the merge
    /// and the final test only ever return rows to the background. In a payee of a hundred rows
    /// a day (a supermarket at a million rows) that is every chance series, and the merge no
    /// longer joins thousands of them into price-changing ones only to drop them after (which
    /// also took a real series down with the chance one it joined).
    mutating func dropHopeless(_ fits: inout [SeriesFit], in subset: LedgerSubset, order: [Int32], consumed: inout [Bool]) {
        guard !fits.isEmpty else { return }
        let span = max(Int(ledger.day[subset.end - 1]) - Int(ledger.day[subset.start]), 1)
        let unexplained = UnexplainedRows(subset, order: order, ledger: ledger, consumed: consumed)
        let narrowestWindow = 2 * RecurringTuning.tolerance(.weekly) + 1
        // Judged against the rows unexplained before any is dropped (the final test's least).
        fits.removeAll { fit in
            guard fit.model.kind != .banded, unexplainedRows(like: fit, among: unexplained) * narrowestWindow >= span else { return false }
            for member in fit.segment.members { consumed[Int(member)] = false }
            return true
        }
    }

    /// Whether a series of varying amount is a stretch of a longer irregular habit: rows that no
    /// series explains, of amounts in its range (±10%), are as many as its occurrences, or two
    /// of them lie within two periods before its first or after its last occurrence. A haircut
    /// every four to seven weeks at varying prices now and then lines up with a monthly schedule
    /// for half a year; a utility bill has no such rows around it. (The significance test
    /// assumes unexplained rows fall at random days; a habit's regular-ish gaps align far more
    /// often.)
    ///
    /// A yearly pair is likewise taken for chance when more than two rows that no series
    /// explains (of any amount) lie between its two occurrences: two equal purchases a year
    /// apart among a shop's many random ones.
    private func isEmbedded(_ fit: SeriesFit, among unexplained: UnexplainedRows, consumed: [Bool]) -> Bool {
        let subset = unexplained.subset
        if fit.segment.count < RecurringTuning.minimumFixedCount {
            let first = Int(ledger.day[Int(fit.segment.members[0])])
            let last = Int(ledger.day[Int(fit.segment.members[fit.segment.count - 1])])
            guard last - first > 1 else { return false }
            let between = ledger.firstPosition(in: subset, onOrAfter: first + 1)..<ledger.firstPosition(in: subset, onOrAfter: last)
            return unexplained.count(positions: between) > 2
        }
        guard fit.model.kind == .banded else { return false }
        let ratio = RecurringTuning.neighborhoodRatio
        let low = Double(min(fit.model.minimum.magnitude, fit.model.maximum.magnitude)) / ratio
        let high = Double(max(fit.model.minimum.magnitude, fit.model.maximum.magnitude)) * ratio
        let reach = 2 * RecurringTuning.period(fit.schedule.cadence)
        let first = Int(ledger.day[Int(fit.segment.members[0])])
        let last = Int(ledger.day[Int(fit.segment.members[fit.segment.count - 1])])
        if unexplained.count(magnitudesIn: [(low, high)]) >= fit.segment.count { return true }
        // Only the rows of the two stretches of days around the series are looked at.
        var around = 0
        let before = ledger.firstPosition(in: subset, onOrAfter: first - reach)..<ledger.firstPosition(in: subset, onOrAfter: first)
        let after = ledger.firstPosition(in: subset, onOrAfter: last + 1)..<ledger.firstPosition(in: subset, onOrAfter: last + reach + 1)
        for stretch in [before, after] {
            for position in stretch where !consumed[position] {
                let magnitude = Double(ledger.amount[position].magnitude)
                if magnitude >= low, magnitude <= high { around += 1 }
            }
        }
        return around >= 2
    }

    /// The rows of `subset` that no series explains (not `consumed`) with an amount like
    /// `fit`'s: within `RecurringTuning.neighborhoodRatio` of one of its levels when fixed or stepped;
    /// any amount when it varies, because a band chosen after the fact around a few irregular
    /// rows (one of forty random shops) says nothing, while an exact amount does.
    private func unexplainedRows(like fit: SeriesFit, among unexplained: UnexplainedRows) -> Int {
        var ranges: [(low: Double, high: Double)] = []
        let ratio = RecurringTuning.neighborhoodRatio
        switch fit.model.kind {
        case .fixed, .stepped:
            var levels: [Int64] = []
            for member in fit.segment.members where !levels.contains(ledger.amount[Int(member)]) {
                levels.append(ledger.amount[Int(member)])
            }
            ranges = levels.map { (Double($0.magnitude) / ratio, Double($0.magnitude) * ratio) }
        case .banded:
            ranges = [(0, Double.infinity)]
        }
        return unexplained.count(magnitudesIn: ranges)
    }
}
