/// Runs one compiled query against the store (under its read lock).
///
/// It first plans, from the estimates the compiler gathered:
/// - **buckets**: no text and no filter but dates: totals and groups are read from the buckets,
///   in time proportional to the groups;
/// - **scan**: drive candidate rows from the smallest source (a condition's postings, a filter's
///   postings, the date window, or all rows), keep those the predicate accepts, and tally them;
/// - **subtract**: when a term matches most rows (or the query only excludes), take the bucket
///   tallies and subtract the rows that fail, found from the postings of the strings the term
///   does *not* match (or that an exclusion does): a set difference on the index.
struct QueryExecutor {
    let state: StoreContents
    let query: CompiledQuery
    let storage: PredicateStorage
    let rates: ExchangeRates?

    init(state: StoreContents, query: CompiledQuery, rates: ExchangeRates?) {
        self.state = state
        self.query = query
        self.rates = rates
        storage = PredicateStorage(query, state: state)
    }

    var predicate: RowPredicate { storage.predicate }

    /// Where candidate rows come from in a scan.
    enum Driver: Equatable {
        case allRows
        case condition(Int)
        case cards, categories, accounts
        case dateWindow(ClosedRange<Int64>)
    }

    /// The postings that can list a condition's non-matching rows.
    enum PostingField: CaseIterable {
        case descriptor, note, card, account
    }

    /// Where the rows to subtract come from.
    enum RemovalSource: Equatable {
        /// Rows whose string in `field` the condition does not match.
        case complement(condition: Int, field: PostingField)
        /// Rows an exclusion matches.
        case exclusion(Int)
    }

    enum Plan: Equatable {
        case nothing
        case buckets
        case scan(Driver, estimate: Int)
        case subtract([RemovalSource], estimate: Int)
    }

    func run() -> QueryResult {
        var tally: Tally
        var matched: [UInt32]?
        switch plan() {
        case .nothing:
            return QueryResult(grouping: query.grouping, total: Aggregate(count: 0, sums: [], base: rates.map { Money(minorUnits: 0, currency: $0.base) }),
                               groups: [], rows: [], elapsedMicroseconds: 0)
        case .buckets:
            tally = bucketTally()
        case .scan(let driver, let estimate):
            tally = Tally(groupLimit: groupLimit, currencies: state.currencies.count, grouping: query.grouping)
            matched = scan(driver, estimate: estimate, into: &tally)
            tally.finishScan()
        case .subtract(let sources, _):
            tally = bucketTally()
            subtract(sources, from: &tally)
        }
        let order = groupOrder(tally)
        let counts = order.map { tally.count(ofGroup: $0) }
        let selector = PageSelector(state: state, query: query, predicate: predicate, matched: matched)
        let pageRows = selector.page(groups: order, counts: counts)
        return ResultAssembler(state: state, query: query, rates: rates)
            .result(tally: tally, groupOrder: order, groupCounts: counts, page: pageRows)
    }

    // MARK: Planning

    func plan() -> Plan {
        if query.matchesNothing { return .nothing }
        let bucketBase = query.cards == nil && query.categories == nil && query.accounts == nil && query.pending == nil
            && query.amountBounds == nil && query.kind == nil
            && (query.dayRange == nil || [.none, .day, .month].contains(query.grouping))
        if bucketBase && query.conditions.isEmpty && query.exclusions.isEmpty { return .buckets }
        let (driver, estimate) = cheapestDriver()
        if bucketBase, let (sources, removals) = removalSources(), removals < estimate {
            return .subtract(sources, estimate: removals)
        }
        return .scan(driver, estimate: estimate)
    }

