/// Picks the page: the rows at `offset ..< offset + limit` of all matching rows laid out group
/// by group, each group in the sort order. Only the groups the page touches are visited, and
/// for each the cheaper of two ways is taken:
/// - walk the maintained date (or amount) order from the start, keeping the group's matching
///   rows, until the page is full: about `needed * rows / groupCount` steps; a day or month
///   group walks only the instants its days can have;
/// - or collect the group's matching rows (from the matched rows or the group's postings) and
///   sort just those.
/// A walk gives up once it has cost what collecting would (its estimate assumes the group's
/// rows spread evenly over the order; a group can cluster far from the start), and the group
/// is collected instead. So the first page of a date-sorted result never sorts all matches,
/// and never costs much more than the cheaper of the two ways.
struct PageSelector {
    let contents: StoreContents
    let query: CompiledQuery
    let predicate: RowPredicate
    /// The matching rows, when the query scanned rows (nil when it was answered by buckets).
    let matched: [UInt32]?

    /// What one step of a walk costs against one unit of `collectCost` (a source row read, a
    /// comparison): about 61 and 23 instructions (callgrind, bench --profile mix-loop).
    static let walkStepWeight = 2.7

    /// The page's rows with their group codes.
    func page(groups: [UInt32], counts: [Int]) -> [(row: UInt32, group: UInt32)] {
        var skip = query.offset
        var remaining = query.limit
        var page: [(row: UInt32, group: UInt32)] = []
        guard remaining > 0 else { return page }
        for (index, group) in groups.enumerated() {
            let count = counts[index]
            if skip >= count {
                skip -= count
                continue
            }
            let take = min(remaining, count - skip)
            for row in rows(ofGroup: group, count: count, skip: skip, take: take) {
                page.append((row, group))
            }
            remaining -= take
            skip = 0
            if remaining == 0 { break }
        }
        return page
    }

    /// The rows `skip ..< skip + take` of one group in the sort order.
    private func rows(ofGroup group: UInt32, count: Int, skip: Int, take: Int) -> [UInt32] {
        let grouping = query.grouping
        let rows = predicate.rows
        let predicate = self.predicate
        let periodOfDay = query.periods?.groupOfDay
        @inline(__always) func belongs(_ row: UInt32) -> Bool {
            (grouping == .none || rows.groupCode(Int(row), grouping, periodOfDay: periodOfDay) == group) && predicate.matches(row)
        }
        if grouping.isByDate {
            let window = instantWindow(ofGroup: group)
            // A few matches over busy days (a rare word last year, by month): the group's
            // matched rows, sorted, cost less than testing every row of its days in the order
            // (callgrind, "shell" last year by month at 100,000 rows: 1.12 M instructions a
            // query in the walks).
            if let matched, collectCost(sources: matched.count, count: count, needed: skip + take)
                < Double(contents.rowCount(instantsIn: window)) * PageSelector.walkStepWeight
            {
                return slice(first(skip + take, of: matchedRows(ofGroup: group, matched, count: count)), skip: skip, take: take)
            }
            var candidates: [UInt32] = []
            if query.sort.isByDate {
                var collector = PageCollector(skip: skip, take: take)
                contents.walkRows(instantsIn: window, descending: query.sort == .dateDescending) { row in
                    !belongs(row) || collector.keep(row)
                }
                return collector.rows
            }
            contents.walkRows(instantsIn: window, descending: false) { row in
                if belongs(row) { candidates.append(row) }
                return true
            }
            return slice(first(skip + take, of: candidates), skip: skip, take: take)
        }
        let needed = skip + take
        // With a date range, a date-sorted walk covers only the range's instants.
        let window = query.sort.isByDate ? query.dayRange.map { contents.clock.instantWindow(days: $0.lowerBound, $0.upperBound) } : nil
        let walked = max(window.map(contents.rowCount(instantsIn:)) ?? contents.count, 1)
        let walkCost = Double(needed) * Double(walked) / Double(max(count, 1))
        let collectCost = collectCost(sources: collectSourceCount(group: group), count: count, needed: needed)
        if walkCost * PageSelector.walkStepWeight <= collectCost {
            // The estimate assumes the group's rows spread evenly over the order; a group that
            // clusters away from the start (a category seen only in older months) would walk
            // far more. So the walk stops once it has cost what collecting costs, and the
            // group is collected instead: never much worse than the cheaper way.
            var collector = PageCollector(skip: skip, take: take,
                                          budget: Int(min(collectCost / PageSelector.walkStepWeight, Double(Int.max / 2))) + needed)
            if let window {
                contents.walkRows(instantsIn: window, descending: query.sort == .dateDescending) { row in
                    collector.step() && (!belongs(row) || collector.keep(row))
                }
            } else {
                contents.walkRows(in: query.sort) { row in collector.step() && (!belongs(row) || collector.keep(row)) }
            }
            if !collector.isOverBudget { return collector.rows }
        }
        if let matched {
            return slice(first(needed, of: matchedRows(ofGroup: group, matched, count: count)), skip: skip, take: take)
        }
        var candidates: [UInt32] = []
        candidates.reserveCapacity(count)
        forEachCollectSource(group: group) { row in
            if belongs(row) { candidates.append(row) }
        }
        return slice(first(needed, of: candidates), skip: skip, take: take)
    }

