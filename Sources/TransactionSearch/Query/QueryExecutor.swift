/// Runs one compiled query against the store (under its read lock).
///
/// Plan: estimate each possible source of candidate rows (a condition's postings, a filter's
/// postings, the date window, all rows), drive from the smallest, and keep the candidates the
/// predicate accepts, tallying totals and groups in dense arrays indexed by group code as it
/// goes. A query with no text and no filter but dates skips the rows: its totals and groups are
/// read from the buckets, in time proportional to the groups.
struct QueryExecutor {
    let state: StoreState
    let query: CompiledQuery
    let storage: PredicateStorage
    let rates: ExchangeRates?

    init(state: StoreState, query: CompiledQuery, rates: ExchangeRates?) {
        self.state = state
        self.query = query
        self.rates = rates
        storage = PredicateStorage(query, columns: state.columns, currencyScales: state.currencies.scales)
    }

    var predicate: RowPredicate { storage.predicate }

    func run() -> QueryResult {
        if query.matchesNothing {
            return QueryResult(grouping: query.grouping, total: Aggregate(count: 0, sums: [], base: rates.map { Money(minorUnits: 0, currency: $0.base) }),
                               groups: [], rows: [], elapsedMicroseconds: 0)
        }
        let tally: Tally
        var matched: [UInt32]?
        if usesBuckets {
            tally = bucketTally()
        } else {
            var rows: [UInt32] = []
            tally = scanTally(collecting: &rows)
            matched = rows
        }
        let order = groupOrder(tally)
        let selector = PageSelector(state: state, query: query, predicate: predicate, matched: matched)
        let counts = query.grouping == .none ? [tally.totalCount] : order.map { Int(tally.groupCounts[Int($0)]) }
        let pageRows = selector.page(groups: order, counts: counts)
        return ResultAssembler(state: state, query: query, rates: rates).result(tally: tally, groupOrder: order, page: pageRows)
    }

    /// Whether totals and groups can be read from the buckets.
    private var usesBuckets: Bool {
        query.isAnsweredByBuckets && (query.dayRange == nil || [.none, .day, .month].contains(query.grouping))
    }

    // MARK: Drivers

    /// Where candidate rows come from.
    enum Driver: Equatable {
        case allRows
        case condition(Int)
        case cards, categories, accounts
        case dateWindow(ClosedRange<Int64>)
    }

    /// The cheapest driver and its estimated candidate count.
    func plan() -> (driver: Driver, estimate: Int) {
        var best: (Driver, Int) = (.allRows, state.count)
        func consider(_ driver: Driver, _ estimate: Int) {
            if estimate < best.1 { best = (driver, estimate) }
        }
        for (index, condition) in query.conditions.enumerated() where condition.daySlots == nil && condition.pending == nil {
            consider(.condition(index), condition.estimate)
        }
        if let cards = query.cards { consider(.cards, cards.codes.reduce(0) { $0 + state.cards.rowCount($1) }) }
        if let categories = query.categories {
            consider(.categories, categories.codes.reduce(0) { $0 + state.categories.rowCount($1) })
        }
        if let accounts = query.accounts { consider(.accounts, accounts.codes.reduce(0) { $0 + state.accounts.rowCount($1) }) }
        if let range = query.dayRange {
            let window = state.clock.instantWindow(days: range.lowerBound, range.upperBound)
            let instants = state.columns.instant.base
            let start = state.dateOrder.lowerBound { instants[Int($0)] < window.lowerBound }
            let end = state.dateOrder.lowerBound { instants[Int($0)] <= window.upperBound }
            consider(.dateWindow(window), state.dateOrder.rank(of: end) - state.dateOrder.rank(of: start))
        }
        return best
    }

    /// Calls `body` once with every candidate row of a driver (rows may fail the predicate).
    @inline(__always)
    func forEachCandidate(_ driver: Driver, _ body: (UInt32) -> Void) {
        switch driver {
        case .allRows:
            let flags = state.columns.flags.base
            for row in 0..<state.columns.rowLimit where flags[row] & RowFlags.live.rawValue != 0 {
                body(UInt32(row))
            }
        case .condition(let index):
            forEachRow(of: query.conditions[index], predicate.conditions[index], body)
        case .cards:
            for code in query.cards!.codes { state.cards.postings[Int(code)].forEach(body) }
        case .categories:
            for code in query.categories!.codes { state.categories.postings[Int(code)].forEach(body) }
        case .accounts:
            for code in query.accounts!.codes { state.accounts.postings[Int(code)].forEach(body) }
        case .dateWindow(let window):
            state.forEachRow(instantsIn: window, descending: false) { row in
                body(row)
                return true
            }
        }
    }

