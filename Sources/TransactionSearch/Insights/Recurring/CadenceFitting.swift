/// The best schedule of one cadence for a cluster, and the series it yields.
struct CadenceFit {
    /// The schedule evaluated.
    let schedule: CadenceSchedule
    /// The accepted series (one per run that passed `SeriesAcceptance`).
    var fits: [SeriesFit] = []
    /// Σ (2 · count − missed − 2 · foreign) over the accepted series: rows explained, less
    /// what the schedule failed to explain.
    var score = 0
    /// Rows matched in runs of two or more, accepted or not: the tie-break when none is accepted.
    var matched = 0
    /// Σ |offset| of the accepted members: the tie-break between equal scores.
    var totalOffset = 0
    /// Whether a run of three or more rows, missing at most half as many slots (plus two), has
    /// amounts close enough to be a series, or, for an
    /// every-N-months or yearly rule in a cluster of 16 rows or fewer, a run took half the rows.
    /// Moving the anchor is worth an evaluation only then (a drifting series caught off-centre
    /// comes together; a few yearly rows drifting ±7 days may need the move) or when a series
    /// was accepted (to centre it); a run of irregular amounts would fail again.
    var promising = false
    /// Moves of the anchor worth trying next (for a twice-monthly rule, of each anchor): the
    /// members' median offset, and the midpoint (rounded down, and up; of the offsets from the
    /// due day or from its weekend Friday and Monday) of every row within twice the tolerance,
    /// which recentres a window that caught only part of a drifting series.
    var shifts: [(first: Int, second: Int)] = []

    /// Whether this fit explains the cluster better than `other`.
    func isBetter(than other: CadenceFit) -> Bool {
        if score != other.score { return score > other.score }
        if matched != other.matched { return matched > other.matched }
        return totalOffset < other.totalOffset
    }
}

extension RecurringSearcher {
    /// The best schedule of `cadence` for `rows` (day order), or nil when it yields no series.
    ///
    /// A histogram of the rows' days (modulo the period, of the month, or of the months
    /// cycle) gives the anchor covering the most rows within the tolerance; the fit is then
    /// refined by moving the anchor (see `CadenceFit.shifts`, at most three rounds), and a
    /// monthly anchor on the 27th-30th is also tried as the last day of the month.
    mutating func fit(_ cadence: RecurringCadence, _ rows: [Int32]) -> CadenceFit? {
        guard let start = initialSchedule(cadence, rows) else { return nil }
        var best = evaluate(start, rows)
        var tried = [start]
        for _ in 0..<3 {
            var improved: CadenceFit?
            for shift in best.shifts where shift.first != 0 || shift.second != 0 {
                guard let next = best.schedule.moved(by: shift.first, secondBy: shift.second), !tried.contains(next) else { continue }
                tried.append(next)
                let candidate = evaluate(next, rows)
                if candidate.isBetter(than: improved ?? best) { improved = candidate }
            }
            guard let improved else { break }
            let gainedRows = improved.score != best.score || improved.matched != best.matched
            best = improved
            // A move that only centred the same rows is not followed by another.
            if !gainedRows { break }
        }
        if let lastDay = RecurringSearcher.lastDayVariant(of: best.schedule), !tried.contains(lastDay) {
            let candidate = evaluate(lastDay, rows)
            if candidate.isBetter(than: best) { best = candidate }
        }
        return best.fits.isEmpty ? nil : best
    }

