/// A code set as a pointer into the predicate's storage; an absent set has no words.
struct BitsView {
    let words: UnsafePointer<UInt64>
    let count: Int

    @inline(__always)
    func contains(_ code: UInt32) -> Bool {
        let word = Int(code >> 6)
        return word < count && words[word] & (1 << UInt64(code & 63)) != 0
    }
}

/// A compiled condition flattened for the row loop.
struct ConditionView {
    let descriptors: BitsView
    /// The matched codes of each text field with a column of its own (card, account, notes)
    /// that matched any, each tested in its column.
    let columnTests: UnsafePointer<ColumnFilter>
    let columnTestCount: Int
    /// The first magnitude range (empty when none), then the others (an `OR` of amounts).
    let magnitudeLow: UInt64
    let magnitudeHigh: UInt64
    let moreMagnitudes: UnsafePointer<UInt64>
    let moreMagnitudeCount: Int
    let dayCodes: BitsView
    /// The status rows must have for this part of the condition to hold (`.any`: no such part).
    let status: StatusTest
}

/// A clause of a group flattened for the row loop: its conditions, exclusions and groups,
/// each a run in the predicate's storage.
struct ClauseView {
    let conditions: UnsafePointer<ConditionView>
    let conditionCount: Int
    let exclusions: UnsafePointer<ConditionView>
    let exclusionCount: Int
    let groups: UnsafePointer<GroupView>
    let groupCount: Int
}

/// A group flattened for the row loop: its clauses, and whether it is excluded.
struct GroupView {
    let clauses: UnsafePointer<ClauseView>
    let clauseCount: Int
    let isExcluded: Bool
}

/// A test of one column: whether the row's code in `column` is in `allowed` (a filter when it
/// must be, a condition's part when it may be).
struct ColumnFilter {
    let column: UnsafeMutablePointer<UInt32>
    let allowed: BitsView
}

/// Whether a row matches a compiled query, in plain memory: column filters first (cheap,
/// selective), then status, kind and amount, then each condition, then the exclusions. Only
/// the filters in use are tested: a filter not set costs nothing per row.
struct RowPredicate {
    let rows: RowView
    let conditions: UnsafePointer<ConditionView>
    let conditionCount: Int
    let exclusions: UnsafePointer<ConditionView>
    let exclusionCount: Int
    /// Groups that must hold (an excluded one must not).
    let groups: UnsafePointer<GroupView>
    let groupCount: Int
    /// Day, card, category (as descriptors) and account filters in use.
    let columnFilters: UnsafePointer<ColumnFilter>
    let columnFilterCount: Int
    let status: StatusTest
    let kind: KindTest
    let amountLower: UnsafePointer<Int64>?
    let amountUpper: UnsafePointer<Int64>?
    /// Whether status, kind or amount is filtered.
    let hasValueFilters: Bool
    /// Whether anything at all is checked (else every live row matches).
    let checksAnything: Bool

    /// Whether the row passes status, kind and amount.
    func passesValueFilters(_ index: Int) -> Bool {
        if status != .any && !status.accepts(flags: rows.flags[index]) { return false }
        if kind != .any && !kind.accepts(amount: rows.amount[index]) { return false }
        if let amountLower, let amountUpper {
            let currency = Int(rows.currency[index])
            let amount = rows.amount[index]
            if amount < amountLower[currency] || amount > amountUpper[currency] { return false }
        }
        return true
    }

    /// Whether the condition at `condition` holds for a row. The descriptor test, which
    /// decides most rows, is inline; the rest is `holdsBeyondDescriptor`. (Read through the
    /// pointer: passing the condition or the row view by value copied a dozen words per row.)
    @inline(__always)
    func holds(_ condition: UnsafePointer<ConditionView>, _ row: Int) -> Bool {
        condition.pointee.descriptors.contains(rows.descriptor[row]) || holdsBeyondDescriptor(condition, row)
    }

    /// The parts of a condition other than its descriptors.
    func holdsBeyondDescriptor(_ condition: UnsafePointer<ConditionView>, _ row: Int) -> Bool {
        var position = 0
        while position < condition.pointee.columnTestCount {
            let test = condition.pointee.columnTests + position
            if test.pointee.allowed.contains(test.pointee.column[row]) { return true }
            position += 1
        }
        let low = condition.pointee.magnitudeLow, high = condition.pointee.magnitudeHigh
        if low < high {
            let magnitude = rows.magnitude(row)
            if magnitude >= low && magnitude < high { return true }
            var index = 0
            while index < condition.pointee.moreMagnitudeCount {
                let bounds = condition.pointee.moreMagnitudes + 2 * index
                if magnitude >= bounds[0] && magnitude < bounds[1] { return true }
                index += 1
            }
        }
        if condition.pointee.dayCodes.count > 0 && condition.pointee.dayCodes.contains(rows.dayCode[row]) { return true }
        let status = condition.pointee.status
        if status != .any && status.accepts(flags: rows.flags[row]) { return true }
        return false
    }

    @inline(__always)
    func matches(_ row: UInt32) -> Bool {
        guard checksAnything else { return true }
        let index = Int(row)
        var position = 0
        while position < columnFilterCount {
            let filter = columnFilters + position
            if !filter.pointee.allowed.contains(filter.pointee.column[index]) { return false }
            position += 1
        }
        if hasValueFilters && !passesValueFilters(index) { return false }
        if conditionCount == 1 {
            if !holds(conditions, index) { return false }
        } else {
            position = 0
            while position < conditionCount {
                if !holds(conditions + position, index) { return false }
                position += 1
            }
        }
        position = 0
        while position < exclusionCount {
            if holds(exclusions + position, index) { return false }
            position += 1
        }
        position = 0
        while position < groupCount {
            let group = groups + position
            if holds(group, index) == group.pointee.isExcluded { return false }
            position += 1
        }
        return true
    }

    /// Whether some clause of a group holds for a row.
    func holds(_ group: UnsafePointer<GroupView>, _ row: Int) -> Bool {
        var position = 0
        while position < group.pointee.clauseCount {
            if holds(group.pointee.clauses + position, row) { return true }
            position += 1
        }
        return false
    }

    /// Whether every condition of a clause holds for a row, no exclusion does, and each of its
    /// groups holds (an excluded one does not).
    func holds(_ clause: UnsafePointer<ClauseView>, _ row: Int) -> Bool {
        let view = clause.pointee
        var position = 0
        while position < view.conditionCount {
            if !holds(view.conditions + position, row) { return false }
            position += 1
        }
        position = 0
        while position < view.exclusionCount {
            if holds(view.exclusions + position, row) { return false }
            position += 1
        }
        position = 0
        while position < view.groupCount {
            let group = view.groups + position
            if holds(group, row) == group.pointee.isExcluded { return false }
            position += 1
        }
        return true
    }
}