    /// The rows a condition holds for, each once: the postings of its strings field by field
    /// (a row already reached through an earlier field is skipped), then its amount slice.
    private func forEachRow(of condition: CompiledCondition, _ view: ConditionView, _ body: (UInt32) -> Void) {
        let rows = predicate.rows
        for code in condition.merchants.codes { state.merchants.postings[Int(code)].forEach(body) }
        for code in condition.categories.codes {
            state.categories.postings[Int(code)].forEach { row in
                if !view.merchants.contains(rows.merchant[Int(row)]) { body(row) }
            }
        }
        for code in condition.subcategories.codes {
            state.subcategories.postings[Int(code)].forEach { row in
                let index = Int(row)
                if !view.merchants.contains(rows.merchant[index]) && !view.categories.contains(rows.category[index]) {
                    body(row)
                }
            }
        }
        for code in condition.notes.codes {
            state.notes.postings[Int(code)].forEach { row in
                let index = Int(row)
                if !view.merchants.contains(rows.merchant[index]) && !view.categories.contains(rows.category[index])
                    && !view.subcategories.contains(rows.subcategory[index]) {
                    body(row)
                }
            }
        }
        for code in condition.cards.codes { state.cards.postings[Int(code)].forEach(body) }
        for code in condition.accounts.codes { state.accounts.postings[Int(code)].forEach(body) }
        if let range = condition.magnitude, !range.isEmpty {
            let magnitudes = state.magnitudes
            let start = state.amountOrder.lowerBound { magnitudes[$0] < range.lowerBound }
            state.amountOrder.forEach(from: start) { row in
                guard magnitudes[row] < range.upperBound else { return false }
                let index = Int(row)
                if !view.merchants.contains(rows.merchant[index]) && !view.categories.contains(rows.category[index])
                    && !view.subcategories.contains(rows.subcategory[index]) && !view.notes.contains(rows.note[index]) {
                    body(row)
                }
                return true
            }
        }
    }

    // MARK: Tallies

    /// Counts and sums of the matching rows, in total and per group code.
    private func scanTally(collecting matched: inout [UInt32]) -> Tally {
        let (driver, estimate) = plan()
        var tally = Tally(groupLimit: groupLimit, currencies: state.currencies.count)
        matched.reserveCapacity(min(estimate, state.count))
        let predicate = self.predicate
        let rows = predicate.rows
        let grouping = query.grouping
        let stride = tally.stride
        tally.withBuffers { totalCounts, totalSums, groupCounts, currencyCounts, sums in
            forEachCandidate(driver) { row in
                guard predicate.matches(row) else { return }
                matched.append(row)
                let index = Int(row)
                let currency = Int(rows.currency[index])
                let amount = rows.amount[index]
                totalCounts[currency] += 1
                totalSums[currency] &+= amount
                let group = Int(rows.groupCode(index, grouping))
                groupCounts[group] += 1
                currencyCounts[group &* stride &+ currency] += 1
                sums[group &* stride &+ currency] &+= amount
            }
        }
        return tally
    }

    /// Totals and groups read from the buckets (no text, no filter but dates).
    private func bucketTally() -> Tally {
        var tally = Tally(groupLimit: groupLimit, currencies: state.currencies.count)
        let buckets = state.buckets
        guard let range = query.dayRange else {
            tally.add(buckets.total, bucket: 0, asGroup: nil)
            switch query.grouping {
            case .none: break
            case .day: for slot in state.days.sortedSlots { tally.add(buckets.day, bucket: slot, asGroup: slot) }
            case .month: for slot in state.months.sortedSlots { tally.add(buckets.month, bucket: slot, asGroup: slot) }
            case .card: tally.copyGroups(buckets.card)
            case .category: tally.copyGroups(buckets.category)
            case .merchant: tally.copyGroups(buckets.merchant)
            }
            return tally
        }
        let days = state.days
        var index = days.sortedValues.lowerBound(range.lowerBound)
        if query.grouping == .month {
            // Whole months inside the range come from month buckets, partial ones from days.
            for (position, monthSlot) in state.months.sortedSlots.enumerated() {
                let month = CalendarMonth(monthsSince1970: state.months.sortedValues[position])
                let first = month.firstDay.daysSince1970, last = month.lastDay.daysSince1970
                if last < range.lowerBound || first > range.upperBound { continue }
                if first >= range.lowerBound && last <= range.upperBound {
                    tally.add(buckets.month, bucket: monthSlot, asGroup: monthSlot)
                    tally.add(buckets.month, bucket: monthSlot, asGroup: nil)
                    continue
                }
                var dayIndex = days.sortedValues.lowerBound(max(first, range.lowerBound))
                while dayIndex < days.sortedValues.count && days.sortedValues[dayIndex] <= min(last, range.upperBound) {
                    tally.add(buckets.day, bucket: days.sortedSlots[dayIndex], asGroup: monthSlot)
                    tally.add(buckets.day, bucket: days.sortedSlots[dayIndex], asGroup: nil)
                    dayIndex += 1
                }
            }
            return tally
        }
        while index < days.sortedValues.count && days.sortedValues[index] <= range.upperBound {
            let slot = days.sortedSlots[index]
            tally.add(buckets.day, bucket: slot, asGroup: nil)
            if query.grouping == .day { tally.add(buckets.day, bucket: slot, asGroup: slot) }
            index += 1
        }
        return tally
    }

