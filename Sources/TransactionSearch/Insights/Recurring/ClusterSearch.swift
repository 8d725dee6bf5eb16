extension RecurringSearcher {
    /// Finds every series in one amount cluster (`rows`: ledger positions in day order).
    ///
    /// Every cadence is fitted and the one explaining the most rows wins (see
    /// `CadenceFit.isBetter`); its series are taken out and the rest searched again, so one
    /// cluster can hold several series (a weekly and a monthly charge of the same amount, two
    /// yearly policies of one insurer). Necessary conditions keep this cheap: a cadence whose
    /// largest possible count cannot beat the best score so far is skipped, and so is one for
    /// which the cluster is far too dense (a daily coffee has 3 rows a week: any weekly or
    /// longer series in it would leave more foreign rows than allowed), or whose gaps (rows of
    /// one exact amount, `gapsAllow`) or chains of rows (varying amounts, `chainAllows`) leave
    /// no room for a series. `cadences` limits the cadences tried (the last pass looks for
    /// yearly pairs only).
    mutating func search(_ rows: [Int32], cadences: [RecurringCadence] = RecurringTuning.cadences, exactAmount: Bool = false) -> [SeriesFit] {
        var remaining = rows
        var found: [SeriesFit] = []
        while remaining.count >= 2 {
            let span = Int(ledger.day[Int(remaining[remaining.count - 1])]) - Int(ledger.day[Int(remaining[0])])
            var best: CadenceFit?
            for cadence in cadences {
                let bound = min(remaining.count, RecurringTuning.maximumCount(cadence, span: span))
                if bound < (cadence == .yearly && acceptsPairs ? 2 : RecurringTuning.minimumFixedCount) { continue }
                if let best, 2 * bound < best.score { continue }
                if RecurringSearcher.isTooDense(count: remaining.count, bound: bound, cadence) { continue }
                if exactAmount ? !gapsAllow(cadence, remaining) : !chainAllows(cadence, remaining) { continue }
                guard let candidate = fit(cadence, remaining) else { continue }
                if best.map({ candidate.isBetter(than: $0) }) ?? true { best = candidate }
            }
            guard let chosen = best else { break }
            let fits = yearlySplit(of: chosen) ?? chosen.fits
            var taken = fits.flatMap(\.segment.members)
            taken.sort()
            found += fits
            // Both in position (day) order: one merge-like pass.
            var next = 0
            remaining.removeAll { position in
                while next < taken.count, taken[next] < position { next += 1 }
                return next < taken.count && taken[next] == position
            }
        }
        return found
    }

    /// Whether the gaps between consecutive rows of one exact amount leave room for a series of
    /// a short cadence (weekly to monthly; for longer ones see `holdsChainOfThree`): three gaps in four are
    /// one or two periods long (within twice the tolerance), or ten in a row are, and gaps of one
    /// period are no fewer than gaps of two (a monthly series is not a biweekly one missing every
    /// other payment). Rows of one amount are mostly one series when they hold one, while the
    /// coffee bought at one price every twelfth day or so has gaps of every length. Same-day
    /// gaps (a duplicate) count neither way.
    func gapsAllow(_ cadence: RecurringCadence, _ rows: [Int32]) -> Bool {
        let windows: (Int, Int, Int, Int)
        switch cadence {
        case .weekly: windows = (5, 9, 12, 16)
        case .biweekly: windows = (10, 18, 24, 32)
        case .semimonthly: windows = (10, 21, 25, 36)
        case .monthly: windows = (24, 38, 54, 68)
        default: return holdsChainOfThree(cadence, rows)
        }
        var single = 0, double = 0, gaps = 0, chain = 0, longest = 0
        var previous = Int(ledger.day[Int(rows[0])])
        for position in rows.dropFirst() {
            let day = Int(ledger.day[Int(position)])
            let gap = day - previous
            previous = day
            if gap == 0 { continue }
            gaps += 1
            let isSingle = gap >= windows.0 && gap <= windows.1
            if isSingle || (gap >= windows.2 && gap <= windows.3) {
                if isSingle { single += 1 } else { double += 1 }
                chain += 1
                longest = max(longest, chain)
            } else {
                chain = 0
            }
        }
        return single >= double && (4 * (single + double) >= 3 * gaps || longest >= 10)
    }

    /// Whether rows of one exact amount hold three, each one or two periods of a month-based
    /// cadence (every N months, yearly) after the one before: what any accepted series of three
    /// or more needs, its consecutive occurrences being one or two slots apart. A slot's due days
    /// are 28·N to 31·N days apart (clamped anchors, the last-day variant included) and an
    /// occurrence sits within the tolerance of its due day or of the Friday before or Monday
    /// after it, so each gap is allowed 2·(tolerance + 2) days either way. The twelve rows of one
    /// price at a busy shop, spread over four years, seldom hold such a chain, and then no fit is
    /// tried (a payee with ten thousand such prices spent most of its detection fitting them).
    func holdsChainOfThree(_ cadence: RecurringCadence, _ rows: [Int32]) -> Bool {
        let months: Int
        switch cadence {
        case .everyMonths(let count): months = count
        case .yearly: months = 12
        default: return true
        }
        let margin = 2 * (RecurringTuning.tolerance(cadence) + 2)
        return holdsChain(rows, of: 3, gaps: (28 * months - margin)...(31 * months + margin), or: (56 * months - margin)...(62 * months + margin))
    }

    /// Whether rows of varying amounts hold a chain of `RecurringTuning.minimumFixedCount` rows (2 for a
    /// yearly pair in the last pass), each one
    /// period (within twice the tolerance) after the one before and within a factor 2.25 of its
    /// amount: what any series of the cadence needs, three occurrences in a row being the least
    /// it can show (a band keeps its amounts within 1.5 of its median, a price step at most
    /// doubles). Irregular shopping seldom has one for the shorter cadences, and then no fit is
    /// tried.
    func chainAllows(_ cadence: RecurringCadence, _ rows: [Int32]) -> Bool {
        let tolerance = RecurringTuning.tolerance(cadence)
        let (shortest, longest): (Int, Int)
        switch cadence {
        case .weekly: (shortest, longest) = (7, 7)
        case .biweekly: (shortest, longest) = (14, 14)
        case .semimonthly: (shortest, longest) = (10, 21)
        case .monthly: (shortest, longest) = (28, 31)
        case .everyMonths(let months): (shortest, longest) = (28 * months, 31 * months)
        case .yearly: (shortest, longest) = (365, 366)
        }
        let needed = cadence == .yearly && acceptsPairs ? 2 : RecurringTuning.minimumFixedCount
        let gaps = (shortest - 2 * tolerance)...(longest + 2 * tolerance)
        return holdsChain(rows, of: needed, gaps: gaps, or: gaps) { later, earlier in
            let amount = Double(ledger.amount[Int(later)].magnitude), other = Double(ledger.amount[Int(earlier)].magnitude)
            return max(amount, other) <= 2.25 * min(amount, other)
        }
    }

    /// Whether `rows` (day order) hold `needed` rows in a chain, each `gaps` or `otherGaps`
    /// days after the one before and `linked` to it (later row, earlier row).
    private func holdsChain(_ rows: [Int32], of needed: Int, gaps: ClosedRange<Int>, or otherGaps: ClosedRange<Int>,
                            linked: (Int32, Int32) -> Bool = { _, _ in true }) -> Bool {
        let longest = max(gaps.upperBound, otherGaps.upperBound)
        var lengths = [Int](repeating: 1, count: rows.count)
        for index in rows.indices.dropFirst() {
            let day = Int(ledger.day[Int(rows[index])])
            var earlier = index - 1
            while earlier >= 0 {
                let gap = day - Int(ledger.day[Int(rows[earlier])])
                if gap > longest { break }
                if lengths[earlier] + 1 > lengths[index], gaps.contains(gap) || otherGaps.contains(gap), linked(rows[index], rows[earlier]) {
                    lengths[index] = lengths[earlier] + 1
                    if lengths[index] >= needed { return true }
                }
                earlier -= 1
            }
        }
        return false
    }

    /// Whether `count` rows are too many for a cadence that can explain at most `bound` of
    /// them: the rows it cannot explain, spread evenly, would put more foreign rows in its
    /// windows than `RecurringTuning.allowedForeign` allows (with 2 rows of slack).
    static func isTooDense(count: Int, bound: Int, _ cadence: RecurringCadence) -> Bool {
        let coverage = min(1.0, Double(2 * RecurringTuning.foreignWindow(cadence) + 1) / Double(RecurringTuning.period(cadence)))
        return Double(count - bound) * coverage > Double(bound) / 4 + 2
    }

    /// The chosen every-N-months series cut into yearly ones, when its amounts say it is really
    /// 12/N yearly series on one day (three policies of one insurer on the 3rd of March, July and
    /// November): grouping the occurrences by their place in the year gives groups that are each
    /// tight (±10%) and steady or moving one way over the years, and clearly apart from each
    /// other (15%). Nil when not.
    mutating func yearlySplit(of chosen: CadenceFit) -> [SeriesFit]? {
        guard case .months(let step, _, _) = chosen.schedule.rule, (2...6).contains(step), 12 % step == 0 else { return nil }
        let groups = 12 / step
        var result: [SeriesFit] = []
        var changed = false
        for fit in chosen.fits {
            var parts = [[Int32]](repeating: [], count: groups)
            for (member, slot) in zip(fit.segment.members, fit.segment.slots) { parts[floorMod(slot, groups)].append(member) }
            guard parts.allSatisfy({ $0.count >= 2 }) else { result.append(fit); continue }
            var medians: [Double] = []
            var tight = true
            for part in parts {
                let inOrder = part.map { Double(ledger.amount[Int($0)].magnitude) }
                // A premium holds or moves one way from year to year; a band's amounts jump about.
                let rising = zip(inOrder, inOrder.dropFirst()).allSatisfy { $0 <= $1 }
                let falling = zip(inOrder, inOrder.dropFirst()).allSatisfy { $0 >= $1 }
                let magnitudes = inOrder.sorted()
                if let low = magnitudes.first, let high = magnitudes.last, high > 1.1 * low || !(rising || falling) { tight = false }
                medians.append(magnitudes[magnitudes.count / 2])
            }
            medians.sort()
            let apart = zip(medians, medians.dropFirst()).allSatisfy { $1 >= 1.15 * $0 }
            guard tight, apart else { result.append(fit); continue }
            var yearly: [SeriesFit] = []
            for part in parts { yearly += self.fit(.yearly, part)?.fits ?? [] }
            guard yearly.reduce(0, { $0 + $1.segment.count }) == fit.segment.count else { result.append(fit); continue }
            result += yearly
            changed = true
        }
        return changed ? result : nil
    }
}
