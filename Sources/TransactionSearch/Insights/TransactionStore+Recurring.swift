extension TransactionStore {
    /// The recurring series among the rows `query` matches (every row by default): payee,
    /// cadence, typical amount and range, first, last and next date, price changes and the
    /// ids of each, ordered by payee, cadence (shortest first) and amount (docs/insights.md).
    ///
    /// Series never cross a payee (the cleaned name, case folded) or a currency, and money out
    /// and money in are apart. `today` (the store's clock by default) decides `isActive`. The
    /// detection runs under the read lock, so the ids are those of one state of the store.
    public func recurringSeries(matching query: Query = Query(), today: CalendarDay? = nil) -> [RecurringSeries] {
        let today = today ?? self.today
        return lock.withReadLock {
            let rows = contents.insightRows(matching: query, today: today)
            let payees = contents.text[.payee]
            var keyOf: [UInt32: (key: String, name: String)] = [:]
            var candidates: [RecurringCandidate] = []
            candidates.reserveCapacity(rows.count)
            for row in rows {
                let record = contents.record(row)
                guard record.amount != 0 else { continue }
                let payee: (key: String, name: String)
                if let known = keyOf[record.payee] {
                    payee = known
                } else {
                    let name = record.payee == 0 ? contents.text[.merchant].string(record.merchant) : payees.string(record.payee)
                    payee = (name.lowercased(), name)
                    if record.payee != 0 { keyOf[record.payee] = payee }
                }
                candidates.append(RecurringCandidate(
                    row: Int(row), day: contents.calendar.day(ofCode: record.dayCode), amountMinorUnits: record.amount,
                    currency: contents.currencies[record.currency].code, payeeKey: payee.key, payee: payee.name))
            }
            return RecurringDetector().series(in: candidates, today: today.daysSince1970).compactMap { series in
                guard let currency = Currency(series.currency) else { return nil }
                return publicSeries(series, currency: currency)
            }
        }
    }

    /// The public form of a detected series: money, days and ids.
    private func publicSeries(_ series: DetectedSeries, currency: Currency) -> RecurringSeries {
        func money(_ minor: Int64) -> Money { Money(minorUnits: Int128(minor), currency: currency) }
        return RecurringSeries(
            payee: series.payee, cadence: series.cadence, amount: money(series.amount), minimum: money(series.minimum),
            maximum: money(series.maximum), count: series.count, first: CalendarDay(daysSince1970: series.first),
            last: CalendarDay(daysSince1970: series.last), next: CalendarDay(daysSince1970: series.next),
            priceChanges: series.priceChanges.map {
                RecurringPriceChange(day: CalendarDay(daysSince1970: $0.day), from: money($0.from), to: money($0.to))
            },
            ids: series.rows.map { contents.table.ids.key(of: UInt32($0)) }, missed: series.missed,
            isActive: series.isActive, confidence: series.confidence, reason: series.reason)
    }
}