    /// One past the largest group code of the grouping.
    private var groupLimit: Int {
        switch query.grouping {
        case .none: 1
        case .day: state.days.slotLimit
        case .month: state.months.slotLimit
        case .card: state.cards.codeLimit
        case .category: state.categories.codeLimit
        case .merchant: state.merchants.codeLimit
        }
    }

    // MARK: Group order

    /// Group codes with rows, in result order: date groups by date (newest first unless sorting
    /// by date ascending), others by title with the "none" group last.
    private func groupOrder(_ tally: Tally) -> [UInt32] {
        var order: [UInt32] = []
        func keep(_ code: UInt32) {
            if Int(code) < tally.groupCounts.count && tally.groupCounts[Int(code)] > 0 { order.append(code) }
        }
        switch query.grouping {
        case .none:
            return [0]
        case .day, .month:
            let slots = query.grouping == .day ? state.days.sortedSlots : state.months.sortedSlots
            if query.sort == .dateAscending {
                for slot in slots { keep(slot) }
            } else {
                for slot in slots.reversed() { keep(slot) }
            }
        case .card:
            for code in state.cards.titleOrder { keep(code) }
            keep(0)
        case .category:
            for code in state.categories.titleOrder { keep(code) }
            keep(0)
        case .merchant:
            for code in state.merchants.titleOrder { keep(code) }
        }
        return order
    }
}

/// Counts and sums per currency, in total and per group code, in flat arrays.
struct Tally {
    var totalCounts: [Int32]
    var totalSums: [Int64]
    var groupCounts: [Int32]
    var currencyCounts: [Int32]
    var sums: [Int64]
    let stride: Int

    init(groupLimit: Int, currencies: Int) {
        stride = max(currencies, 1)
        totalCounts = [Int32](repeating: 0, count: stride)
        totalSums = [Int64](repeating: 0, count: stride)
        groupCounts = [Int32](repeating: 0, count: max(groupLimit, 1))
        currencyCounts = [Int32](repeating: 0, count: max(groupLimit, 1) * stride)
        sums = [Int64](repeating: 0, count: max(groupLimit, 1) * stride)
    }

    var totalCount: Int { totalCounts.reduce(0) { $0 + Int($1) } }

    /// Adds a bucket to a group (or, with nil, to the totals).
    mutating func add(_ table: BucketTable, bucket: UInt32, asGroup group: UInt32?) {
        table.forEachCurrency(of: bucket) { currency, count, sum, _ in
            let currency = Int(currency)
            if let group {
                groupCounts[Int(group)] += Int32(count)
                currencyCounts[Int(group) * stride + currency] += Int32(count)
                sums[Int(group) * stride + currency] &+= sum
            } else {
                totalCounts[currency] += Int32(count)
                totalSums[currency] &+= sum
            }
        }
    }

    /// Every bucket of a table as the group of the same code.
    mutating func copyGroups(_ table: BucketTable) {
        for bucket in 0..<min(table.bucketCount, groupCounts.count) where table.count(UInt32(bucket)) > 0 {
            add(table, bucket: UInt32(bucket), asGroup: UInt32(bucket))
        }
    }

    mutating func withBuffers(_ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int32>,
                                       UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int64>) -> Void) {
        totalCounts.withUnsafeMutableBufferPointer { totalCounts in
            totalSums.withUnsafeMutableBufferPointer { totalSums in
                groupCounts.withUnsafeMutableBufferPointer { groupCounts in
                    currencyCounts.withUnsafeMutableBufferPointer { currencyCounts in
                        sums.withUnsafeMutableBufferPointer { sums in
                            body(totalCounts.baseAddress!, totalSums.baseAddress!, groupCounts.baseAddress!,
                                 currencyCounts.baseAddress!, sums.baseAddress!)
                        }
                    }
                }
            }
        }
    }
}
