extension TransactionStore {
    /// A report of the rows `request.query` matches, per period and group, per currency, with
    /// base totals when the store has exchange rates (docs/insights.md). Every row by month,
    /// week or year, by category, card or account or not grouped (whole periods of a date
    /// range too), comes from the buckets every change keeps current, in time proportional to
    /// its cells; anything else (payees, merchants, words, other filters) visits the matching
    /// rows once.
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

    /// The group code of every row when the report has no dimension.
    static let noGroup = UInt32.max

    func report() -> Report {
        var query = request.query.hasRelativeDates ? request.query.resolvingRelativeDates(today: today) : request.query
        query.filters.kind = request.kind
        var tallies: [CellKey: (count: Int, sum: Int128)] = [:]
        let fromBuckets = usesBuckets(query)
        if fromBuckets { tallyBuckets(query, into: &tallies) } else { tallyRows(query, into: &tallies) }
        return assemble(tallies, fromBuckets: fromBuckets)
    }

    /// Whether the report pairs hold the answer: no text or terms, no filter but the kind and
    /// a date range of whole periods (whole months for a report by month or year, whole weeks
    /// by week), by category, card or account, or not grouped.
    func usesBuckets(_ query: Query) -> Bool {
        var others = query.filters
        others.from = nil
        others.to = nil
        others.kind = nil
        guard query.text.isEmpty, query.terms.isEmpty, others.isEmpty, reportPairs != nil else { return false }
        if request.period == .week {
            if let from = query.filters.from, CalendarWeek(containing: from).firstDay != from { return false }
            if let to = query.filters.to, CalendarWeek(containing: to).lastDay != to { return false }
        } else {
            if let from = query.filters.from, from.day != 1 { return false }
            if let to = query.filters.to, to != to.calendarMonth.lastDay { return false }
        }
        return true
    }

