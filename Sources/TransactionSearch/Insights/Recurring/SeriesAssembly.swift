/// Turns an internal `SeriesFit` into the public `DetectedSeries`, and orders the results.
enum SeriesAssembly {
    /// The public series of `fit`, found in `subset`; `today` decides whether it is active.
    static func series(_ fit: SeriesFit, subset: LedgerSubset, ledger: RecurringLedger, input: RecurringInput, today: Int) -> DetectedSeries {
        let segment = fit.segment
        let days = segment.members.map { Int(ledger.day[Int($0)]) }
        let latest = Int(ledger.source[Int(segment.members[segment.count - 1])])
        let shift = fit.schedule.weekendShift(days: days, slots: segment.slots)
        let lastSlot = segment.slots[segment.count - 1]
        return DetectedSeries(
            payee: input.spellings[Int(input.spellingOf[latest])],
            payeeKey: ledger.payeeKeys[Int(subset.payee)],
            cadence: fit.schedule.cadence,
            amount: fit.model.typical,
            minimum: fit.model.minimum,
            maximum: fit.model.maximum,
            currency: ledger.currencies[Int(subset.currency)],
            count: segment.count,
            first: Int32(clamping: days[0]),
            last: Int32(clamping: days[days.count - 1]),
            next: Int32(clamping: fit.schedule.expected(slot: lastSlot + 1, shift: shift)),
            priceChanges: fit.model.changes,
            rows: segment.members.map { input.rows[Int(ledger.source[Int($0)])] },
            missed: segment.missed,
            isActive: fit.schedule.isActive(lastSlot: lastSlot, shift: shift, today: today),
            confidence: SeriesAssessment.confidence(fit),
            reason: SeriesAssessment.reason(fit, shift: shift, income: fit.model.typical > 0))
    }

    /// `series` in the result order: payee, payee key, cadence (shortest first), amount, first
    /// day, currency, first row. The strings are ranked once, so the sort compares integers.
    static func ordered(_ series: [DetectedSeries]) -> [DetectedSeries] {
        /// The rank of each distinct name in sorted order.
        func ranks(_ names: [String]) -> [String: Int] {
            var rank: [String: Int] = [:]
            for (index, name) in Set(names).sorted().enumerated() { rank[name] = index }
            return rank
        }
        let payees = ranks(series.map(\.payee)), keys = ranks(series.map(\.payeeKey)), currencies = ranks(series.map(\.currency))
        let major = series.map { item in
            (payees[item.payee] ?? 0, keys[item.payeeKey] ?? 0, item.cadence.rank, item.amount, item.first)
        }
        let minor = series.map { item in (currencies[item.currency] ?? 0, item.rows.first ?? 0) }
        let order = series.indices.sorted { a, b in
            major[a] != major[b] ? major[a] < major[b] : minor[a] < minor[b]
        }
        return order.map { series[$0] }
    }
}
