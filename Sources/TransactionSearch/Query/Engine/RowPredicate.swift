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
    let magnitudeLow: UInt64
    let magnitudeHigh: UInt64
    let dayCodes: BitsView
    /// The status rows must have for this part of the condition to hold (`.any`: no such part).
    let status: StatusTest

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
        return true
    }
}

/// Owns the memory a `RowPredicate` points into, for the duration of one query.
final class PredicateStorage {
    private var words: UnsafeMutablePointer<UInt64>
    private var conditionViews: UnsafeMutablePointer<ConditionView>
    private var bounds: UnsafeMutablePointer<Int64>
    /// The conditions' column tests, then the query's column filters.
    private var filters: UnsafeMutablePointer<ColumnFilter>
    let predicate: RowPredicate

    init(_ query: CompiledQuery, contents: StoreContents) {
        let currencyCount = contents.currencies.count
        var wordCount = 1
        func measure(_ set: CodeSet?) { wordCount += set?.words.count ?? 0 }
        for condition in query.conditions + query.exclusions {
            measure(condition.descriptors)
            for field in TextField.withColumns { measure(condition.codes[field]) }
            measure(condition.dayCodes)
        }
        for set in [query.dayCodes, query.cards, query.categoryDescriptors, query.accounts] { measure(set) }
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
        var used = 0
        func view(_ set: CodeSet?) -> BitsView {
            let start = words + used
            if let set {
                for word in set.words {
                    words[used] = word
                    used += 1
                }
                return BitsView(words: start, count: set.words.count)
            }
            return BitsView(words: start, count: 0)
        }
        let rows = RowView(contents)
        let all = query.conditions + query.exclusions
        // Room for every condition's column tests and the query's (at most four) filters.
        let filters = UnsafeMutablePointer<ColumnFilter>.allocate(capacity: all.count * TextField.withColumns.count + 4)
        var filterCount = 0
        func conditionView(_ condition: CompiledCondition) -> ConditionView {
            let start = filterCount
            for field in TextField.withColumns where !condition.codes[field].isEmpty {
                (filters + filterCount).initialize(to: ColumnFilter(column: rows.codes(of: field), allowed: view(condition.codes[field])))
                filterCount += 1
            }
            return ConditionView(
                descriptors: view(condition.descriptors),
                columnTests: UnsafePointer(filters + start), columnTestCount: filterCount - start,
                magnitudeLow: condition.magnitude?.lowerBound ?? 0, magnitudeHigh: condition.magnitude?.upperBound ?? 0,
                dayCodes: view(condition.dayCodes),
                status: StatusTest(pending: condition.pending))
        }
        let conditionViews = UnsafeMutablePointer<ConditionView>.allocate(capacity: max(all.count, 1))
        for (index, condition) in all.enumerated() {
            (conditionViews + index).initialize(to: conditionView(condition))
        }
        let bounds = UnsafeMutablePointer<Int64>.allocate(capacity: max(2 * currencyCount, 1))
        if let amountBounds = query.amountBounds {
            for index in 0..<currencyCount {
                bounds[index] = amountBounds.lower[index]
                bounds[currencyCount + index] = amountBounds.upper[index]
            }
        }
        var columnFilters: [ColumnFilter] = []
        if let dayCodes = query.dayCodes { columnFilters.append(ColumnFilter(column: rows.dayCode, allowed: view(dayCodes))) }
        if let cards = query.cards { columnFilters.append(ColumnFilter(column: rows.card, allowed: view(cards))) }
        if let categories = query.categoryDescriptors {
            columnFilters.append(ColumnFilter(column: rows.descriptor, allowed: view(categories)))
        }
        if let accounts = query.accounts { columnFilters.append(ColumnFilter(column: rows.account, allowed: view(accounts))) }
        let firstFilter = filters + filterCount
        for (index, filter) in columnFilters.enumerated() { (firstFilter + index).initialize(to: filter) }
        let hasBounds = query.amountBounds != nil
        let hasValueFilters = query.pending != nil || query.kind != nil || hasBounds
        predicate = RowPredicate(
            rows: rows,
            conditions: UnsafePointer(conditionViews), conditionCount: query.conditions.count,
            exclusions: UnsafePointer(conditionViews + query.conditions.count), exclusionCount: query.exclusions.count,
            columnFilters: UnsafePointer(firstFilter), columnFilterCount: columnFilters.count,
            status: StatusTest(pending: query.pending),
            kind: KindTest(query.kind),
            amountLower: hasBounds ? UnsafePointer(bounds) : nil,
            amountUpper: hasBounds ? UnsafePointer(bounds + currencyCount) : nil,
            hasValueFilters: hasValueFilters,
            checksAnything: !all.isEmpty || !columnFilters.isEmpty || hasValueFilters)
        self.filters = filters
        self.words = words
        self.conditionViews = conditionViews
        self.bounds = bounds
    }

    deinit {
        words.deallocate()
        conditionViews.deallocate()
        bounds.deallocate()
        filters.deallocate()
    }
}
