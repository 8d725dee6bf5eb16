/// Builds the public result from the tallies and the page: money per currency in code order,
/// group keys and titles, the page's transactions and where the words occur in each merchant.
struct ResultAssembler {
    let state: StoreState
    let query: CompiledQuery
    let rates: ExchangeRates?

    func result(tally: Tally, groupOrder: [UInt32], page: [(row: UInt32, group: UInt32)]) -> QueryResult {
        let currencyOrder = state.currencies.currencies.indices.sorted {
            state.currencies.currencies[$0].code < state.currencies.currencies[$1].code
        }
        func money(counts: (Int) -> Int32, sums: (Int) -> Int64, into output: inout [Money]) {
            for currency in currencyOrder where counts(currency) > 0 {
                output.append(Money(minorUnits: sums(currency), currency: state.currencies.currencies[currency]))
            }
        }
        var totalSums: [Money] = []
        money(counts: { tally.totalCounts[$0] }, sums: { tally.totalSums[$0] }, into: &totalSums)
        let total = Aggregate(count: tally.totalCount, sums: totalSums, base: rates?.total(of: totalSums))

        var groups: [ResultGroup] = []
        if query.grouping != .none {
            var keys: [GroupKey] = []
            var counts: [Int] = []
            var sums: [Money] = []
            var ranges: [Range<Int>] = []
            keys.reserveCapacity(groupOrder.count)
            counts.reserveCapacity(groupOrder.count)
            ranges.reserveCapacity(groupOrder.count)
            let stride = tally.stride
            for group in groupOrder {
                let base = Int(group) * stride
                let start = sums.count
                money(counts: { tally.currencyCounts[base + $0] }, sums: { tally.sums[base + $0] }, into: &sums)
                keys.append(key(of: group))
                counts.append(Int(tally.groupCounts[Int(group)]))
                ranges.append(start..<sums.count)
            }
            let bases = rates.map { rates in ranges.map { rates.total(of: Array(sums[$0])) } }
            groups = GroupSums.groups(keys: keys, counts: counts, sums: sums, ranges: ranges, bases: bases)
        }

        var highlighter = MatchHighlighter(terms: query.highlightTerms)
        let rows = page.map { entry -> ResultRow in
            let transaction = state.transaction(at: entry.row)
            let merchantCode = state.columns.merchant[entry.row]
            return ResultRow(
                transaction: transaction,
                group: query.grouping == .none ? nil : key(of: entry.group),
                matches: highlighter.ranges(in: transaction.merchant, code: merchantCode))
        }
        return QueryResult(grouping: query.grouping, total: total, groups: groups, rows: rows, elapsedMicroseconds: 0)
    }

    /// The key of a group code under the query's grouping.
    func key(of group: UInt32) -> GroupKey {
        switch query.grouping {
        case .none, .day: .day(CalendarDay(daysSince1970: state.days.value(group)))
        case .month: .month(CalendarMonth(monthsSince1970: state.months.value(group)))
        case .card: .card(group == 0 ? nil : state.cards.string(group))
        case .category: .category(group == 0 ? nil : state.categories.string(group))
        case .merchant: .merchant(state.merchants.string(group))
        }
    }
}

/// Where the query's words occur in a merchant's original text, as [start, end) offsets in
/// Unicode scalars: each occurrence in the folded text maps back through the scalar each folded
/// byte came from, and stretches over marks that folding dropped after it. Remembered per
/// merchant for the page.
struct MatchHighlighter {
    let terms: [[UInt8]]
    private var cache: [UInt32: [Range<Int>]] = [:]

    init(terms: [[UInt8]]) {
        self.terms = terms
    }

    mutating func ranges(in text: String, code: UInt32) -> [Range<Int>] {
        guard !terms.isEmpty else { return [] }
        if let known = cache[code] { return known }
        let found = MatchHighlighter.ranges(of: terms, in: text)
        cache[code] = found
        return found
    }

    static func ranges(of terms: [[UInt8]], in text: String) -> [Range<Int>] {
        let (folded, origins) = Folding.foldTracingOrigins(text)
        let scalarCount = text.unicodeScalars.count
        var ranges: [Range<Int>] = []
        folded.withUnsafeBufferPointer { haystack in
            for term in terms where !term.isEmpty {
                term.withUnsafeBufferPointer { needle in
                    var from = 0
                    while let start = ByteSearch.firstIndex(of: needle, in: haystack, from: from) {
                        let end = start + needle.count
                        let lower = Int(origins[start])
                        let upper = end < origins.count ? Int(origins[end]) : scalarCount
                        ranges.append(lower ..< max(upper, Int(origins[end - 1]) + 1))
                        from = start + 1
                    }
                }
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