    /// The report pairs of the report's dimension and period (by month for a year); nil for a
    /// dimension that has none (payees and merchants). Not grouped reads the category's and
    /// sums its groups.
    var reportPairs: PeriodPairs? {
        let buckets = contents.buckets
        let byWeek = request.period == .week
        switch request.dimension {
        case nil, .category?: return byWeek ? buckets.categoryWeek : buckets.categoryMonth
        case .card?: return byWeek ? buckets.cardWeek : buckets.cardMonth
        case .account?: return byWeek ? buckets.accountWeek : buckets.accountMonth
        case .payee?, .merchant?: return nil
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

    /// Reads the report pairs of the dimension and period (`reportPairs`), within the date
    /// range.
    private func tallyBuckets(_ query: Query, into tallies: inout [CellKey: (count: Int, sum: Int128)]) {
        guard let pairs = reportPairs else { return }
        let months = contents.calendar.months
        let from = query.filters.from, to = query.filters.to
        let isGrouped = request.dimension != nil
        // The period's number (`periodValue`) of each period code, and whether it is in range.
        var periodOfCode: [UInt32: Int32?] = [:]
        func period(_ code: UInt32) -> Int32? {
            if let known = periodOfCode[code] { return known }
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
            periodOfCode[code] = inRange ? value : nil
            return inRange ? value : nil
        }
        pairs.forEachPair(of: request.kind) { group, code, table, bucket in
            guard let value = period(code) else { return }
            let key = CellKey(period: value, group: isGrouped ? group : ReportBuilder.noGroup, currency: 0)
            table.forEachCurrency(of: bucket) { currency, count, sum in
                var cell = key
                cell.currency = currency
                let old = tallies[cell] ?? (0, 0)
                tallies[cell] = (old.count + count, old.sum + sum)
            }
        }
    }

    /// Visits the rows the query matches: in flat arrays when the possible cells are few
    /// (`ReportRowTally`), else in a dictionary.
    private func tallyRows(_ query: Query, into tallies: inout [CellKey: (count: Int, sum: Int128)]) {
        let rows = contents.insightRows(matching: query, today: today)
        let field = groupField
        if let dense = ReportRowTally(contents: contents, groupLimit: field.map { contents.text[$0].codeLimit } ?? 1, periodValue: periodValue(ofDay:)),
           let counted = dense.tally(rows, contents: contents, grouping: request.dimension.map(\.grouping), noGroup: ReportBuilder.noGroup)
        {
            tallies = counted
            return
        }
        var periodOfDayCode = [Int32?](repeating: nil, count: contents.calendar.days.codeLimit)
        for row in rows {
            let record = contents.record(row)
            let period: Int32
            if let known = periodOfDayCode[Int(record.dayCode)] {
                period = known
            } else {
                period = periodValue(ofDay: contents.calendar.day(ofCode: record.dayCode))
                periodOfDayCode[Int(record.dayCode)] = period
            }
            let group = field.map { record.codes[$0] } ?? ReportBuilder.noGroup
            let key = CellKey(period: period, group: group, currency: record.currency)
            let old = tallies[key] ?? (0, 0)
            tallies[key] = (old.count + 1, old.sum + Int128(record.amount))
        }
    }

    /// The cells in order (period, group's natural order, none last), with base totals.
    private func assemble(_ tallies: [CellKey: (count: Int, sum: Int128)], fromBuckets: Bool) -> Report {
        let field = groupField
        // Taken once: read inside the sort's comparisons, the rank array was retained and
        // released for each (most of a report by payee's 115,000 cells).
        let ranks = field.map { contents.text[$0].titleRank } ?? []
        func rank(_ code: UInt32) -> Int {
            guard field != nil, code != 0 else { return Int.max }
            return Int(code) < ranks.count ? Int(ranks[Int(code)]) : Int.max - 1
        }
        // The currencies' order by code, per currency number (a report holds a few).
        var currencies: [UInt16: (currency: Currency, order: Int)] = [:]
        for key in tallies.keys where currencies[key.currency] == nil { currencies[key.currency] = (contents.currencies[key.currency], 0) }
        for (order, number) in currencies.keys.sorted(by: { currencies[$0]!.currency < currencies[$1]!.currency }).enumerated() {
            currencies[number]!.order = order
        }
        // Every cell and currency, in the report's order: period, group (its title order, none
        // last), currency. A run of one period and group is one cell.
        var entries: [(period: Int32, rank: Int, group: UInt32, order: Int, currency: UInt16, count: Int, sum: Int128)] = []
        entries.reserveCapacity(tallies.count)
        for (key, value) in tallies where value.count > 0 {
            entries.append((key.period, rank(key.group), key.group, currencies[key.currency]!.order, key.currency, value.count, value.sum))
        }
        entries.sort { ($0.period, $0.rank, $0.group, $0.order) < ($1.period, $1.rank, $1.group, $1.order) }
        var groupKeys: [UInt32: GroupKey?] = [:]
        func groupKey(_ code: UInt32) -> GroupKey? {
            if let known = groupKeys[code] { return known }
            let text = code == 0 || code == ReportBuilder.noGroup || field == nil ? nil : contents.text[field!].string(code)
            let key: GroupKey? = switch request.dimension {
            case nil: nil
            case .category?: .category(text)
            case .payee?: .payee(text)
            case .merchant?: .merchant(text ?? "")
            case .card?: .card(text)
            case .account?: .account(text)
            }
            groupKeys[code] = key
            return key
        }
        let rates = contents.exchangeRates
        var cells: [ReportCell] = []
        var periods: [GroupKey] = []
        var groupCodes: Set<UInt32> = []
        var start = 0
        while start < entries.count {
            let (period, group) = (entries[start].period, entries[start].group)
            var end = start
            var amounts: [ReportAmount] = []
            while end < entries.count && entries[end].period == period && entries[end].group == group {
                let currency = currencies[entries[end].currency]!.currency
                amounts.append(ReportAmount(count: entries[end].count, sum: Money(minorUnits: entries[end].sum, currency: currency)))
                end += 1
            }
            var cell = ReportCell(period: periodKey(period), group: groupKey(group), amounts: amounts)
            if let rates {
                switch rates.conversion(of: cell.sums) {
                case .success(let money): cell.base = money
                case .failure(let problem): cell.baseProblem = problem
                }
            }
            if periods.last != cell.period { periods.append(cell.period) }
            cells.append(cell)
            groupCodes.insert(group)
            start = end
        }
        let groups = request.dimension == nil ? [] : groupCodes.sorted { rank($0) != rank($1) ? rank($0) < rank($1) : $0 < $1 }.map(groupKey)
        return Report(request: request, cells: cells, periods: periods, groups: groups, isFromBuckets: fromBuckets)
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
