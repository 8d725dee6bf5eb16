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
            let input = recurringInput(rows)
            return RecurringDetector().series(in: input, today: today.daysSince1970).compactMap { series in
                guard let currency = Currency(series.currency) else { return nil }
                return publicSeries(series, currency: currency)
            }
        }
    }

    /// The detector's input for `rows`: integers per row, a string per distinct payee. The key
    /// is the cleaned payee case folded (the merchant when a row has no payee); ids are
    /// interned per store code, so a million rows hash a few thousand strings.
    private func recurringInput(_ rows: [UInt32]) -> RecurringInput {
        var input = RecurringInput()
        input.reserveCapacity(rows.count)
        var keys = KeyInterner(), spellings = KeyInterner(), currencies = KeyInterner()
        var byPayee: [UInt32: (key: Int32, spelling: Int32)] = [:]
        var byMerchant: [UInt32: (key: Int32, spelling: Int32)] = [:]
        /// The ids of the key and spelling of `name`.
        func ids(of name: String) -> (key: Int32, spelling: Int32) {
            (keys.id(name.lowercased()), spellings.id(name))
        }
        for row in rows {
            let record = contents.record(row)
            guard record.amount != 0 else { continue }
            let payee: (key: Int32, spelling: Int32)
            if record.payee != 0 {
                if let known = byPayee[record.payee] {
                    payee = known
                } else {
                    payee = ids(of: contents.text[.payee].string(record.payee))
                    byPayee[record.payee] = payee
                }
            } else if let known = byMerchant[record.merchant] {
                payee = known
            } else {
                payee = ids(of: contents.text[.merchant].string(record.merchant))
                byMerchant[record.merchant] = payee
            }
            input.append(row: Int(row), day: contents.calendar.day(ofCode: record.dayCode), amount: record.amount,
                         payee: payee.key, spelling: payee.spelling, currency: currencies.id(contents.currencies[record.currency].code))
        }
        input.payeeKeys = keys.names
        input.spellings = spellings.names
        input.currencies = currencies.names
        return input
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
