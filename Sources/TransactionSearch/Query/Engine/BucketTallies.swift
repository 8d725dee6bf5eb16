/// The tallies a query starts from when it does not scan: the buckets of every row, or of the
/// rows of a date range (whole months from month buckets, the rest from day buckets).
struct BucketTallies {
    let contents: StoreContents
    let query: CompiledQuery

    /// The tally of the base, from the buckets: every row, or the rows of the date range. With
    /// no range, or days in a range, it shares the bucket table (the group order then keeps
    /// only the range's days).
    func tally() -> Tally {
        let buckets = contents.buckets
        guard let range = query.dayRange else {
            let total = buckets.total
            switch query.grouping {
            case .none: return Tally(sharing: total, totals: total, grouping: .none)
            case .day: return Tally(sharing: buckets.day, totals: total, grouping: .day)
            case .month: return Tally(sharing: buckets.month, totals: total, grouping: .month)
            case .card: return Tally(sharing: buckets.card, totals: total, grouping: .card)
            case .category: return Tally(sharing: buckets.category, totals: total, grouping: .category)
            case .merchant: return Tally(sharing: buckets.merchant, totals: total, grouping: .merchant)
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

    /// One past the largest group code of the grouping.
    var groupLimit: Int {
        switch query.grouping {
        case .none: 1
        case .day: contents.calendar.days.codeLimit
        case .month: contents.calendar.months.codeLimit
        case .card: contents.text[.card].codeLimit
        case .category: contents.text[.category].codeLimit
        case .merchant: contents.text[.merchant].codeLimit
        }
    }
}
