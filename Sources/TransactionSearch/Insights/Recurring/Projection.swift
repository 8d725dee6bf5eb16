/// Which way a series moves a due day that falls on a Saturday or Sunday.
enum WeekendShift: Sendable {
    /// It pays on the weekend day itself (or the series has no weekend due day to tell).
    case none
    /// It pays on the Friday before.
    case toFriday
    /// It pays on the Monday after.
    case toMonday
}

extension CadenceSchedule {
    /// The weekend rule the members follow: of the members due on a weekend, whether more were
    /// paid on the Friday before, or on the Monday after, than on the day itself.
    func weekendShift(days: [Int], slots: [Int]) -> WeekendShift {
        guard movesOffWeekends else { return .none }
        var friday = 0, monday = 0, kept = 0
        for (day, slot) in zip(days, slots) {
            let due = nominal(slot: slot)
            let weekday = CivilCalendar.weekday(due)
            guard weekday >= 5 else { continue }
            if day == due {
                kept += 1
            } else if day == due - (weekday - 4) {
                friday += 1
            } else if day == due + (7 - weekday) {
                monday += 1
            }
        }
        if friday > monday, friday > kept { return .toFriday }
        if monday > friday, monday > kept { return .toMonday }
        return .none
    }

    /// The day slot `slot` is expected: its due day, moved off a weekend by `shift`.
    func expected(slot: Int, shift: WeekendShift) -> Int {
        let due = nominal(slot: slot)
        guard movesOffWeekends, shift != .none else { return due }
        let weekday = CivilCalendar.weekday(due)
        guard weekday >= 5 else { return due }
        return shift == .toFriday ? due - (weekday - 4) : due + (7 - weekday)
    }

    /// Whether a series whose last occurrence filled `lastSlot` still runs at `today`: the slot
    /// after next, plus the tolerance, has not passed. One more missed occurrence is allowed,
    /// as inside a series; two mean it ended.
    func isActive(lastSlot: Int, shift: WeekendShift, today: Int) -> Bool {
        today <= expected(slot: lastSlot + 2, shift: shift) + tolerance
    }
}
