/// The groups of a grouping by ISO week or by year, for one query: each day code in use maps
/// to its period's group, numbered in date order. Worked out per query from the store's days
/// (a few thousand at most, one pass) rather than kept per row: a row's group is then
/// `groupOfDay[dayCode]`, as its month is `monthOfDay[dayCode]`, and the buckets by day add
/// up to weeks and years the way they add up to partial months.
final class PeriodGroups: @unchecked Sendable {
    /// Per day code, its period's group (0 for a code not in use).
    let groupOfDay: UnsafeMutablePointer<UInt32>
    /// Per group, its period: the week's Monday (days since 1970) or the year, ascending.
    let periods: [Int32]
    let grouping: Grouping

    /// The periods of the days in use. Immutable once made: safe to share between the
    /// threads of one scan.
    init(days: ValuePool, grouping: Grouping) {
        precondition(grouping == .week || grouping == .year, "PeriodGroups for \(grouping)")
        self.grouping = grouping
        let limit = max(days.codeLimit, 1)
        groupOfDay = .allocate(capacity: limit)
        groupOfDay.initialize(repeating: 0, count: limit)
        var periods: [Int32] = []
        for (index, day) in days.sortedValues.enumerated() {
            let period = PeriodGroups.period(of: day, grouping)
            if periods.last != period { periods.append(period) }
            groupOfDay[Int(days.sortedCodes[index])] = UInt32(periods.count - 1)
        }
        self.periods = periods
    }

    deinit {
        groupOfDay.deallocate()
    }

    /// One past the largest group.
    var count: Int { max(periods.count, 1) }

    /// The period of a local day: its week's Monday, or its year.
    static func period(of day: Int32, _ grouping: Grouping) -> Int32 {
        let calendarDay = CalendarDay(daysSince1970: day)
        return grouping == .week ? CalendarWeek(containing: calendarDay).firstDay.daysSince1970 : Int32(calendarDay.year)
    }

    /// The first and last local day of a group.
    func days(ofGroup group: UInt32) -> ClosedRange<Int32> {
        let period = periods[Int(group)]
        if grouping == .week { return period...(period + 6) }
        let year = Int(period)
        return CalendarMonth(year: year, month: 1).firstDay.daysSince1970...CalendarMonth(year: year, month: 12).lastDay.daysSince1970
    }

    /// The key of a group.
    func key(ofGroup group: UInt32) -> GroupKey {
        let period = periods[Int(group)]
        return grouping == .week ? .week(CalendarWeek(containing: CalendarDay(daysSince1970: period))) : .year(Int(period))
    }
}
