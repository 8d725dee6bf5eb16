/// The tallies a query starts from when it does not scan: the buckets of every row, of the
/// rows of a date range (whole months from month buckets, the rest from day buckets; weeks
/// and years from day buckets), or of the rows a filter on the grouping's own field allows
/// (the cards of a card filter, grouped by card or not grouped; likewise categories and
/// accounts).
struct BucketTallies {
    let contents: StoreContents
    let query: CompiledQuery

    /// Which rows the buckets can tally for a query before any row is subtracted.
    enum Base: Equatable {
        /// Every row, or those of the query's date range.
        case allRows
        /// The rows of the allowed cards, categories or accounts (no date range).
        case cards, categories, accounts
    }

    /// The base of the query, or nil when the buckets cannot give its rows (an amount filter,
    /// a filter on another field than the grouping's, a date range with a filter or with a
    /// grouping other than by day or month).
    var base: Base? {
        guard query.amountBounds == nil else { return nil }
        let filters = [query.cards != nil, query.categories != nil, query.accounts != nil].filter { $0 }.count
        if filters == 0 {
            return query.dayRange == nil || [.none, .day, .month, .week, .year].contains(query.grouping) ? .allRows : nil
        }
        guard filters == 1 && query.dayRange == nil else { return nil }
        if query.cards != nil && (query.grouping == .card || query.grouping == .none) { return .cards }
        if query.categories != nil && (query.grouping == .category || query.grouping == .none) { return .categories }
        if query.accounts != nil && (query.grouping == .account || query.grouping == .none) { return .accounts }
        return nil
    }

    /// The tally of the base, from the buckets: every row, the rows of the date range, or the
    /// rows of the allowed values of a filter. With no range, or days in a range, it shares the
    /// bucket table (the group order then keeps only the range's days).
    func tally() -> Tally {
        let buckets = contents.buckets
        switch base {
        case .cards?: return filteredTally(buckets.card, query.cards!)
        case .categories?: return filteredTally(buckets.category, query.categories!)
        case .accounts?: return filteredTally(buckets.account, query.accounts!)
        case .allRows?, nil: break
        }
        if let periods = query.periods, query.grouping == periods.grouping {
            // Weeks and years add up their days' buckets (the range's, when there is one).
            var tally = Tally(groupLimit: periods.count, currencies: contents.currencies.count, grouping: query.grouping,
                              periodOfDay: periods.groupOfDay)
            let days = contents.calendar.days
            let range = query.dayRange ?? Int32.min...Int32.max
            var index = days.sortedValues.lowerBound(range.lowerBound)
            while index < days.sortedValues.count && days.sortedValues[index] <= range.upperBound {
                let code = days.sortedCodes[index]
                tally.add(buckets.day, bucket: code, asGroup: periods.groupOfDay[Int(code)])
                index += 1
            }
            return tally
        }
        guard let range = query.dayRange else {
            let total = buckets.total
            switch query.grouping {
            case .none: return Tally(sharing: total, totals: total, grouping: .none)
            case .day: return Tally(sharing: buckets.day, totals: total, grouping: .day)
            case .month: return Tally(sharing: buckets.month, totals: total, grouping: .month)
            case .card: return Tally(sharing: buckets.card, totals: total, grouping: .card)
            case .category: return Tally(sharing: buckets.category, totals: total, grouping: .category)
            case .merchant:
                let table = buckets.merchants(of: contents.text.descriptors, limit: contents.text[.merchant].codeLimit)
                return Tally(sharing: table, totals: total, grouping: .merchant)
            case .account: return Tally(sharing: buckets.account, totals: total, grouping: .account)
            case .payee:
                let table = buckets.payees(of: contents.text.descriptors, limit: contents.text[.payee].codeLimit)
                return Tally(sharing: table, totals: total, grouping: .payee)
            case .week, .year: preconditionFailure("BucketTallies: \(query.grouping) without its periods")
            }
        }
        if query.grouping == .day {
            var tally = Tally(sharing: buckets.day, totals: BucketTable(), grouping: .day)
            let days = contents.calendar.days
            var index = days.sortedValues.lowerBound(range.lowerBound)
            while index < days.sortedValues.count && days.sortedValues[index] <= range.upperBound {
                tally.addTotals(of: buckets.day, bucket: days.sortedCodes[index])
                index += 1
            }
            return tally
        }
        var tally = Tally(groupLimit: groupLimit, currencies: contents.currencies.count, grouping: query.grouping)
        let days = contents.calendar.days
        if query.grouping == .month {
            // Whole months inside the range come from month buckets, partial ones from days.
            for (position, monthCode) in contents.calendar.months.sortedCodes.enumerated() {
                let month = CalendarMonth(monthsSince1970: contents.calendar.months.sortedValues[position])
                let first = month.firstDay.daysSince1970, last = month.lastDay.daysSince1970
                if last < range.lowerBound || first > range.upperBound { continue }
                if first >= range.lowerBound && last <= range.upperBound {
                    tally.add(buckets.month, bucket: monthCode, asGroup: monthCode)
                    continue
                }
                var index = days.sortedValues.lowerBound(max(first, range.lowerBound))
                while index < days.sortedValues.count && days.sortedValues[index] <= min(last, range.upperBound) {
                    tally.add(buckets.day, bucket: days.sortedCodes[index], asGroup: monthCode)
                    index += 1
                }
            }
            return tally
        }
        var index = days.sortedValues.lowerBound(range.lowerBound)
        while index < days.sortedValues.count && days.sortedValues[index] <= range.upperBound {
            tally.add(buckets.day, bucket: days.sortedCodes[index], asGroup: 0)
            index += 1
        }
        return tally
    }

    /// The buckets of the allowed codes of a filter, each its own group (grouped by that field)
    /// or all one group (not grouped).
    private func filteredTally(_ table: BucketTable, _ allowed: CodeSet) -> Tally {
        var tally = Tally(groupLimit: groupLimit, currencies: contents.currencies.count, grouping: query.grouping)
        for code in allowed.codes where Int(code) < table.bucketCount {
            tally.add(table, bucket: code, asGroup: query.grouping == .none ? 0 : code)
        }
        return tally
    }

    /// One past the largest group code of the grouping.
    var groupLimit: Int {
        switch query.grouping {
        case .none: 1
        case .day: contents.calendar.days.codeLimit
        case .month: contents.calendar.months.codeLimit
        case .card: contents.text[.card].codeLimit
        case .category: contents.text[.category].codeLimit
        case .merchant: contents.text[.merchant].codeLimit
        case .account: contents.text[.account].codeLimit
        case .payee: contents.text[.payee].codeLimit
        case .week, .year: query.periods?.count ?? 1
        }
    }
}
