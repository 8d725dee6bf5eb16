/// Counts a query's facets from the same plan as its result:
///
/// - a scan: the rows it matched, counted by the facet's field (one pass each);
/// - buckets, or buckets minus failing rows, with no date range: the field's bucket table
///   (card, category, merchant, month, account; status from the pending part of the account
///   buckets), minus the rows the plan subtracted;
/// - with a date range: month facets from month and day buckets (as month groups are), the
///   others from the rows of the range that match;
/// - a disjunctive facet: its own query (`Query.relaxed(for:)`), planned and run the same way.
struct FacetCounter {
    let contents: StoreContents
    let query: CompiledQuery
    let predicate: RowPredicate
    let rates: ExchangeRates?

    /// Every requested facet, in `FacetField` order.
    func facets(plan: QueryPlan, matched: [UInt32]?, removed: [UInt64]?) -> [Facet] {
        guard !query.facets.isEmpty else { return [] }
        var matchingRows = matched
        return query.facets.map { request in
            if request.isDisjunctive, let relaxed = query.relaxedFacets.first(where: { $0.field == request.field }) {
                let facets = QueryExecutor(contents: contents, query: relaxed.query, rates: rates).run(materializingRows: false).result.facets
                return facets.first ?? Facet(field: request.field, values: [])
            }
            let column = FacetColumn(request.field, view: predicate.rows)
            let tally: FacetTally
            switch plan {
            case .nothing:
                return Facet(field: request.field, values: [])
            case .scan:
                tally = FacetTally(rows: matched ?? [], column: column, codeLimit: codeLimit(of: request.field), currencyCount: contents.currencies.count)
            case .buckets, .subtract:
                if let base = bucketTally(request.field, column: column, removed: removed) {
                    tally = base
                } else {
                    if matchingRows == nil { matchingRows = rowsMatchingBase() }
                    tally = FacetTally(rows: matchingRows!, column: column, codeLimit: codeLimit(of: request.field), currencyCount: contents.currencies.count)
                }
            }
            return FacetAssembler(contents: contents, rates: rates).facet(from: tally, request: request, column: column)
        }
    }

    /// One past the largest value code of a field.
    func codeLimit(of field: FacetField) -> Int {
        switch field {
        case .category: contents.text[.category].codeLimit
        case .merchant: contents.text[.merchant].codeLimit
        case .card: contents.text[.card].codeLimit
        case .account: contents.text[.account].codeLimit
        case .month: contents.calendar.months.codeLimit
        case .status: 2
        }
    }

    /// The tally of every row of the plan's base (all rows, or the date range's) from the
    /// buckets, minus the rows a subtract plan removed, when the field has buckets for that
    /// base; nil otherwise.
    private func bucketTally(_ field: FacetField, column: FacetColumn, removed: [UInt64]?) -> FacetTally? {
        let buckets = contents.buckets
        var removedRows: [UInt32] = []
        if let removed { PostingList.forEachBit(in: removed) { removedRows.append($0) } }
        func from(_ table: BucketTable) -> FacetTally {
            var totalCounts = [Int32](repeating: 0, count: max(table.stride, 1))
            var totalSums = [Int128](repeating: 0, count: max(table.stride, 1))
            buckets.total.forEachCurrency(of: 0) { currency, count, sum, _ in
                if Int(currency) < totalCounts.count {
                    totalCounts[Int(currency)] = Int32(count)
                    totalSums[Int(currency)] = sum
                }
            }
            return FacetTally(rowsPerBucket: table.counts, currencyCounts: table.currencyCounts, sums: table.sums, stride: table.stride,
                              totalCounts: totalCounts, totalSums: totalSums, removed: removedRows, column: column)
        }
        if query.dayRange != nil {
            guard field == .month else { return nil }
            var monthly = query
            monthly.grouping = .month
            let tally = BucketTallies(contents: contents, query: monthly).tally()
            return FacetTally(rowsPerBucket: tally.groupCounts, currencyCounts: tally.counts, sums: tally.sums, stride: tally.stride,
                              totalCounts: tally.totalCounts, totalSums: tally.totalSums, removed: removedRows, column: column)
        }
        switch field {
        case .category: return from(buckets.category)
        case .merchant: return from(buckets.merchant)
        case .card: return from(buckets.card)
        case .account: return from(buckets.account)
        case .month: return from(buckets.month)
        case .status:
            // Pending rows are the pending part of every account; posted rows the rest.
            let stride = max(buckets.total.stride, 1)
            var perStatus: [Int32] = [0, 0]
            var counts = [Int32](repeating: 0, count: 2 * stride)
            var sums = [Int128](repeating: 0, count: 2 * stride)
            buckets.total.forEachCurrency(of: 0) { currency, count, sum, _ in
                counts[Int(currency)] += Int32(count)
                sums[Int(currency)] &+= sum
                perStatus[0] += Int32(count)
            }
            for account in 0..<UInt32(buckets.pendingByAccount.bucketCount) {
                buckets.pendingByAccount.forEachCurrency(of: account) { currency, count, sum, _ in
                    counts[stride + Int(currency)] += Int32(count)
                    sums[stride + Int(currency)] &+= sum
                    counts[Int(currency)] -= Int32(count)
                    sums[Int(currency)] &-= sum
                    perStatus[1] += Int32(count)
                    perStatus[0] -= Int32(count)
                }
            }
            return FacetTally(rowsPerBucket: perStatus, currencyCounts: counts, sums: sums, stride: stride,
                              totalCounts: Array(counts[0..<stride]).enumerated().map { $0.element + counts[stride + $0.offset] },
                              totalSums: (0..<stride).map { sums[$0] &+ sums[stride + $0] }, removed: removedRows, column: column)
        }
    }

    /// The rows of the plan's base that match: the date range's (walked in the date order) or
    /// every live row.
    private func rowsMatchingBase() -> [UInt32] {
        var rows: [UInt32] = []
        let predicate = self.predicate
        if let range = query.dayRange {
            contents.walkRows(instantsIn: contents.clock.instantWindow(days: range.lowerBound, range.upperBound), descending: false) { row in
                if predicate.matches(row) { rows.append(row) }
                return true
            }
            return rows
        }
        rows.reserveCapacity(contents.count)
        let flags = predicate.rows.flags
        for row in 0..<contents.table.rowLimit where flags[row] & RowFlags.live.rawValue != 0 && predicate.matches(UInt32(row)) {
            rows.append(UInt32(row))
        }
        return rows
    }
}

extension QueryExecutor {
    /// Sets the result's facets (counted from the plan's rows or buckets) and corrections.
    func addSearchAids(to result: inout QueryResult, plan: QueryPlan, matched: [UInt32]?, removed: [UInt64]?) {
        result.corrections = query.corrections
        result.widenedWords = query.widenedWords
        guard !query.facets.isEmpty else { return }
        result.facets = FacetCounter(contents: contents, query: query, predicate: predicate, rates: rates)
            .facets(plan: plan, matched: matched, removed: removed)
    }
}
