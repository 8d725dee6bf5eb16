/// Owns the memory a `RowPredicate` points into, for the duration of one query: the code sets
/// as bit words, the conditions, clauses and groups as flat runs of views (a group's clauses
/// side by side, a clause's conditions side by side), the column tests and amount bounds.
/// Everything is measured first and allocated once; nothing is allocated per row.
final class PredicateStorage {
    private let words: UnsafeMutablePointer<UInt64>
    private let conditionViews: UnsafeMutablePointer<ConditionView>
    private let clauseViews: UnsafeMutablePointer<ClauseView>
    private let groupViews: UnsafeMutablePointer<GroupView>
    private let bounds: UnsafeMutablePointer<Int64>
    /// The second and later magnitude ranges of the conditions, two bounds each.
    private let magnitudeBounds: UnsafeMutablePointer<UInt64>
    /// The conditions' column tests, then the query's column filters.
    private let filters: UnsafeMutablePointer<ColumnFilter>
    let predicate: RowPredicate

    init(_ query: CompiledQuery, contents: StoreContents) {
        let currencyCount = contents.currencies.count
        // Measure.
        var allConditions: [CompiledCondition] = query.conditions + query.exclusions
        var clauseCount = 0, groupCount = 0
        func gather(_ groups: [CompiledGroup]) {
            for group in groups {
                groupCount += 1
                clauseCount += group.clauses.count
                for clause in group.clauses {
                    allConditions += clause.conditions
                    allConditions += clause.exclusions
                    gather(clause.groups)
                }
            }
        }
        gather(query.groups)
        var wordCount = 1, extraMagnitudes = 0
        func measure(_ set: CodeSet?) { wordCount += set?.words.count ?? 0 }
        for condition in allConditions {
            measure(condition.descriptors)
            measure(condition.codes.notes)
            measure(condition.cardAccountPairs)
            measure(condition.dayCodes)
            extraMagnitudes += max(condition.magnitudes.count - 1, 0)
        }
        for set in [query.dayCodes, query.cardPairs, query.categoryDescriptors, query.accountPairs] { measure(set) }

        // Allocate once.
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
        let conditionViews = UnsafeMutablePointer<ConditionView>.allocate(capacity: max(allConditions.count, 1))
        let clauseViews = UnsafeMutablePointer<ClauseView>.allocate(capacity: max(clauseCount, 1))
        let groupViews = UnsafeMutablePointer<GroupView>.allocate(capacity: max(groupCount, 1))
        let magnitudeBounds = UnsafeMutablePointer<UInt64>.allocate(capacity: max(2 * extraMagnitudes, 1))
        // Room for every condition's column tests and the query's (at most four) filters.
        let filters = UnsafeMutablePointer<ColumnFilter>.allocate(capacity: allConditions.count * TextField.withColumns.count + 4)
        var usedWords = 0, usedConditions = 0, usedClauses = 0, usedGroups = 0, usedMagnitudes = 0, usedFilters = 0
        let rows = RowView(contents)

        func view(_ set: CodeSet?) -> BitsView {
            let start = words + usedWords
            guard let set else { return BitsView(words: start, count: 0) }
            for word in set.words {
                words[usedWords] = word
                usedWords += 1
            }
            return BitsView(words: start, count: set.words.count)
        }
        func conditionView(_ condition: CompiledCondition) -> ConditionView {
            let start = usedFilters
            if !condition.codes.notes.isEmpty {
                (filters + usedFilters).initialize(to: ColumnFilter(column: rows.notes, allowed: view(condition.codes.notes)))
                usedFilters += 1
            }
            if !condition.cardAccountPairs.isEmpty {
                (filters + usedFilters).initialize(to: ColumnFilter(column: rows.cardAccount, allowed: view(condition.cardAccountPairs)))
                usedFilters += 1
            }
            let more = magnitudeBounds + usedMagnitudes
            for range in condition.magnitudes.dropFirst() {
                magnitudeBounds[usedMagnitudes] = range.lowerBound
                magnitudeBounds[usedMagnitudes + 1] = range.upperBound
                usedMagnitudes += 2
            }
            return ConditionView(
                descriptors: view(condition.descriptors),
                columnTests: UnsafePointer(filters + start), columnTestCount: usedFilters - start,
                magnitudeLow: condition.magnitudes.first?.lowerBound ?? 0, magnitudeHigh: condition.magnitudes.first?.upperBound ?? 0,
                moreMagnitudes: UnsafePointer(more), moreMagnitudeCount: max(condition.magnitudes.count - 1, 0),
                dayCodes: view(condition.dayCodes),
                status: StatusTest(pending: condition.pending))
        }
        /// Places conditions side by side; returns where the run starts.
        func place(_ conditions: [CompiledCondition]) -> UnsafePointer<ConditionView> {
            let start = usedConditions
            usedConditions += conditions.count
            for (index, condition) in conditions.enumerated() { (conditionViews + start + index).initialize(to: conditionView(condition)) }
            return UnsafePointer(conditionViews + start)
        }
        /// Places groups side by side (each one's clauses side by side after them).
        func place(_ groups: [CompiledGroup]) -> UnsafePointer<GroupView> {
            let start = usedGroups
            usedGroups += groups.count
            for (index, group) in groups.enumerated() {
                let firstClause = usedClauses
                usedClauses += group.clauses.count
                for (position, clause) in group.clauses.enumerated() {
                    let conditions = place(clause.conditions)
                    let exclusions = place(clause.exclusions)
                    let inner = place(clause.groups)
                    (clauseViews + firstClause + position).initialize(to: ClauseView(
                        conditions: conditions, conditionCount: clause.conditions.count,
                        exclusions: exclusions, exclusionCount: clause.exclusions.count,
                        groups: inner, groupCount: clause.groups.count))
                }
                (groupViews + start + index).initialize(to: GroupView(
                    clauses: UnsafePointer(clauseViews + firstClause), clauseCount: group.clauses.count, isExcluded: group.isExcluded))
            }
            return UnsafePointer(groupViews + start)
        }

        let conditions = place(query.conditions)
        let exclusions = place(query.exclusions)
        let groups = place(query.groups)
        let bounds = UnsafeMutablePointer<Int64>.allocate(capacity: max(2 * currencyCount, 1))
        if let amountBounds = query.amountBounds {
            for index in 0..<currencyCount {
                bounds[index] = amountBounds.lower[index]
                bounds[currencyCount + index] = amountBounds.upper[index]
            }
        }
        var columnFilters: [ColumnFilter] = []
        if let dayCodes = query.dayCodes { columnFilters.append(ColumnFilter(column: rows.dayCode, allowed: view(dayCodes))) }
        if let cards = query.cardPairs { columnFilters.append(ColumnFilter(column: rows.cardAccount, allowed: view(cards))) }
        if let categories = query.categoryDescriptors {
            columnFilters.append(ColumnFilter(column: rows.descriptor, allowed: view(categories)))
        }
        if let accounts = query.accountPairs { columnFilters.append(ColumnFilter(column: rows.cardAccount, allowed: view(accounts))) }
        let firstFilter = filters + usedFilters
        for (index, filter) in columnFilters.enumerated() { (firstFilter + index).initialize(to: filter) }
        let hasBounds = query.amountBounds != nil
        let hasValueFilters = query.pending != nil || query.kind != nil || hasBounds
        predicate = RowPredicate(
            rows: rows,
            conditions: conditions, conditionCount: query.conditions.count,
            exclusions: exclusions, exclusionCount: query.exclusions.count,
            groups: groups, groupCount: query.groups.count,
            columnFilters: UnsafePointer(firstFilter), columnFilterCount: columnFilters.count,
            status: StatusTest(pending: query.pending),
            kind: KindTest(query.kind),
            amountLower: hasBounds ? UnsafePointer(bounds) : nil,
            amountUpper: hasBounds ? UnsafePointer(bounds + currencyCount) : nil,
            hasValueFilters: hasValueFilters,
            checksAnything: !allConditions.isEmpty || !query.groups.isEmpty || !columnFilters.isEmpty || hasValueFilters)
        self.words = words
        self.conditionViews = conditionViews
        self.clauseViews = clauseViews
        self.groupViews = groupViews
        self.bounds = bounds
        self.magnitudeBounds = magnitudeBounds
        self.filters = filters
    }

    deinit {
        words.deallocate()
        conditionViews.deallocate()
        clauseViews.deallocate()
        groupViews.deallocate()
        bounds.deallocate()
        magnitudeBounds.deallocate()
        filters.deallocate()
    }
}