    /// Matches `rows` to `schedule` and accepts its runs.
    mutating func evaluate(_ schedule: CadenceSchedule, _ rows: [Int32]) -> CadenceFit {
        match(schedule, rows)
        var result = CadenceFit(schedule: schedule)
        let span = rows.isEmpty ? 0 : Int(ledger.day[Int(rows[rows.count - 1])]) - Int(ledger.day[Int(rows[0])])
        for run in runs {
            let count = run.end - run.start
            result.matched += count
            let missed = matchedSlots[run.end - 1] - matchedSlots[run.start] + 1 - count
            let plausible = SeriesAcceptance.plausible(schedule.cadence, count: count, missed: missed, foreign: run.foreign, pairs: acceptsPairs)
            if !result.promising, count >= RecurringTuning.minimumFixedCount, missed <= count / 2 + 2, amountsAreClose(run) {
                result.promising = true
            }
            if rows.count <= 16, 2 * count >= rows.count, schedule.cadence.isMonthCycle { result.promising = true }
            guard plausible,
                  SeriesSignificance.isSignificant(
                    count: count, missed: missed, tolerance: schedule.tolerance, background: rows.count - count,
                    span: span, alpha: SeriesSignificance.searchAlpha)
            else { continue }
            let members = Array(matchedRows[run.start..<run.end])
            let amounts = members.map { ledger.amount[Int($0)] }
            let days = members.map { ledger.day[Int($0)] }
            guard let model = SeriesAcceptance.model(
                schedule.cadence, count: count, missed: missed, foreign: run.foreign, pairs: acceptsPairs,
                amounts: amounts, days: days)
            else { continue }
            let segment = SeriesSegment(
                members: members, offsets: Array(matchedOffsets[run.start..<run.end]),
                slots: Array(matchedSlots[run.start..<run.end]), foreign: run.foreign)
            result.fits.append(SeriesFit(schedule: schedule, segment: segment, model: model))
            result.score += 2 * count - missed - 2 * run.foreign
            result.totalOffset += segment.totalOffset
        }
        // Refinement is worth its cost only where a run came close to a series, and not where
        // one series already takes every row, none at the edge of the tolerance.
        let complete = result.score == 2 * rows.count
            && result.fits.allSatisfy { $0.segment.offsets.allSatisfy { abs($0) < schedule.tolerance } }
        if result.promising || !result.fits.isEmpty, !complete {
            let midpoint = midpointOffsets(result.schedule, rows, raw: false)
            result.shifts = [medianOffsets(result), midpoint.low, midpoint.high]
            if result.schedule.movesOffWeekends {
                let rawMidpoint = midpointOffsets(result.schedule, rows, raw: true)
                result.shifts += [rawMidpoint.low, rawMidpoint.high]
            }
        }
        return result
    }

    /// The median offsets of the accepted members, else of all runs, else of all matches.
    private func medianOffsets(_ result: CadenceFit) -> (first: Int, second: Int) {
        // Matched offsets lie within the tolerance: count them instead of sorting.
        let tolerance = result.schedule.tolerance
        let twice: Bool
        if case .twiceMonthly = result.schedule.rule { twice = true } else { twice = false }
        var counts = [Int](repeating: 0, count: 2 * (2 * tolerance + 1))
        /// Counts `offset` for the anchor of `slot`.
        func add(_ offset: Int, _ slot: Int) {
            let side = twice && slot & 1 == 1 ? 2 * tolerance + 1 : 0
            counts[side + min(max(offset, -tolerance), tolerance) + tolerance] += 1
        }
        if !result.fits.isEmpty {
            for fit in result.fits {
                for (offset, slot) in zip(fit.segment.offsets, fit.segment.slots) { add(offset, slot) }
            }
        } else if !runs.isEmpty {
            for run in runs { for index in run.start..<run.end { add(matchedOffsets[index], matchedSlots[index]) } }
        } else {
            for index in matchedOffsets.indices { add(matchedOffsets[index], matchedSlots[index]) }
        }
        /// The lower median of the offsets counted from `side`.
        func median(_ side: Int) -> Int {
            let total = counts[side..<(side + 2 * tolerance + 1)].reduce(0, +)
            guard total > 0 else { return 0 }
            var seen = 0
            for index in 0...(2 * tolerance) {
                seen += counts[side + index]
                if 2 * seen >= total { return index - tolerance }
            }
            return 0
        }
        return (median(0), median(2 * tolerance + 1))
    }

    /// Whether the amounts of a run of the last matching are all within a factor 2.25 of each
    /// other, as a series' amounts are (a band within 1.5 of its median, a price step at most
    /// doubling).
    private func amountsAreClose(_ run: SlotRun) -> Bool {
        var low = UInt64.max, high = UInt64(0)
        for index in run.start..<run.end {
            let magnitude = ledger.amount[Int(matchedRows[index])].magnitude
            low = min(low, magnitude)
            high = max(high, magnitude)
        }
        return Double(high) <= 2.25 * Double(low)
    }

    /// The midpoint of the offsets of the rows of the last matching (`rows`) within twice the
    /// tolerance, rounded down and up (a weekend due day makes offsets one or two days shorter
    /// on one side, so either may be the better centre). `raw`: offsets from the due day itself,
    /// not from its Friday or Monday, which recentres a drifting series better.
    private func midpointOffsets(_ schedule: CadenceSchedule, _ rows: [Int32], raw: Bool) -> (low: (first: Int, second: Int), high: (first: Int, second: Int)) {
        var low = (Int.max, Int.max), high = (Int.min, Int.min)
        let twice: Bool
        if case .twiceMonthly = schedule.rule { twice = true } else { twice = false }
        for index in slotBuffer.indices where abs(offsetBuffer[index]) <= 2 * schedule.tolerance {
            let offset = raw ? Int(ledger.day[Int(rows[index])]) - schedule.nominal(slot: slotBuffer[index]) : offsetBuffer[index]
            if twice, slotBuffer[index] & 1 == 1 {
                low.1 = min(low.1, offset)
                high.1 = max(high.1, offset)
            } else {
                low.0 = min(low.0, offset)
                high.0 = max(high.0, offset)
            }
        }
        let sum = (low.0 <= high.0 ? low.0 + high.0 : 0, low.1 <= high.1 ? low.1 + high.1 : 0)
        return ((floorDiv(sum.0, 2), floorDiv(sum.1, 2)), (floorDiv(sum.0 + 1, 2), floorDiv(sum.1 + 1, 2)))
    }

