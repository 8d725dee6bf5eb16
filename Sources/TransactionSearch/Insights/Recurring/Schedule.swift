/// When a series is due: maps each occurrence number ("slot") to its due day, and each day to
/// its nearest slot and the distance from it.
///
/// Slots are absolute numbers (a weekly slot counts weeks since the epoch, a monthly one the
/// running month), so two occurrences' slots subtract to the number of periods between them,
/// which is how missed occurrences are counted. Month-based due days fall on `anchor` clamped
/// to the month's length (the 31st is the last day, the 29th of February is the 28th in common
/// years) and, when that day is a Saturday or Sunday, may also be paid the Friday before or the
/// Monday after (business-day shifting): such a row sits at distance 0.
struct CadenceSchedule: Hashable, Sendable {
    /// The shape of a due-date rule.
    enum Rule: Hashable, Sendable {
        /// Every `period` days, on the days `d` with `d mod period == phase`; slot k is due on
        /// `phase + k · period`. Weekly and biweekly: no weekend shifting, the weekday is the anchor.
        case days(period: Int, phase: Int)
        /// Every `step` months on day `anchor` (1-31, clamped), in the months whose index is
        /// `phase` modulo `step`; slot k is the month `phase + k · step`.
        case months(step: Int, phase: Int, anchor: Int)
        /// Twice a month on days `first` < `second` (each clamped); slot `2 · month` is the
        /// first, `2 · month + 1` the second.
        case twiceMonthly(first: Int, second: Int)
    }

    /// The rule.
    let rule: Rule
    /// The cadence the rule expresses.
    let cadence: RecurringCadence
    /// Days an occurrence may sit from its due day; see `RecurringTuning.tolerance`.
    let tolerance: Int
    /// Days around a due day where an unexplained row counts as foreign; see `RecurringTuning.foreignWindow`.
    let window: Int

    /// A schedule for `rule`, with the tolerances of its cadence.
    init(_ rule: Rule) {
        self.rule = rule
        switch rule {
        case .days(let period, _): cadence = period == 7 ? .weekly : .biweekly
        case .months(let step, _, _): cadence = step == 1 ? .monthly : step == 12 ? .yearly : .everyMonths(step)
        case .twiceMonthly: cadence = .semimonthly
        }
        tolerance = RecurringTuning.tolerance(cadence)
        window = RecurringTuning.foreignWindow(cadence)
    }

    /// Whether due days on a weekend may move to the Friday before or the Monday after.
    var movesOffWeekends: Bool {
        if case .days = rule { return false }
        return true
    }

    /// The day slot `slot` is due, before any weekend shifting.
    func nominal(slot: Int) -> Int {
        switch rule {
        case .days(let period, let phase):
            return phase + slot * period
        case .months(let step, let phase, let anchor):
            return CadenceSchedule.day(monthIndex: phase + slot * step, anchor: anchor)
        case .twiceMonthly(let first, let second):
            return CadenceSchedule.day(monthIndex: floorDiv(slot, 2), anchor: slot & 1 == 0 ? first : second)
        }
    }

    /// The slot nearest to `day` (whose running month is `monthIndex`) and the signed distance
    /// from its due day, or from the Friday before or Monday after a weekend due day when nearer.
    func locate(day: Int, monthIndex: Int) -> (slot: Int, offset: Int) {
        switch rule {
        case .days(let period, let phase):
            let slot = floorDiv(day - phase + period / 2, period)
            return (slot, day - phase - slot * period)
        case .months(let step, let phase, let anchor):
            // The slot of the row's own cycle, and the one before or after it, whichever side
            // the row lies on.
            let base = floorDiv(monthIndex - phase, step)
            let due = CadenceSchedule.day(monthIndex: phase + base * step, anchor: anchor)
            let other = day < due ? base - 1 : base + 1
            let near = CadenceSchedule.businessOffset(day, due: due)
            let far = CadenceSchedule.businessOffset(day, due: CadenceSchedule.day(monthIndex: phase + other * step, anchor: anchor))
            if far.magnitude < near.magnitude || (far.magnitude == near.magnitude && other < base) { return (other, far) }
            return (base, near)
        case .twiceMonthly(let first, let second):
            var best = (slot: 0, offset: Int.max)
            for month in (monthIndex - 1)...(monthIndex + 1) {
                for part in 0...1 {
                    let anchor = part == 0 ? first : second
                    let offset = CadenceSchedule.businessOffset(day, due: CadenceSchedule.day(monthIndex: month, anchor: anchor))
                    if offset.magnitude < best.offset.magnitude { best = (2 * month + part, offset) }
                }
            }
            return best
        }
    }

