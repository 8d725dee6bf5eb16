extension RecurringSearcher {
    /// Drops the series of a subset that are not significant against the rows that no series of
    /// the subset explains (see `SeriesSignificance`), or that are a stretch of a longer habit (see
    /// `isEmbedded`), until every one left passes. Dropping one returns its rows to the
    /// background of the others, hence the loop.
    ///
    /// This is the final test: while searching, a cluster's other rows all count as background,
    /// which would wrongly weaken three policies of one insurer found one after the other; here
    /// only rows no series explains do.
    mutating func validate(_ fits: inout [SeriesFit], in subset: LedgerSubset, consumed: inout [Bool]) {
        guard !fits.isEmpty else { return }
        let span = Int(ledger.day[subset.end - 1]) - Int(ledger.day[subset.start])
        while true {
            var failing: [Int] = []
            for (index, fit) in fits.enumerated() {
                if isEmbedded(fit, in: subset, consumed: consumed) {
                    failing.append(index)
                    continue
                }
                let background = unexplainedRows(like: fit, in: subset, consumed: consumed)
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
    private func isEmbedded(_ fit: SeriesFit, in subset: LedgerSubset, consumed: [Bool]) -> Bool {
        if fit.segment.count < RecurringTuning.minimumFixedCount {
            let first = Int(ledger.day[Int(fit.segment.members[0])])
            let last = Int(ledger.day[Int(fit.segment.members[fit.segment.count - 1])])
            var between = 0
            for position in subset.start..<subset.end where !consumed[position] {
                let day = Int(ledger.day[position])
                if day > first, day < last { between += 1 }
            }
            return between > 2
        }
        guard fit.model.kind == .banded else { return false }
        let ratio = RecurringTuning.neighborhoodRatio
        let low = Double(min(fit.model.minimum.magnitude, fit.model.maximum.magnitude)) / ratio
        let high = Double(max(fit.model.minimum.magnitude, fit.model.maximum.magnitude)) * ratio
        let reach = 2 * RecurringTuning.period(fit.schedule.cadence)
        let first = Int(ledger.day[Int(fit.segment.members[0])])
        let last = Int(ledger.day[Int(fit.segment.members[fit.segment.count - 1])])
        var around = 0, alike = 0
        for position in subset.start..<subset.end where !consumed[position] {
            let magnitude = Double(ledger.amount[position].magnitude)
            guard magnitude >= low, magnitude <= high else { continue }
            alike += 1
            let day = Int(ledger.day[position])
            if (day < first && day >= first - reach) || (day > last && day <= last + reach) { around += 1 }
        }
        return around >= 2 || alike >= fit.segment.count
    }

    /// The rows of `subset` that no series explains (not `consumed`) with an amount like
    /// `fit`'s: within `RecurringTuning.neighborhoodRatio` of one of its levels when fixed or stepped;
    /// any amount when it varies, because a band chosen after the fact around a few irregular
    /// rows (one of forty random shops) says nothing, while an exact amount does.
    private func unexplainedRows(like fit: SeriesFit, in subset: LedgerSubset, consumed: [Bool]) -> Int {
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
        var count = 0
        for position in subset.start..<subset.end where !consumed[position] {
            let magnitude = Double(ledger.amount[position].magnitude)
            if ranges.contains(where: { magnitude >= $0.low && magnitude <= $0.high }) { count += 1 }
        }
        return count
    }
}