    /// A month-based schedule on the 27th-30th moved to the 31st (the last day), or nil.
    private static func lastDayVariant(of schedule: CadenceSchedule) -> CadenceSchedule? {
        switch schedule.rule {
        case .months(let step, let phase, let anchor) where (27...30).contains(anchor):
            return CadenceSchedule(.months(step: step, phase: phase, anchor: 31))
        case .twiceMonthly(let first, let second) where (27...30).contains(second):
            return CadenceSchedule.twiceMonthly(first, 31)
        default:
            return nil
        }
    }

    /// The first schedule of `cadence` for `rows`, from the peak of a histogram of their days;
    /// nil for a twice-monthly rule without a second peak.
    mutating func initialSchedule(_ cadence: RecurringCadence, _ rows: [Int32]) -> CadenceSchedule? {
        let radius = RecurringTuning.tolerance(cadence)
        switch cadence {
        case .weekly, .biweekly:
            let period = cadence == .weekly ? 7 : 14
            resetHistogram(period)
            for position in rows { histogram[floorMod(Int(ledger.day[Int(position)]), period)] += 1 }
            return CadenceSchedule(.days(period: period, phase: peak(bins: period, radius: radius).center))
        case .semimonthly:
            resetHistogram(31)
            for position in rows { histogram[Int(ledger.dayOfMonth[Int(position)]) - 1] += 1 }
            let first = peak(bins: 31, radius: radius)
            let second = peak(bins: 31, radius: radius, awayFrom: first.center, by: 10)
            guard second.count >= 1 else { return nil }
            return CadenceSchedule.twiceMonthly(first.center + 1, second.center + 1)
        case .monthly, .everyMonths, .yearly:
            let step: Int
            switch cadence {
            case .everyMonths(let months): step = months
            case .yearly: step = 12
            default: step = 1
            }
            let bins = step * 31
            resetHistogram(bins)
            for position in rows {
                let index = Int(position)
                histogram[floorMod(Int(ledger.monthIndex[index]), step) * 31 + Int(ledger.dayOfMonth[index]) - 1] += 1
            }
            let center = peak(bins: bins, radius: radius).center
            return CadenceSchedule(.months(step: step, phase: center / 31, anchor: center % 31 + 1))
        }
    }

    /// Clears the first `bins` histogram bins.
    private mutating func resetHistogram(_ bins: Int) {
        if histogram.count < bins { histogram = [Int32](repeating: 0, count: bins) }
        for index in 0..<bins { histogram[index] = 0 }
    }

    /// The center of the circular window of ±`radius` bins holding the most rows (ties: the
    /// fuller center bin, then the lowest), optionally at least `distance` bins from `excluded`.
    private func peak(bins: Int, radius: Int, awayFrom excluded: Int? = nil, by distance: Int = 0) -> (center: Int, count: Int) {
        histogram.withUnsafeBufferPointer { histogram in
            var window: Int32 = 0
            for offset in -radius...radius { window += histogram[floorMod(offset, bins)] }
            var best = (center: -1, count: Int32(-1), exact: Int32(-1))
            var leaving = floorMod(-radius, bins)     // the bin that leaves when the centre moves on
            var entering = floorMod(radius + 1, bins) // the bin that enters
            for center in 0..<bins {
                if center > 0 {
                    window -= histogram[leaving]
                    window += histogram[entering]
                    leaving = leaving + 1 == bins ? 0 : leaving + 1
                    entering = entering + 1 == bins ? 0 : entering + 1
                }
                if let excluded {
                    let gap = abs(center - excluded)
                    if min(gap, bins - gap) < distance { continue }
                }
                let exact = histogram[center]
                if window > best.count || (window == best.count && exact > best.exact) {
                    best = (center, window, exact)
                }
            }
            return (max(best.center, 0), Int(max(best.count, 0)))
        }
    }
}
