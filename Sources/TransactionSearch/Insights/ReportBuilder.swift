extension TransactionStore {
    /// A report of the rows `request.query` matches, per period and group, per currency, with
    /// base totals when the store has exchange rates (docs/insights.md). Every row by month,
    /// week or year, by category, card or account or not grouped, and by payee or merchant by
    /// month or year (whole periods of a date range too), comes from the buckets every change
    /// keeps current, in time proportional to its cells; anything else (payees and merchants
    /// by week, words, other filters) visits the matching rows once.
    public func report(_ request: ReportRequest) -> Report {
        let today = self.today
        return lock.withReadLock { ReportBuilder(contents: contents, request: request, today: today).report() }
    }
}

/// Tallies a report from the buckets or the rows, then orders and converts its cells.
struct ReportBuilder {
    let contents: StoreContents
    let request: ReportRequest
    let today: CalendarDay

    /// A cell and currency: the period's number (`ReportBuilder.periodValue`), the group's code
    /// (`noGroup` without a dimension) and the currency's number.
    struct CellKey: Hashable {
        var period: Int32
        var group: UInt32
        var currency: UInt16
    }

    /// Rows and exact sum of one cell and currency. A key may appear more than once (a year
    /// read from its months' buckets); `assemble` adds such entries up.
    struct Tally {
        var key: CellKey
        var count: Int
        var sum: Int128
    }

    /// The group code of every row when the report has no dimension.
    static let noGroup = UInt32.max

    func report() -> Report {
        var query = request.query.hasRelativeDates ? request.query.resolvingRelativeDates(today: today) : request.query
        query.filters.kind = request.kind
        var tallies: [Tally] = []
        let fromBuckets = usesBuckets(query)
        if fromBuckets { tallyBuckets(query, into: &tallies) } else { tallyRows(query, into: &tallies) }
        return assemble(tallies, fromBuckets: fromBuckets)
    }

    /// Whether the report pairs hold the answer: no text or terms, no filter but the kind and
    /// a date range of whole periods (whole months for a report by month or year, whole weeks
    /// by week), and pairs for the dimension and period (`bucketCells`).
    func usesBuckets(_ query: Query) -> Bool {
        var others = query.filters
        others.from = nil
        others.to = nil
        others.kind = nil
        guard query.text.isEmpty, query.terms.isEmpty, others.isEmpty, bucketCells != nil else { return false }
        if request.period == .week {
            if let from = query.filters.from, CalendarWeek(containing: from).firstDay != from { return false }
            if let to = query.filters.to, CalendarWeek(containing: to).lastDay != to { return false }
        } else {
            if let from = query.filters.from, from.day != 1 { return false }
            if let to = query.filters.to, to != to.calendarMonth.lastDay { return false }
        }
        return true
    }

    /// Where the buckets keep the report's dimension by its period (by month for a year):
    /// category, card and account pairs by month and week, payee and merchant cells by month.
    enum BucketCells {
        /// The cells of a category, card or account (the group the code itself).
        case pairs(PeriodCells)
        /// The (merchant, payee) cells, read by their merchant or their payee.
        case cells(PeriodCells, byMerchant: Bool)
    }

    /// The bucket cells of the report's dimension and period; nil for payees and merchants by
    /// week (cells by week would be about one for every other row), and by month when the
    /// store let their cells go (`PeriodCells.paysOff`). Not grouped reads
    /// the category's and sums its groups.
    var bucketCells: BucketCells? {
        let buckets = contents.buckets
        let byWeek = request.period == .week
        switch request.dimension {
        case nil, .category?: return .pairs(byWeek ? buckets.categoryWeek : buckets.categoryMonth)
        case .card?: return .pairs(byWeek ? buckets.cardWeek : buckets.cardMonth)
        case .account?: return .pairs(byWeek ? buckets.accountWeek : buckets.accountMonth)
        case .payee?: return byWeek ? nil : buckets.merchantPayeeMonth.map { .cells($0, byMerchant: false) }
        case .merchant?: return byWeek ? nil : buckets.merchantPayeeMonth.map { .cells($0, byMerchant: true) }
        }
    }

    /// The text field the report groups by (nil: not grouped).
    var groupField: TextField? { request.dimension?.field }

    /// The number of a period: the first day of a week, the month, the year.
    func periodValue(ofDay day: Int32) -> Int32 {
        let calendarDay = CalendarDay(daysSince1970: day)
        switch request.period {
        case .week: return CalendarWeek(containing: calendarDay).firstDay.daysSince1970
        case .month: return calendarDay.calendarMonth.monthsSince1970
        case .year: return Int32(calendarDay.year)
        }
    }

