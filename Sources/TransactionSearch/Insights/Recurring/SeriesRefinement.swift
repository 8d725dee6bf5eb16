extension RecurringSearcher {
    /// Lengthens a series with the unconsumed rows due in the consecutive slots right after its
    /// last occurrence (and right before its first).
    ///
    /// The rows added at one end must all share one amount, within a factor 2 of the series'
    /// amount at that end, and be at least two: a new price level (Spotify's 10.99 after years
    /// of 9.99) or an old one, too short to be searched as a series of its own yet stable. One
    /// row alone could be any purchase at the payee (an Amazon order the day Netflix was due).
    /// Rows are looked for 2 days beyond the tolerance (the series' anchor was fitted to the old
    /// level's rows only); the series keeps them only if all its rows, refitted, make one series.
    mutating func extend(_ fit: inout SeriesFit, in subset: LedgerSubset, consumed: inout [Bool]) {
        guard let lastMember = fit.segment.members.last, let firstMember = fit.segment.members.first else { return }
        var segment = fit.segment
        var added: [Int32] = []
        for forward in [true, false] {
            let reference = ledger.amount[Int(forward ? lastMember : firstMember)]
            var level: Int64?
            var slot = forward ? segment.slots[segment.slots.count - 1] + 1 : segment.slots[0] - 1
            var found: [(member: Int32, offset: Int, slot: Int)] = []
            while true {
                let wanted = level
                guard let next = row(dueIn: slot, of: fit.schedule, slack: 2, subset: subset, consumed: consumed, accepts: { amount in
                    if let wanted { return amount == wanted }
                    return RecurringSearcher.isStep(from: reference, to: amount)
                }) else { break }
                consumed[Int(next.position)] = true
                level = ledger.amount[Int(next.position)]
                found.append((next.position, next.offset, slot))
                slot += forward ? 1 : -1
            }
            guard found.count >= 2 else {
                for row in found { consumed[Int(row.member)] = false }
                continue
            }
            added += found.map(\.member)
            if forward {
                segment.members += found.map(\.member)
                segment.offsets += found.map(\.offset)
                segment.slots += found.map(\.slot)
            } else {
                found.reverse()
                segment.members.insert(contentsOf: found.map(\.member), at: 0)
                segment.offsets.insert(contentsOf: found.map(\.offset), at: 0)
                segment.slots.insert(contentsOf: found.map(\.slot), at: 0)
            }
        }
        guard !added.isEmpty else { return }
        if let whole = single(fit.schedule.cadence, segment.members.sorted(), trying: fit.schedule) {
            fit = whole
        } else {
            for position in added { consumed[Int(position)] = false }
        }
    }

    /// Whether `to` may be a new price of a series charging `from`: at most double or half.
    static func isStep(from: Int64, to: Int64) -> Bool {
        let a = Double(from.magnitude), b = Double(to.magnitude)
        return max(a, b) <= RecurringTuning.priceChangeMaximumRatio * min(a, b)
    }

    /// The unconsumed row of `subset` nearest the due day of `slot`, within the tolerance plus
    /// `slack` days, whose amount `accepts`; with its signed offset. Nil when two or more such rows lie within the
    /// foreign window of the due day: in a habit's rows (coffee at several prices) an extension
    /// would pick one at random.
    func row(dueIn slot: Int, of schedule: CadenceSchedule, slack: Int, subset: LedgerSubset, consumed: [Bool], accepts: (Int64) -> Bool) -> (position: Int32, offset: Int)? {
        let due = schedule.nominal(slot: slot)
        let tolerance = schedule.tolerance + slack
        let reach = max(schedule.window, tolerance + 3)
        let high = due + reach
        let lower = ledger.firstPosition(in: subset, onOrAfter: due - reach)
        var best: (position: Int32, offset: Int)?
        var candidates = 0
        var position = lower
        while position < subset.end, Int(ledger.day[position]) <= high {
            if !consumed[position], accepts(ledger.amount[position]) {
                candidates += 1
                // A second candidate decides it: no row (in a habit's rows, most windows).
                if candidates > 1 { return nil }
                let place = schedule.locate(day: Int(ledger.day[position]), monthIndex: Int(ledger.monthIndex[position]))
                if place.slot == slot, abs(place.offset) <= tolerance, abs(place.offset) < abs(best?.offset ?? Int.max) {
                    best = (Int32(position), place.offset)
                }
            }
            position += 1
        }
        return candidates == 1 ? best : nil
    }

    /// Joins the series of one subset that are one in truth, until none joins:
    ///
    /// - two of the same cadence whose rows together fit one schedule as one run with nothing
    ///   left over: the series of each price of a price change; a band series cut by a stretch of
    ///   equal amounts;
    /// - a short series (a quarter of the count or less) of another cadence, within or next to a
    ///   longer one whose schedule takes all rows of both: a salary on the 1st and 15th is not
    ///   biweekly for the six weeks before a raise;
    /// - two monthly ones of about the same amount (±10%) that together are one semimonthly
    ///   series (a salary paid on the 1st and the 15th in two slightly different amounts).
    ///
    /// The pairs are tried in order ((0, 1), (0, 2), …, (1, 2), …) and the first that joins is
    /// joined, as if the scan restarted after each join; it does not: the pairs before a join
    /// that involve neither changed fit are known not to join, so only the earlier fits are
    /// tried against the joined one (a subset's hundreds of chance yearly pairs made the
    /// restarting scan cubic).
    mutating func merge(_ fits: inout [SeriesFit]) {
        var first = 0
        var changed: Int?
        while true {
            if let index = changed {
                changed = nil
                // Every pair before (·, index) is known not to join, but those with the changed fit.
                if let earlier = (0..<index).first(where: { joinable(fits, $0, index) }), let whole = joined(fits[earlier], fits[index]) {
                    fits[earlier] = whole
                    fits.remove(at: index)
                    changed = earlier
                    continue
                }
                first = index
            }
            guard first < fits.count else { return }
            var second = first + 1
            while second < fits.count {
                if joinable(fits, first, second), let whole = joined(fits[first], fits[second]) {
                    fits[first] = whole
                    fits.remove(at: second)
                    changed = first
                    break
                }
                second += 1
            }
            if changed == nil { first += 1 }
        }
    }

    /// The necessary conditions of `joined` that need no copy of either fit: the two lie within
    /// three periods of the larger's cadence, a short series of another cadence is at most a
    /// quarter of the larger, and either the smaller's rows all sit near due days of the larger's
    /// schedule or both are monthly (a semimonthly pair).
    private func joinable(_ fits: [SeriesFit], _ a: Int, _ b: Int) -> Bool {
        let (big, small) = fits[a].segment.count >= fits[b].segment.count ? (a, b) : (b, a)
        let cadence = fits[big].schedule.cadence
        let period = RecurringTuning.period(cadence)
        let bigMembers = fits[big].segment.members, smallMembers = fits[small].segment.members
        let firstBig = Int(ledger.day[Int(bigMembers[0])]), lastBig = Int(ledger.day[Int(bigMembers[bigMembers.count - 1])])
        let firstSmall = Int(ledger.day[Int(smallMembers[0])]), lastSmall = Int(ledger.day[Int(smallMembers[smallMembers.count - 1])])
        guard max(firstSmall - lastBig, firstBig - lastSmall) <= 3 * period else { return false }
        let smallCadence = fits[small].schedule.cadence
        if cadence != smallCadence, 4 * smallMembers.count > bigMembers.count { return false }
        if cadence == .monthly, smallCadence == .monthly { return true }
        let schedule = fits[big].schedule
        let reach = schedule.tolerance + 3
        return smallMembers.allSatisfy { position in
            abs(schedule.locate(day: Int(ledger.day[Int(position)]), monthIndex: Int(ledger.monthIndex[Int(position)])).offset) <= reach
        }
    }

    /// The one series that `a` and `b` are together, or nil.
    private mutating func joined(_ a: SeriesFit, _ b: SeriesFit) -> SeriesFit? {
        let (big, small) = a.segment.count >= b.segment.count ? (a, b) : (b, a)
        let cadence = big.schedule.cadence
        let union = (a.segment.members + b.segment.members).sorted()
        // Cheap test first: the smaller one's rows must sit near due days of the larger one's
        // schedule that it left empty (a missed slot, or beyond its ends); `joinable` checked
        // the distance from the due days, the proximity and the counts.
        let reach = big.schedule.tolerance + 3
        let taken = big.segment.slots
        let onSchedule = small.segment.members.allSatisfy { position in
            let place = big.schedule.locate(day: Int(ledger.day[Int(position)]), monthIndex: Int(ledger.monthIndex[Int(position)]))
            guard abs(place.offset) <= reach else { return false }
            var low = 0, high = taken.count
            while low < high {
                let middle = (low + high) / 2
                if taken[middle] < place.slot { low = middle + 1 } else { high = middle }
            }
            return low == taken.count || taken[low] != place.slot
        }
        if onSchedule, let whole = single(cadence, union, trying: big.schedule) { return whole }
        if cadence == .monthly, small.schedule.cadence == .monthly {
            let x = Double(a.model.typical.magnitude), y = Double(b.model.typical.magnitude)
            if max(x, y) <= 1.1 * min(x, y), let whole = single(.semimonthly, union) { return whole }
        }
        return nil
    }

    /// The series of `cadence` that takes every one of `rows`, or nil. `trying`, a schedule
    /// that likely fits (the larger part's), is evaluated first: most joins need nothing more.
    private mutating func single(_ cadence: RecurringCadence, _ rows: [Int32], trying schedule: CadenceSchedule? = nil) -> SeriesFit? {
        if let schedule, schedule.cadence == cadence {
            let quick = evaluate(schedule, rows)
            if quick.fits.count == 1, quick.fits[0].segment.count == rows.count { return quick.fits[0] }
        }
        guard let result = fit(cadence, rows), result.fits.count == 1, result.fits[0].segment.count == rows.count else { return nil }
        return result.fits[0]
    }
}
