/// Runs a compiled query against the store (under its read lock) by the plan `QueryPlanner`
/// chose: tallies from the buckets or from a scan of candidate rows, rows subtracted, the
/// groups ordered, one page selected and the result assembled.
struct QueryExecutor {
    let contents: StoreContents
    let query: CompiledQuery
    let storage: PredicateStorage
    let rates: ExchangeRates?

    init(contents: StoreContents, query: CompiledQuery, rates: ExchangeRates?) {
        self.contents = contents
        self.query = query
        self.rates = rates
        storage = PredicateStorage(query, contents: contents)
    }

    var predicate: RowPredicate { storage.predicate }

    func run() -> QueryResult {
        run(materializingRows: true).result
    }

    /// The result, and its page as rows and group codes; with `materializingRows: false` the
    /// result's `rows` stay empty (see `ResultAssembler.rows(_:highlighter:)`).
    func run(materializingRows: Bool) -> (result: QueryResult, page: [(row: UInt32, group: UInt32)]) {
        var tally: Tally
        var matched: [UInt32]?
        var removed: [UInt64]?
        let buckets = BucketTallies(contents: contents, query: query)
        let plan = QueryPlanner(contents: contents, query: query).plan()
        switch plan {
        case .nothing:
            let total = Aggregate(count: 0, sums: [], base: rates.map { Money(minorUnits: 0, currency: $0.base) })
            var result = QueryResult(grouping: query.grouping, total: total, groups: [], rows: [], elapsedMicroseconds: 0)
            addSearchAids(to: &result, plan: plan, matched: nil, removed: nil)
            return (result, [])
        case .buckets:
            tally = buckets.tally()
        case .scan(let driver, let estimate):
            tally = Tally(groupLimit: buckets.groupLimit, currencies: contents.currencies.count, grouping: query.grouping,
                          periodOfDay: query.periods?.groupOfDay)
            matched = scan(driver, estimate: estimate, into: &tally)
            tally.finishScan()
        case .subtract(let sources, _):
            tally = buckets.tally()
            removed = subtract(sources, from: &tally)
        }
        let order = GroupOrder(contents: contents, query: query, rates: rates).order(of: tally)
        let counts = order.map { tally.count(ofGroup: $0) }
        let selector = PageSelector(contents: contents, query: query, predicate: predicate, matched: matched)
        let pageRows = selector.page(groups: order, counts: counts)
        var result = ResultAssembler(contents: contents, query: query, rates: rates)
            .result(tally: tally, groupOrder: order, groupCounts: counts, page: materializingRows ? pageRows : [])
        addSearchAids(to: &result, plan: plan, matched: matched, removed: removed)
        return (result, pageRows)
    }

    // MARK: Scan

    /// Tallies the rows the predicate accepts among the driver's candidates; returns them,
    /// ascending. The candidates are gathered into a `RowSelection`, narrowed by the status and
    /// kind classes, and visited in row order; a large selection is visited in two halves on
    /// two threads (`ScanParallelism`), each into its own tally, merged after.
    private func scan(_ driver: QueryPlan.Driver, estimate: Int, into tally: inout Tally) -> [UInt32] {
        let selection = RowSelection(rowLimit: contents.table.rowLimit)
        addCandidates(of: driver, to: selection)
        for filter in ClassFilter.filters(of: query) where driver != .rowClass(filter) {
            filter.narrow(selection, by: contents.table.classes)
        }
        let candidates = selection.count
        let storage = PredicateStorage(query.relaxed(forScanFrom: driver), contents: contents)
        return withExtendedLifetime(storage) {  // the predicate points into it
            visit(selection, candidates: candidates, predicate: storage.predicate, into: &tally)
        }
    }