    /// The key of a period's number.
    func periodKey(_ value: Int32) -> GroupKey {
        switch request.period {
        case .week: .week(CalendarWeek(containing: CalendarDay(daysSince1970: value)))
        case .month: .month(CalendarMonth(monthsSince1970: value))
        case .year: .year(Int(value))
        }
    }

    /// Reads the bucket cells of the dimension and period (`bucketCells`), within the date
    /// range.
    private func tallyBuckets(_ query: Query, into tallies: inout [Tally]) {
        guard let source = bucketCells else { return }
        let months = contents.calendar.months
        let from = query.filters.from, to = query.filters.to
        let isGrouped = request.dimension != nil
        // The period's number (`periodValue`) of each period code, and whether it is in range:
        // by month code in an array (a report by payee reads 115,000 entries), by week code
        // (weeks since year 1) in a dictionary.
        let unknown = Int32.min, outOfRange = Int32.min + 1
        var periodOfMonthCode = [Int32](repeating: unknown, count: request.period == .week ? 0 : months.codeLimit)
        var periodOfWeekCode: [UInt32: Int32] = [:]
        func period(_ code: UInt32) -> Int32? {
            let known = request.period == .week ? periodOfWeekCode[code] ?? unknown : periodOfMonthCode[Int(code)]
            if known != unknown { return known == outOfRange ? nil : known }
            let first: CalendarDay, value: Int32
            switch request.period {
            case .week:
                first = StoreCalendar.monday(ofWeekCode: code)
                value = first.daysSince1970
            case .month, .year:
                let month = CalendarMonth(monthsSince1970: months.value(code))
                first = month.firstDay
                value = request.period == .month ? month.monthsSince1970 : Int32(month.components.year)
            }
            let inRange = (from.map { first >= $0 } ?? true) && (to.map { first <= $0 } ?? true)
            if request.period == .week { periodOfWeekCode[code] = inRange ? value : outOfRange } else { periodOfMonthCode[Int(code)] = inRange ? value : outOfRange }
            return inRange ? value : nil
        }
        func add(_ group: UInt32, _ code: UInt32, _ currency: UInt16, _ count: Int, _ sum: Int128) {
            guard let value = period(code) else { return }
            let key = CellKey(period: value, group: isGrouped ? group : ReportBuilder.noGroup, currency: currency)
            tallies.append(Tally(key: key, count: count, sum: sum))
        }
        switch source {
        case .pairs(let pairs):
            pairs.forEachEntry(of: request.kind) { group, code, currency, count, sum in
                add(UInt32(truncatingIfNeeded: group), code, currency, count, sum)
            }
        case .cells(let cells, let byMerchant):
            // A group's cells of several merchants (or payees) are added up by the ordering.
            cells.forEachEntry(of: request.kind) { group, code, currency, count, sum in
                add(byMerchant ? UInt32(group >> 32) : UInt32(truncatingIfNeeded: group), code, currency, count, sum)
            }
        }
    }

    /// Visits the rows the query matches once (`ReportRowTally`).
    private func tallyRows(_ query: Query, into tallies: inout [Tally]) {
        let rows = contents.insightRows(matching: query, today: today)
        let tally = ReportRowTally(contents: contents, groupLimit: groupField.map { contents.text[$0].codeLimit } ?? 1,
                                   periodValue: periodValue(ofDay:))
        tallies = tally.tally(rows, contents: contents, grouping: request.dimension.map(\.grouping), noGroup: ReportBuilder.noGroup)
    }