    /// The cheapest driver and its estimated candidate count.
    func cheapestDriver() -> (Driver, Int) {
        var best: (Driver, Int) = (.allRows, state.count)
        func consider(_ driver: Driver, _ estimate: Int) {
            if estimate < best.1 { best = (driver, estimate) }
        }
        for (index, condition) in query.conditions.enumerated() where condition.daySlots == nil && condition.pending == nil {
            consider(.condition(index), condition.estimate)
        }
        if let cards = query.cards { consider(.cards, cards.codes.reduce(0) { $0 + state.text[.card].rowCount($1) }) }
        if let categories = query.categories {
            let descriptors = state.text.descriptors
            consider(.categories, categories.codes.reduce(0) { $0 + descriptors.rowCount(of: $1, in: descriptors.byCategory) })
        }
        if let accounts = query.accounts { consider(.accounts, accounts.codes.reduce(0) { $0 + state.text[.account].rowCount($1) }) }
        if let range = query.dayRange {
            let window = state.clock.instantWindow(days: range.lowerBound, range.upperBound)
            consider(.dateWindow(window), state.rowCount(instantsIn: window))
        }
        return best
    }

    /// The cheapest way to list every row to subtract, and how many rows that visits; nil when
    /// some condition or exclusion cannot be listed from postings.
    func removalSources() -> ([RemovalSource], Int)? {
        var sources: [RemovalSource] = []
        var total = 0
        for (index, condition) in query.conditions.enumerated() {
            guard condition.daySlots == nil && condition.pending == nil else { return nil }
            var best: (PostingField, Int)?
            for field in PostingField.allCases {
                let set = codeSet(of: condition, field)
                let covered = field == .descriptor ? state.text.descriptors.rowCount(of: set) : set.codes.reduce(0) { $0 + rowCount(field, $1) }
                let cost = state.count - covered
                if best == nil || cost < best!.1 { best = (field, cost) }
            }
            sources.append(.complement(condition: index, field: best!.0))
            total += best!.1
        }
        for (index, exclusion) in query.exclusions.enumerated() {
            guard (exclusion.daySlots == nil || exclusion.dayRange != nil) && exclusion.pending == nil else { return nil }
            sources.append(.exclusion(index))
            total += exclusion.estimate
        }
        return (sources, total)
    }

    // MARK: Scan