    /// Tallies and returns the rows of a selection the predicate accepts, in two halves on two
    /// threads when there are many.
    private func visit(_ selection: RowSelection, candidates: Int, predicate: RowPredicate, into tally: inout Tally) -> [UInt32] {
        let all = 0..<selection.wordCount
        guard candidates >= contents.parallelScanMinimum && ScanParallelism.hasSecondCore else {
            return tally.withWriter(predicate: predicate) { writer in
                [UInt32](unsafeUninitializedCapacity: max(candidates, 1)) { buffer, count in
                    writer.matched = buffer.baseAddress!
                    writer.visit(selection, words: all)
                    count = writer.matchedCount
                }
            }
        }
        let middle = selection.middleWord(of: candidates)
        let firstCandidates = selection.count(inWords: 0..<middle)
        var second = tally.emptyCopy()
        let matched = tally.withWriter(predicate: predicate) { first in
            second.withWriter(predicate: predicate) { second in
                [UInt32](unsafeUninitializedCapacity: max(candidates, 1)) { buffer, count in
                    first.matched = buffer.baseAddress!
                    second.matched = buffer.baseAddress! + firstCandidates
                    ScanParallelism.run(&first, &second, middle: middle, end: selection.wordCount) { writer, words in
                        writer.visit(selection, words: words)
                    }
                    // The second half's rows move up behind the first's: the rows stay ascending.
                    (buffer.baseAddress! + first.matchedCount).update(from: second.matched!, count: second.matchedCount)
                    count = first.matchedCount + second.matchedCount
                }
            }
        }
        tally.merge(second)
        return matched
    }

    /// Adds every candidate row of a driver to a selection (rows may fail the predicate).
    func addCandidates(of driver: QueryPlan.Driver, to selection: RowSelection) {
        switch driver {
        case .allRows:
            selection.formUnion(contents.table.classes.words(.live))
        case .condition(let index):
            addRows(of: query.conditions[index], to: selection)
        case .cards:
            selection.insert(codes: query.cards!, of: contents.text[.card].postings)
        case .categories:
            selection.insert(codes: query.categoryDescriptors!, of: contents.text.descriptors.postings)
        case .accounts:
            selection.insert(codes: query.accounts!, of: contents.text[.account].postings)
        case .dateWindow(let window):
            contents.walkRows(instantsIn: window, descending: false) { row in
                selection.insert(row)
                return true
            }
        case .rowClass(let filter):
            filter.addRows(to: selection, from: contents.table.classes)
        case .group(let index):
            for condition in query.groups[index].listing()?.conditions ?? [] { addRows(of: condition, to: selection) }
        }
    }

    /// Adds exactly the rows a condition holds for (a scan's driver is then not tested again):
    /// the postings of its descriptors and of its codes in each field with postings of its own
    /// (notes, cards, accounts), its amount slices of the amount order, its days' slices of the
    /// date order (each row's day checked, so no row of a neighbouring day slips in) and its
    /// status class. Each part is a union of lists: an `OR` costs one pass over each side.
    private func addRows(of condition: CompiledCondition, to selection: RowSelection) {
        selection.insert(codes: condition.descriptors, of: contents.text.descriptors.postings)
        for field in TextField.withColumns {
            selection.insert(codes: condition.codes[field], of: contents.text[field].postings)
        }
        let view = predicate.rows
        for range in condition.magnitudes where !range.isEmpty {
            let start = contents.orders.byAmount.lowerBound { view[magnitudeOf: $0] < range.lowerBound }
            contents.orders.byAmount.walk(from: start) { row in
                guard view[magnitudeOf: row] < range.upperBound else { return false }
                selection.insert(row)
                return true
            }
        }
        if let dayCodes = condition.dayCodes {
            let dayCode = view.dayCode
            for days in condition.dayRanges {
                contents.walkRows(instantsIn: contents.clock.instantWindow(days: days.lowerBound, days.upperBound), descending: false) { row in
                    if dayCodes.contains(dayCode[Int(row)]) { selection.insert(row) }
                    return true
                }
            }
        }
        if let pending = condition.pending {
            (pending ? ClassFilter.pending : .posted).addRows(to: selection, from: contents.table.classes)
        }
    }

    // MARK: Subtract