    /// Appends, for each slot of `slots` (month-based rules), its due day and the days it may
    /// also be paid: the Friday before and the Monday after when the due day is a weekend day,
    /// else the due day twice. The matching's hot path: one table read per slot.
    func dueDaysWithAlternatives(slots: ClosedRange<Int>, into buffer: inout [Int]) {
        buffer.reserveCapacity(buffer.count + 3 * slots.count)
        for slot in slots {
            let due: Int
            switch rule {
            case .days(let period, let phase):
                due = phase + slot * period
            case .months(let step, let phase, let anchor):
                due = CivilCalendar.clampedDayNumber(monthIndex: phase + slot * step, day: anchor)
            case .twiceMonthly(let first, let second):
                due = CivilCalendar.clampedDayNumber(monthIndex: slot >> 1, day: slot & 1 == 0 ? first : second)
            }
            let weekday = CivilCalendar.weekday(due)
            buffer.append(due)
            buffer.append(weekday >= 5 ? due - (weekday - 4) : due)
            buffer.append(weekday >= 5 ? due + (7 - weekday) : due)
        }
    }

    /// The slots due in the running months `months` and one more (month-based rules only; for
    /// a days rule, an empty range).
    func slots(coveringMonths months: ClosedRange<Int>) -> ClosedRange<Int> {
        switch rule {
        case .days:
            return 0...0
        case .months(let step, let phase, _):
            return floorDiv(months.lowerBound - phase, step)...(floorDiv(months.upperBound - phase, step) + 1)
        case .twiceMonthly:
            return (2 * months.lowerBound)...(2 * months.upperBound + 1)
        }
    }

    /// This schedule with its anchor (or phase) moved by `shift` days, and a twice-monthly second
    /// anchor by `secondShift`: the refinement step after a first fit. Nil when the anchors of a
    /// twice-monthly rule would come closer than 10 days.
    func moved(by shift: Int, secondBy secondShift: Int = 0) -> CadenceSchedule? {
        switch rule {
        case .days(let period, let phase):
            return CadenceSchedule(.days(period: period, phase: floorMod(phase + shift, period)))
        case .months(let step, let phase, _):
            // Move a real due day (in 2001, a common year) and read its month and day back, so
            // that the 29th of November moved by 4 is the 3rd of December.
            let reference = CadenceSchedule.referenceMonth
            let slot = floorDiv(reference - phase, step) + 1
            let moved = CivilCalendar.date(nominal(slot: slot) + shift)
            let month = CivilCalendar.monthIndex(year: moved.year, month: moved.month)
            return CadenceSchedule(.months(step: step, phase: floorMod(month, step), anchor: moved.day))
        case .twiceMonthly(let first, let second):
            return CadenceSchedule.twiceMonthly(
                floorMod(first + shift - 1, 31) + 1, floorMod(second + secondShift - 1, 31) + 1)
        }
    }

    /// January 2001 as a running month: where `moved` measures anchor moves in real days.
    private static let referenceMonth = 2001 * 12

    /// A twice-monthly schedule on days `a` and `b` in either order, or nil when they are less
    /// than 10 days apart around the month (the rule would not tell them apart).
    static func twiceMonthly(_ a: Int, _ b: Int) -> CadenceSchedule? {
        let first = min(a, b), second = max(a, b)
        guard second - first >= 10, first + 31 - second >= 10 else { return nil }
        return CadenceSchedule(.twiceMonthly(first: first, second: second))
    }

    /// The day number of `anchor` in a running month, clamped to the month's last day.
    static func day(monthIndex: Int, anchor: Int) -> Int {
        CivilCalendar.clampedDayNumber(monthIndex: monthIndex, day: anchor)
    }

    /// The signed distance of `day` from `due`, where a Saturday or Sunday due day may also be
    /// paid on the Friday before or the Monday after: the smallest of the three distances.
    static func businessOffset(_ day: Int, due: Int) -> Int {
        let raw = day - due
        let weekday = CivilCalendar.weekday(due)
        guard weekday >= 5 else { return raw }
        var best = raw
        let fromFriday = day - (due - (weekday - 4))
        if fromFriday.magnitude < best.magnitude { best = fromFriday }
        let fromMonday = day - (due + (7 - weekday))
        if fromMonday.magnitude < best.magnitude { best = fromMonday }
        return best
    }
}