    /// The cells in order (period, group's natural order, none last), with base totals.
    ///
    /// The tallies are ordered by one integer each (the period's distance from the first, the
    /// group's and the currency's places among the report's own) with the radix sort, and
    /// every group's key is made once: a report by payee over a million rows has 115,000
    /// tallies, and sorting tuples and hashing keys took most of its time (docs/insights.md).
    private func assemble(_ tallies: [Tally], fromBuckets: Bool) -> Report {
        let groupCodes = orderedGroups(of: tallies)
        let groupKeys = groupCodes.map(groupKey)
        var placeOfGroup = [UInt32](repeating: 0, count: groupField.map { contents.text[$0].codeLimit } ?? 0)
        for (place, code) in groupCodes.enumerated() where code != ReportBuilder.noGroup { placeOfGroup[Int(code)] = UInt32(place) }
        func groupPlace(_ code: UInt32) -> Int { code == ReportBuilder.noGroup ? 0 : Int(placeOfGroup[Int(code)]) }
        // The currencies in code order, each one's place by currency number.
        var currencyPlace = [Int](repeating: -1, count: contents.currencies.count)
        for tally in tallies { currencyPlace[Int(tally.key.currency)] = 0 }
        let reportCurrencies = currencyPlace.indices.filter { currencyPlace[$0] == 0 }
            .map { (number: $0, currency: contents.currencies[UInt16($0)]) }.sorted { $0.currency < $1.currency }
        for (place, entry) in reportCurrencies.enumerated() { currencyPlace[entry.number] = place }

        let entries = orderedEntries(tallies, groupPlace: groupPlace, groups: groupCodes.count, currencyPlace: currencyPlace, currencies: reportCurrencies.count)
        let rates = contents.exchangeRates
        var cells: [ReportCell] = []
        cells.reserveCapacity(entries.count)
        var periods: [GroupKey] = []
        var start = 0
        while start < entries.count {
            let (period, group) = (entries[start].key.period, entries[start].key.group)
            var end = start
            var amounts: [ReportAmount] = []
            while end < entries.count && entries[end].key.period == period && entries[end].key.group == group {
                let currency = contents.currencies[entries[end].key.currency]
                amounts.append(ReportAmount(count: entries[end].count, sum: Money(minorUnits: entries[end].sum, currency: currency)))
                end += 1
            }
            if start == 0 || period != entries[start - 1].key.period { periods.append(periodKey(period)) }
            var cell = ReportCell(period: periods[periods.count - 1], group: groupKeys[groupPlace(group)], amounts: amounts)
            if let rates {
                switch rates.conversion(of: cell.sums) {
                case .success(let money): cell.base = money
                case .failure(let problem): cell.baseProblem = problem
                }
            }
            cells.append(cell)
            start = end
        }
        let groups = request.dimension == nil ? [] : groupKeys
        return Report(request: request, cells: cells, periods: periods, groups: groups, isFromBuckets: fromBuckets)
    }

    /// The tallies with rows in the report's order (period, group's place, currency's place),
    /// those of one cell and currency added up (`RadixSort.order`).
    private func orderedEntries(_ tallies: [Tally], groupPlace: (UInt32) -> Int, groups: Int, currencyPlace: [Int], currencies: Int) -> [Tally] {
        let live = tallies.filter { $0.count > 0 }
        let firstPeriod = Int(live.lazy.map(\.key.period).min() ?? 0), lastPeriod = Int(live.lazy.map(\.key.period).max() ?? 0)
        let order = RadixSort.order(count: live.count, limits: (lastPeriod - firstPeriod + 1, groups, currencies)) { position in
            let key = live[position].key
            return (Int(key.period) - firstPeriod, groupPlace(key.group), currencyPlace[Int(key.currency)])
        }
        var entries: [Tally] = []
        entries.reserveCapacity(order.count)
        for position in order {
            let tally = live[Int(position)]
            if let last = entries.last, last.key == tally.key {
                entries[entries.count - 1].count += tally.count
                entries[entries.count - 1].sum += tally.sum
            } else {
                entries.append(tally)
            }
        }
        return entries
    }

    /// The key of a group code (nil without a dimension).
    private func groupKey(_ code: UInt32) -> GroupKey? {
        let text = code == 0 || code == ReportBuilder.noGroup ? nil : groupField.map { contents.text[$0].string(code) }
        return switch request.dimension {
        case nil: nil
        case .category?: .category(text)
        case .payee?: .payee(text)
        case .merchant?: .merchant(text ?? "")
        case .card?: .card(text)
        case .account?: .account(text)
        }
    }
}

extension ReportBuilder {
    /// The groups of the tallies with rows, in the report's order: by title (the group field's
    /// `titleRank`), the "none" group (code 0) last; `noGroup` alone without a dimension.
    func orderedGroups(of tallies: [Tally]) -> [UInt32] {
        guard let field = groupField else { return tallies.contains { $0.count > 0 } ? [ReportBuilder.noGroup] : [] }
        let index = contents.text[field]
        var seen = [Bool](repeating: false, count: index.codeLimit)
        var codes: [UInt32] = []
        for tally in tallies where tally.count > 0 && !seen[Int(tally.key.group)] {
            seen[Int(tally.key.group)] = true
            codes.append(tally.key.group)
        }
        let ranks = index.titleRank
        func rank(_ code: UInt32) -> Int {
            guard code != 0 else { return Int.max }
            return Int(code) < ranks.count ? Int(ranks[Int(code)]) : Int.max - 1
        }
        return codes.sorted { rank($0) != rank($1) ? rank($0) < rank($1) : $0 < $1 }
    }
}

extension ReportDimension {
    /// The text field whose codes are this dimension's groups.
    var field: TextField { ResultAssembler.textField(of: grouping)! }

    /// The grouping whose group codes are this dimension's (`RowView.groupCode`): `field`'s.
    var grouping: Grouping {
        switch self {
        case .category: .category
        case .payee: .payee
        case .merchant: .merchant
        case .card: .card
        case .account: .account
        }
    }
}