    /// Subtracts every row of the base that fails the predicate, each once: the removal
    /// candidates are gathered into a selection, then visited in row order. Returns the rows
    /// taken out, as a bitset, when the query asks for facets (they are counted from the
    /// buckets minus those rows); nil otherwise.
    private func subtract(_ sources: [QueryPlan.RemovalSource], from tally: inout Tally) -> [UInt64]? {
        let selection = RowSelection(rowLimit: contents.table.rowLimit)
        for source in sources { addRemovalCandidates(of: source, to: selection) }
        // Each half writes only the words of its own range, so two threads never share one.
        let removed: RowSelection? = query.facets.isEmpty ? nil : RowSelection(rowLimit: contents.table.rowLimit)
        let removedWords = removed?.words
        let predicate = self.predicate
        let dayCodes = query.dayCodes
        let rows = predicate.rows
        // A base of a filter's allowed values holds only the rows of those values.
        let (baseColumn, baseAllowed): (UnsafeMutablePointer<UInt32>?, CodeSet?) = switch BucketTallies(contents: contents, query: query).base {
        case .cards?: (rows.cardAccount, query.cardPairs)
        case .categories?: (rows.descriptor, query.categoryDescriptors)
        case .accounts?: (rows.cardAccount, query.accountPairs)
        case .allRows?, nil: (nil, nil)
        }
        // The rows of an exclusion, of an excluded group whose clauses are single conditions,
        // or outside a class are exactly rows the query rules out (`addRows`): when every
        // candidate comes from such sources, none is tested (testing each of 27,000 rows of
        // `-(la OR shop)` was most of that query). A complement holds rows that may match
        // through another field, and a group's listing of a clause of several conditions rows
        // that may fail one of them: those are tested.
        let everyCandidateFails = sources.allSatisfy { source in
            switch source {
            case .complement: false
            case .exclusion, .outsideClass: true
            case .excludedGroup(let index): query.groups[index].clauses.allSatisfy(\.isSingleCondition)
            }
        }
        func subtractFailing(_ writer: inout TallyWriter, _ words: Range<Int>) {
            selection.forEach(inWords: words) { row in
                if let dayCodes, !dayCodes.contains(rows.dayCode[Int(row)]) { return }  // not in the base
                if let baseColumn, let baseAllowed, !baseAllowed.contains(baseColumn[Int(row)]) { return }
                assert(!everyCandidateFails || !predicate.matches(row), "QueryExecutor.subtract: row \(row) of an exact source matches")
                if everyCandidateFails || !predicate.matches(row) {
                    writer.subtract(row)
                    if let removedWords { removedWords[Int(row >> 6)] |= 1 << UInt64(row & 63) }
                }
            }
        }
        let candidates = selection.count
        guard candidates >= contents.parallelScanMinimum && ScanParallelism.hasSecondCore else {
            tally.withWriter(predicate: predicate) { subtractFailing(&$0, 0..<selection.wordCount) }
            return removed.map(\.bitset)
        }
        // The second half subtracts from an empty tally, added to the first after.
        var second = tally.emptyCopy()
        tally.withWriter(predicate: predicate) { first in
            second.withWriter(predicate: predicate) { second in
                ScanParallelism.run(&first, &second, middle: selection.middleWord(of: candidates), end: selection.wordCount,
                                    subtractFailing)
            }
        }
        tally.absorb(second)
        return removed.map(\.bitset)
    }

    private func addRemovalCandidates(of source: QueryPlan.RemovalSource, to selection: RowSelection) {
        switch source {
        case .complement(let index, let field):
            let matching = field.codes(of: query.conditions[index])
            for code in 0..<UInt32(field.codeLimit(in: contents)) where !matching.contains(code) && field.rowCount(code, in: contents) > 0 {
                selection.insert(field.postings(code, in: contents))
            }
        case .exclusion(let index):
            addRows(of: query.exclusions[index], to: selection)
        case .outsideClass(let filter):
            filter.addRows(to: selection, from: contents.table.classes, complement: true)
        case .excludedGroup(let index):
            for condition in query.groups[index].listing()?.conditions ?? [] { addRows(of: condition, to: selection) }
        }
    }
}
