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
            tally = Tally(groupLimit: buckets.groupLimit, currencies: contents.currencies.count, grouping: query.grouping)
            matched = scan(driver, estimate: estimate, into: &tally)
            tally.finishScan()
        case .subtract(let sources, _):
            tally = buckets.tally()
            removed = subtract(sources, from: &tally)
        }
        let order = GroupOrder(contents: contents, query: query).order(of: tally)
        let counts = order.map { tally.count(ofGroup: $0) }
        let selector = PageSelector(contents: contents, query: query, predicate: predicate, matched: matched)
        let pageRows = selector.page(groups: order, counts: counts)
        var result = ResultAssembler(contents: contents, query: query, rates: rates)
            .result(tally: tally, groupOrder: order, groupCounts: counts, page: materializingRows ? pageRows : [])
        addSearchAids(to: &result, plan: plan, matched: matched, removed: removed)
        return (result, pageRows)
    }

    // MARK: Scan

    /// Tallies the rows the predicate accepts among the driver's candidates; returns them.
    private func scan(_ driver: QueryPlan.Driver, estimate: Int, into tally: inout Tally) -> [UInt32] {
        let predicate = self.predicate
        var candidates = RowBuffer(capacity: driver == .allRows ? 0 : estimate)
        if driver != .allRows {
            forEachCandidate(driver) { candidates.append($0) }
        }
        let capacity = driver == .allRows ? contents.count : candidates.count
        let rowLimit = contents.table.rowLimit
        let flags = predicate.rows.flags
        let rows = candidates.rows
        return tally.withWriter(predicate: predicate) { writer in
            [UInt32](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, count in
                writer.matched = buffer.baseAddress!
                if driver == .allRows {
                    writer.visitLiveRows(below: rowLimit, flags: flags)
                } else {
                    writer.visit(rows)
                }
                count = writer.matchedCount
            }
        }
    }

    /// Calls `body` once with every candidate row of a driver (rows may fail the predicate).
    func forEachCandidate(_ driver: QueryPlan.Driver, _ body: (UInt32) -> Void) {
        switch driver {
        case .allRows:
            let flags = predicate.rows.flags
            for row in 0..<contents.table.rowLimit where flags[row] & RowFlags.live.rawValue != 0 {
                body(UInt32(row))
            }
        case .condition(let index):
            forEachRow(of: query.conditions[index], predicate.conditions + index, body)
        case .cards:
            for code in query.cards!.codes { contents.text[.card].postings[Int(code)].forEach(body) }
        case .categories:
            for code in query.categories!.codes { contents.text.descriptors.forEachRow(of: code, in: contents.text.descriptors.byCategory, body) }
        case .accounts:
            for code in query.accounts!.codes { contents.text[.account].postings[Int(code)].forEach(body) }
        case .dateWindow(let window):
            contents.walkRows(instantsIn: window, descending: false) { row in
                body(row)
                return true
            }
        }
    }

    /// The rows a condition holds for, each once: its descriptors' postings (disjoint), then
    /// the postings of its notes, cards and accounts and its amount slice, each skipping rows
    /// an earlier part already reached.
    private func forEachRow(of condition: CompiledCondition, _ view: UnsafePointer<ConditionView>, _ body: (UInt32) -> Void) {
        if let days = condition.dayRange {  // a date term: its rows are a slice of the date order
            contents.walkRows(instantsIn: contents.clock.instantWindow(days: days.lowerBound, days.upperBound), descending: false) { row in
                body(row)
                return true
            }
            return
        }
        let rows = predicate.rows
        let descriptors = view.pointee.descriptors, notes = view.pointee.notes
        let cards = view.pointee.cards, accounts = view.pointee.accounts
        for code in condition.descriptors.codes { contents.text.descriptors.postings[Int(code)].forEach(body) }
        for code in condition.notes.codes {
            contents.text[.notes].postings[Int(code)].forEach { row in
                if !descriptors.contains(rows.descriptor[Int(row)]) { body(row) }
            }
        }
        for code in condition.cards.codes {
            contents.text[.card].postings[Int(code)].forEach { row in
                let index = Int(row)
                if !descriptors.contains(rows.descriptor[index]) && !notes.contains(rows.note[index]) { body(row) }
            }
        }
        for code in condition.accounts.codes {
            contents.text[.account].postings[Int(code)].forEach { row in
                let index = Int(row)
                if !descriptors.contains(rows.descriptor[index]) && !notes.contains(rows.note[index])
                    && !cards.contains(rows.card[index]) {
                    body(row)
                }
            }
        }
        if let range = condition.magnitude, !range.isEmpty {
            let view = predicate.rows
            let start = contents.orders.byAmount.lowerBound { view[magnitudeOf: $0] < range.lowerBound }
            contents.orders.byAmount.walk(from: start) { row in
                guard view[magnitudeOf: row] < range.upperBound else { return false }
                let index = Int(row)
                if !descriptors.contains(rows.descriptor[index]) && !notes.contains(rows.note[index])
                    && !cards.contains(rows.card[index]) && !accounts.contains(rows.account[index]) {
                    body(row)
                }
                return true
            }
        }
    }

    // MARK: Subtract

    /// Subtracts every row of the base that fails the predicate, each once; returns them as
    /// a bitset (for facets).
    private func subtract(_ sources: [QueryPlan.RemovalSource], from tally: inout Tally) -> [UInt64] {
        var removed = [UInt64](repeating: 0, count: (contents.table.rowLimit + 63) / 64)
        let predicate = self.predicate
        let dayCodes = query.dayCodes
        let rows = predicate.rows
        tally.withWriter(predicate: predicate) { writer in
            removed.withUnsafeMutableBufferPointer { removed in
                for source in sources {
                    forEachRemovalCandidate(source) { row in
                        let word = Int(row >> 6), bit: UInt64 = 1 << UInt64(row & 63)
                        guard removed[word] & bit == 0 else { return }
                        if let dayCodes, !dayCodes.contains(rows.dayCode[Int(row)]) { return }  // not in the base
                        guard !predicate.matches(row) else { return }
                        removed[word] |= bit
                        writer.subtract(row)
                    }
                }
            }
        }
        return removed
    }

    private func forEachRemovalCandidate(_ source: QueryPlan.RemovalSource, _ body: (UInt32) -> Void) {
        switch source {
        case .complement(let index, let field):
            let matching = field.codes(of: query.conditions[index])
            for code in 0..<UInt32(field.codeLimit(in: contents)) where !matching.contains(code) && field.rowCount(code, in: contents) > 0 {
                field.forEachRow(code, in: contents, body)
            }
        case .exclusion(let index):
            forEachRow(of: query.exclusions[index], predicate.exclusions + index, body)
        }
    }
}
