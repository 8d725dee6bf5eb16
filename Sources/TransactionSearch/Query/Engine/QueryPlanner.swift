/// Chooses how to answer a compiled query (`QueryPlan`): the cheapest source of candidate rows
/// by the compiler's estimates, or the buckets, or the buckets minus the rows that fail when
/// that visits fewer rows. Plans only: nothing is scanned here.
struct QueryPlanner {
    let contents: StoreContents
    let query: CompiledQuery

    func plan() -> QueryPlan {
        if query.matchesNothing { return .nothing }
        let bucketBase = BucketTallies(contents: contents, query: query).base != nil
        if bucketBase && query.conditions.isEmpty && query.exclusions.isEmpty && query.groups.isEmpty
            && query.pending == nil && query.kind == nil {
            return .buckets
        }
        let (driver, estimate) = cheapestDriver()
        if bucketBase, let (sources, removals) = removalSources(), removals < estimate {
            return .subtract(sources, estimate: removals)
        }
        return .scan(driver, estimate: estimate)
    }

    /// The cheapest driver and its estimated candidate count.
    func cheapestDriver() -> (QueryPlan.Driver, Int) {
        var best: (QueryPlan.Driver, Int) = (.allRows, contents.count)
        func consider(_ driver: QueryPlan.Driver, _ estimate: Int) {
            if estimate < best.1 { best = (driver, estimate) }
        }
        for (index, condition) in query.conditions.enumerated() {
            consider(.condition(index), condition.estimate)
        }
        for (index, group) in query.groups.enumerated() where !group.isExcluded {
            if let listed = group.listing() { consider(.group(index), listed.estimate) }
        }
        if let cards = query.cards { consider(.cards, cards.codes.reduce(0) { $0 + contents.text[.card].rowCount($1) }) }
        if let categories = query.categories {
            let descriptors = contents.text.descriptors
            consider(.categories, categories.codes.reduce(0) { $0 + descriptors.rowCount(of: $1, in: descriptors.byCategory) })
        }
        if let accounts = query.accounts { consider(.accounts, accounts.codes.reduce(0) { $0 + contents.text[.account].rowCount($1) }) }
        let classes = contents.table.classes
        for filter in ClassFilter.filters(of: query) { consider(.rowClass(filter), filter.rowCount(in: classes)) }
        if let range = query.dayRange {
            let window = contents.clock.instantWindow(days: range.lowerBound, range.upperBound)
            consider(.dateWindow(window), contents.rowCount(instantsIn: window))
        }
        return best
    }

    /// The cheapest way to list every row to subtract, and how many rows that visits; nil when
    /// some condition or exclusion cannot be listed from postings.
    func removalSources() -> ([QueryPlan.RemovalSource], Int)? {
        var sources: [QueryPlan.RemovalSource] = []
        var total = 0
        for (index, condition) in query.conditions.enumerated() {
            // The rows outside one field's matched strings include every row that fails.
            let field = PostingField.all.max { condition.rowsByField[$0.index] < condition.rowsByField[$1.index] }!
            sources.append(.complement(condition: index, field: field))
            total += contents.count - condition.rowsByField[field.index]
        }
        for (index, exclusion) in query.exclusions.enumerated() {
            sources.append(.exclusion(index))
            total += exclusion.estimate
        }
        for (index, group) in query.groups.enumerated() {
            // An included group's failing rows are listed by no index.
            guard group.isExcluded, let listed = group.listing() else { return nil }
            sources.append(.excludedGroup(index))
            total = total.addingReportingOverflow(listed.estimate).overflow ? Int.max : total + listed.estimate
        }
        for filter in ClassFilter.filters(of: query) {
            sources.append(.outsideClass(filter))
            total += filter.rowCount(in: contents.table.classes, complement: true)
        }
        return (sources, total)
    }
}