    /// What collecting a group costs, in steps of `collectSourceCount`: reading the sources
    /// and keeping the first `needed` of the group's `count` rows (see `first(_:of:)`).
    private func collectCost(sources: Int, count: Int, needed: Int) -> Double {
        Double(sources) + Double(count) * (needed * 4 < count ? 2 : log2(Double(max(count, 2))))
    }

    /// The matched rows of one group (`count` of them), in row order: the matched rows all
    /// match, so only their group is tested.
    private func matchedRows(ofGroup group: UInt32, _ matched: [UInt32], count: Int) -> [UInt32] {
        let grouping = query.grouping, rows = predicate.rows, periodOfDay = query.periods?.groupOfDay
        var candidates: [UInt32] = []
        candidates.reserveCapacity(count)
        matched.withUnsafeBufferPointer { matched in
            for row in matched where grouping == .none || rows.groupCode(Int(row), grouping, periodOfDay: periodOfDay) == group {
                candidates.append(row)
            }
        }
        return candidates
    }

    /// Instants that can fall on a date group's days.
    private func instantWindow(ofGroup group: UInt32) -> ClosedRange<Int64> {
        if let periods = query.periods, query.grouping == periods.grouping {
            let days = periods.days(ofGroup: group)
            return contents.clock.instantWindow(days: days.lowerBound, days.upperBound)
        }
        if query.grouping == .day {
            let day = contents.calendar.days.value(group)
            return contents.clock.instantWindow(days: day, day)
        }
        let month = CalendarMonth(monthsSince1970: contents.calendar.months.value(group))
        return contents.clock.instantWindow(days: month.firstDay.daysSince1970, month.lastDay.daysSince1970)
    }

    /// How many rows collecting a group would look at.
    private func collectSourceCount(group: UInt32) -> Int {
        if let matched { return matched.count }
        switch query.grouping {
        case .card: return contents.text[.card].rowCount(group)
        case .category: return contents.text.descriptors.rowCount(of: group, in: contents.text.descriptors.byCategory)
        case .merchant: return contents.text[.merchant].rowCount(group)
        case .account: return contents.text[.account].rowCount(group)
        case .payee: return contents.text.descriptors.rowCount(of: group, in: contents.text.descriptors.byPayee)
        default: return contents.count
        }
    }

    /// The rows of a group's postings (or all rows), for a query answered from buckets.
    private func forEachCollectSource(group: UInt32, _ body: (UInt32) -> Void) {
        switch query.grouping {
        case .card: contents.text[.card].postings[Int(group)].forEach(body)
        case .category: contents.text.descriptors.forEachRow(of: group, in: contents.text.descriptors.byCategory, body)
        case .merchant: contents.text.descriptors.forEachRow(of: group, in: contents.text.descriptors.byMerchant, body)
        case .account: contents.text[.account].postings[Int(group)].forEach(body)
        case .payee: contents.text.descriptors.forEachRow(of: group, in: contents.text.descriptors.byPayee, body)
        default: contents.walkRows(in: .dateAscending) { body($0); return true }
        }
    }