    /// Tallies the rows the predicate accepts among the driver's candidates; returns them.
    private func scan(_ driver: Driver, estimate: Int, into tally: inout Tally) -> [UInt32] {
        let predicate = self.predicate
        var candidates = RowBuffer(capacity: driver == .allRows ? 0 : estimate)
        if driver != .allRows {
            forEachCandidate(driver) { candidates.append($0) }
        }
        let capacity = driver == .allRows ? state.count : candidates.count
        let rowLimit = state.table.rowLimit
        let flags = state.table.flags.base
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
    func forEachCandidate(_ driver: Driver, _ body: (UInt32) -> Void) {
        switch driver {
        case .allRows:
            let flags = state.table.flags.base
            for row in 0..<state.table.rowLimit where flags[row] & RowFlags.live.rawValue != 0 {
                body(UInt32(row))
            }
        case .condition(let index):
            forEachRow(of: query.conditions[index], predicate.conditions + index, body)
        case .cards:
            for code in query.cards!.codes { state.text[.card].postings[Int(code)].forEach(body) }
        case .categories:
            for code in query.categories!.codes { state.text.descriptors.forEachRow(of: code, in: state.text.descriptors.byCategory, body) }
        case .accounts:
            for code in query.accounts!.codes { state.text[.account].postings[Int(code)].forEach(body) }
        case .dateWindow(let window):
            state.forEachRow(instantsIn: window, descending: false) { row in
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
            state.forEachRow(instantsIn: state.clock.instantWindow(days: days.lowerBound, days.upperBound), descending: false) { row in
                body(row)
                return true
            }
            return
        }
        let rows = predicate.rows
        let descriptors = view.pointee.descriptors, notes = view.pointee.notes
        let cards = view.pointee.cards, accounts = view.pointee.accounts
        for code in condition.descriptors.codes { state.text.descriptors.postings[Int(code)].forEach(body) }
        for code in condition.notes.codes {
            state.text[.notes].postings[Int(code)].forEach { row in
                if !descriptors.contains(rows.descriptor[Int(row)]) { body(row) }
            }
        }
        for code in condition.cards.codes {
            state.text[.card].postings[Int(code)].forEach { row in
                let index = Int(row)
                if !descriptors.contains(rows.descriptor[index]) && !notes.contains(rows.note[index]) { body(row) }
            }
        }
        for code in condition.accounts.codes {
            state.text[.account].postings[Int(code)].forEach { row in
                let index = Int(row)
                if !descriptors.contains(rows.descriptor[index]) && !notes.contains(rows.note[index])
                    && !cards.contains(rows.card[index]) {
                    body(row)
                }
            }
        }
        if let range = condition.magnitude, !range.isEmpty {
            let magnitudes = state.magnitudes
            let start = state.orders.byAmount.lowerBound { magnitudes[$0] < range.lowerBound }
            state.orders.byAmount.forEach(from: start) { row in
                guard magnitudes[row] < range.upperBound else { return false }
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

    /// Subtracts every row of the base that fails the predicate, each once.
    private func subtract(_ sources: [RemovalSource], from tally: inout Tally) {
        var removed = [UInt64](repeating: 0, count: (state.table.rowLimit + 63) / 64)
        let predicate = self.predicate
        let daySlots = query.daySlots
        let rows = predicate.rows
        tally.withWriter(predicate: predicate) { writer in
            removed.withUnsafeMutableBufferPointer { removed in
                for source in sources {
                    forEachRemovalCandidate(source) { row in
                        let word = Int(row >> 6), bit: UInt64 = 1 << UInt64(row & 63)
                        guard removed[word] & bit == 0 else { return }
                        if let daySlots, !daySlots.contains(rows.daySlot[Int(row)]) { return }  // not in the base
                        guard !predicate.matches(row) else { return }
                        removed[word] |= bit
                        writer.subtract(row)
                    }
                }
            }
        }
    }

    private func forEachRemovalCandidate(_ source: RemovalSource, _ body: (UInt32) -> Void) {
        switch source {
        case .complement(let index, let field):
            let matching = codeSet(of: query.conditions[index], field)
            for code in 0..<UInt32(codeLimit(field)) where !matching.contains(code) && rowCount(field, code) > 0 {
                forEachRow(field, code, body)
            }
        case .exclusion(let index):
            forEachRow(of: query.exclusions[index], predicate.exclusions + index, body)
        }
    }

    private func codeSet(of condition: CompiledCondition, _ field: PostingField) -> CodeSet {
        switch field {
        case .descriptor: condition.descriptors
        case .note: condition.notes
        case .card: condition.cards
        case .account: condition.accounts
        }
    }

    // These switch on the field rather than return its index: a struct of a dozen arrays,
    // which returning by value would retain and release on every call.

    private func rowCount(_ field: PostingField, _ code: UInt32) -> Int {
        switch field {
        case .descriptor: state.text.descriptors.rowCount(code)
        case .note: state.text[.notes].rowCount(code)
        case .card: state.text[.card].rowCount(code)
        case .account: state.text[.account].rowCount(code)
        }
    }

    private func codeLimit(_ field: PostingField) -> Int {
        switch field {
        case .descriptor: state.text.descriptors.codeLimit
        case .note: state.text[.notes].codeLimit
        case .card: state.text[.card].codeLimit
        case .account: state.text[.account].codeLimit
        }
    }

    private func forEachRow(_ field: PostingField, _ code: UInt32, _ body: (UInt32) -> Void) {
        switch field {
        case .descriptor: state.text.descriptors.postings[Int(code)].forEach(body)
        case .note: state.text[.notes].postings[Int(code)].forEach(body)
        case .card: state.text[.card].postings[Int(code)].forEach(body)
        case .account: state.text[.account].postings[Int(code)].forEach(body)
        }
    }

    // MARK: Buckets

    /// The tally of the base, from the buckets: every row, or the rows of the date range. With
    /// no range, or days in a range, it shares the bucket table (the group order then keeps
    /// only the range's days).
    private func bucketTally() -> Tally {
        let buckets = state.buckets
        guard let range = query.dayRange else {
            let total = buckets.total
            switch query.grouping {
            case .none: return Tally(sharing: total, totals: total, grouping: .none)
            case .day: return Tally(sharing: buckets.day, totals: total, grouping: .day)
            case .month: return Tally(sharing: buckets.month, totals: total, grouping: .month)
            case .card: return Tally(sharing: buckets.card, totals: total, grouping: .card)
            case .category: return Tally(sharing: buckets.category, totals: total, grouping: .category)
            case .merchant: return Tally(sharing: buckets.merchant, totals: total, grouping: .merchant)
            }
        }
        if query.grouping == .day {
            var tally = Tally(sharing: buckets.day, totals: BucketTable(), grouping: .day)
            let days = state.calendar.days
            var index = days.sortedValues.lowerBound(range.lowerBound)
            while index < days.sortedValues.count && days.sortedValues[index] <= range.upperBound {
                tally.addTotals(of: buckets.day, bucket: days.sortedSlots[index])
                index += 1
            }
            return tally
        }
        var tally = Tally(groupLimit: groupLimit, currencies: state.currencies.count, grouping: query.grouping)
        let days = state.calendar.days
        if query.grouping == .month {
            // Whole months inside the range come from month buckets, partial ones from days.
            for (position, monthSlot) in state.calendar.months.sortedSlots.enumerated() {
                let month = CalendarMonth(monthsSince1970: state.calendar.months.sortedValues[position])
                let first = month.firstDay.daysSince1970, last = month.lastDay.daysSince1970
                if last < range.lowerBound || first > range.upperBound { continue }
                if first >= range.lowerBound && last <= range.upperBound {
                    tally.add(buckets.month, bucket: monthSlot, asGroup: monthSlot)
                    continue
                }
                var index = days.sortedValues.lowerBound(max(first, range.lowerBound))
                while index < days.sortedValues.count && days.sortedValues[index] <= min(last, range.upperBound) {
                    tally.add(buckets.day, bucket: days.sortedSlots[index], asGroup: monthSlot)
                    index += 1
                }
            }
            return tally
        }
        var index = days.sortedValues.lowerBound(range.lowerBound)
        while index < days.sortedValues.count && days.sortedValues[index] <= range.upperBound {
            tally.add(buckets.day, bucket: days.sortedSlots[index], asGroup: 0)
            index += 1
        }
        return tally
    }

    /// One past the largest group code of the grouping.
    private var groupLimit: Int {
        switch query.grouping {
        case .none: 1
        case .day: state.calendar.days.slotLimit
        case .month: state.calendar.months.slotLimit
        case .card: state.text[.card].codeLimit
        case .category: state.text[.category].codeLimit
        case .merchant: state.text[.merchant].codeLimit
        }
    }

    // MARK: Group order

    /// Group codes with rows, in result order: date groups by date (newest first unless sorting
    /// by date ascending), others by title with the "none" group last.
    private func groupOrder(_ tally: Tally) -> [UInt32] {
        var order: [UInt32] = []
        func keep(_ code: UInt32) {
            if tally.count(ofGroup: code) > 0 { order.append(code) }
        }
        switch query.grouping {
        case .none:
            return [0]
        case .day, .month:
            let pool = query.grouping == .day ? state.calendar.days : state.calendar.months
            var lower = 0, upper = pool.sortedValues.count
            if query.grouping == .day, let range = query.dayRange {
                // The tally may be the whole day table: keep only the range's days.
                lower = pool.sortedValues.lowerBound(range.lowerBound)
                upper = range.upperBound == .max ? upper : pool.sortedValues.lowerBound(range.upperBound + 1)
            }
            order.reserveCapacity(upper - lower)
            if query.sort == .dateAscending {
                for index in lower..<upper { keep(pool.sortedSlots[index]) }
            } else {
                for index in stride(from: upper - 1, through: lower, by: -1) { keep(pool.sortedSlots[index]) }
            }
        case .card:
            for code in state.text[.card].titleOrder { keep(code) }
            keep(0)
        case .category:
            for code in state.text[.category].titleOrder { keep(code) }
            keep(0)
        case .merchant:
            order.reserveCapacity(state.text[.merchant].titleOrder.count)
            for code in state.text[.merchant].titleOrder { keep(code) }
        }
        return order
    }
}
