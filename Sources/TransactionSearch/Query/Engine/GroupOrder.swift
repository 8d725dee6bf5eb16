/// The order of a result's groups: date groups by date (newest first unless sorting by date
/// ascending), others by title with the "none" group last; groups with no rows left out. Then,
/// when the query asks (`GroupOrdering`), the most rows or the largest total first, ties in
/// that natural order.
struct GroupOrder {
    let contents: StoreContents
    let query: CompiledQuery
    /// The rates that give groups a base total (`GroupOrdering.total`).
    var rates: ExchangeRates?

    /// Group codes with rows, in result order.
    func order(of tally: Tally) -> [UInt32] {
        let natural = naturalOrder(of: tally)
        switch query.groupOrdering {
        case .title: return natural
        case .count: return GroupOrder.ranked(natural) { UInt128(tally.count(ofGroup: $0)) }
        case .total: return rankedByTotal(natural, tally: tally)
        }
    }

    /// Group codes with rows: date groups by date (newest first unless sorting by date
    /// ascending), others by title with the "none" group last.
    func naturalOrder(of tally: Tally) -> [UInt32] {
        var order: [UInt32] = []
        func keep(_ code: UInt32) {
            if tally.count(ofGroup: code) > 0 { order.append(code) }
        }
        switch query.grouping {
        case .none:
            return [0]
        case .day, .month:
            let pool = query.grouping == .day ? contents.calendar.days : contents.calendar.months
            var lower = 0, upper = pool.sortedValues.count
            if query.grouping == .day, let range = query.dayRange {
                // The tally may be the whole day table: keep only the range's days.
                lower = pool.sortedValues.lowerBound(range.lowerBound)
                upper = range.upperBound == .max ? upper : pool.sortedValues.lowerBound(range.upperBound + 1)
            }
            order.reserveCapacity(upper - lower)
            if query.sort == .dateAscending {
                for index in lower..<upper { keep(pool.sortedCodes[index]) }
            } else {
                for index in stride(from: upper - 1, through: lower, by: -1) { keep(pool.sortedCodes[index]) }
            }
        case .week, .year:
            // Group codes are the periods in date order.
            let count = query.periods?.periods.count ?? 0
            order.reserveCapacity(count)
            if query.sort == .dateAscending {
                for code in 0..<UInt32(count) { keep(code) }
            } else {
                for code in (0..<UInt32(count)).reversed() { keep(code) }
            }
        case .card:
            contents.text[.card].forEachTitle { keep($0) }
            keep(0)
        case .category:
            contents.text[.category].forEachTitle { keep($0) }
            keep(0)
        case .account:
            contents.text[.account].forEachTitle { keep($0) }
            keep(0)
        case .payee:
            contents.text[.payee].forEachTitle { keep($0) }
            keep(0)
        case .merchant:
            order.reserveCapacity(contents.text[.merchant].titleCount)
            contents.text[.merchant].forEachTitle { keep($0) }
        }
        return order
    }

    /// The groups by the magnitude of their totals, largest first (`GroupOrdering.total`):
    /// base totals with rates (groups without one last), else sums in the currency with the
    /// most matching rows (the first by code among equals).
    private func rankedByTotal(_ natural: [UInt32], tally: Tally) -> [UInt32] {
        let currencies = contents.currencies.currencies
        if let rates {
            let codeOrder = currencies.indices.sorted { currencies[$0] < currencies[$1] }
            return GroupOrder.ranked(natural) { group -> UInt128? in
                var sums: [Money] = []
                for currency in codeOrder where tally.count(ofGroup: group, currency: currency) > 0 {
                    sums.append(Money(minorUnits: tally.sum(ofGroup: group, currency: currency), currency: currencies[currency]))
                }
                return (try? rates.conversion(of: sums).get()).map { $0.minorUnits.magnitude }
            }
        }
        var largest = 0
        for currency in currencies.indices where currency < tally.stride {
            let (count, best) = (tally.totalCounts[currency], tally.totalCounts[largest])
            if count > best || (count == best && currencies[currency] < currencies[largest]) { largest = currency }
        }
        return GroupOrder.ranked(natural) { tally.sum(ofGroup: $0, currency: largest).magnitude }
    }

    /// `natural` sorted by `key`, largest first, groups without a key last, ties in natural order.
    private static func ranked(_ natural: [UInt32], by key: (UInt32) -> UInt128?) -> [UInt32] {
        let keys = natural.map(key)
        let positions = natural.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case (let x?, let y?): x != y ? x > y : a < b
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a < b
            }
        }
        return positions.map { natural[$0] }
    }
}