    private func slice(_ rows: [UInt32], skip: Int, take: Int) -> [UInt32] {
        guard skip < rows.count else { return [] }
        return Array(rows[skip ..< min(rows.count, skip + take)])
    }

    /// The first `needed` rows in the query's sort order (docs/SPEC.md section 3 tie-breaks):
    /// a full sort when most are needed,
    /// otherwise one pass keeping the best `needed` in a heap (a page of 50 from a group of
    /// thousands reads each row once, about as much as a walk of the order that finds the
    /// group's rows at the rate it expects, and far less when the group clusters in time).
    private func first(_ needed: Int, of rows: [UInt32]) -> [UInt32] {
        guard needed > 0 else { return [] }
        return withOrder { precedes in
            guard needed * 4 < rows.count else { return rows.sorted(by: precedes) }
            // A heap whose root is the row that comes last among those kept.
            var heap: [UInt32] = []
            heap.reserveCapacity(needed)
            func siftDown(_ start: Int) {
                var parent = start
                while true {
                    let left = 2 * parent + 1
                    guard left < heap.count else { return }
                    var later = left
                    if left + 1 < heap.count && precedes(heap[left], heap[left + 1]) { later = left + 1 }
                    guard precedes(heap[parent], heap[later]) else { return }
                    heap.swapAt(parent, later)
                    parent = later
                }
            }
            // Rows come roughly in row order, which is roughly date order: for a newest-first
            // sort, reading them backwards fills the heap with the best rows early, and the
            // rest are turned away with one comparison instead of a sift each.
            let newestFirst = query.sort == .dateDescending
            for index in rows.indices {
                let row = rows[newestFirst ? rows.count - 1 - index : index]
                if heap.count < needed {
                    heap.append(row)
                    var child = heap.count - 1
                    while child > 0 {
                        let parent = (child - 1) / 2
                        guard precedes(heap[parent], heap[child]) else { break }
                        heap.swapAt(parent, child)
                        child = parent
                    }
                } else if precedes(row, heap[0]) {
                    heap[0] = row
                    siftDown(0)
                }
            }
            return heap.sorted(by: precedes)
        }
    }

    /// Calls `body` with the query's order as "comes before".
    private func withOrder<Result>(_ body: ((UInt32, UInt32) -> Bool) -> Result) -> Result {
        let rows = predicate.rows
        let ids = contents.table.ids
        switch query.sort {
        case .dateDescending:
            return body { a, b in
                let x = rows.instant(Int(a)), y = rows.instant(Int(b))
                return x != y ? x > y : ids.compare(a, b) < 0
            }
        case .dateAscending:
            let order = contents.dateOrdering
            return body { order.precedes($0, $1) }
        case .amountAscending:
            let order = contents.amountOrdering
            return body { order.precedes($0, $1) }
        case .amountDescending:
            return body { a, b in
                let x = rows[magnitudeOf: a], y = rows[magnitudeOf: b]
                if x != y { return x > y }
                let p = rows.instant(Int(a)), q = rows.instant(Int(b))
                return p != q ? p > q : ids.compare(a, b) < 0
            }
        }
    }
}

/// Skips the first rows of a walk, then keeps rows until it has enough; with a budget, gives
/// up after that many steps.
struct PageCollector {
    var skip: Int
    let take: Int
    private(set) var rows: [UInt32] = []
    /// Steps left before the walk gives up.
    private var budget: Int
    /// Whether the walk gave up before the page was full.
    private(set) var isOverBudget = false

    init(skip: Int, take: Int, budget: Int = .max) {
        self.skip = skip
        self.take = take
        self.budget = budget
        rows.reserveCapacity(take)
    }

    /// Counts one step of the walk; false (the walk stops) once the budget is spent.
    @inline(__always)
    mutating func step() -> Bool {
        budget -= 1
        if budget >= 0 { return true }
        isOverBudget = true
        return false
    }

    /// Takes the next row of the walk; false once the page is full (the walk stops).
    @inline(__always)
    mutating func keep(_ row: UInt32) -> Bool {
        if skip > 0 {
            skip -= 1
            return true
        }
        rows.append(row)
        return rows.count < take
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
