/// Builds the public result from the tallies and the page: money per currency in code order,
/// group keys and titles, the page's transactions and where the words occur in each merchant.
struct ResultAssembler {
    let contents: StoreContents
    let query: CompiledQuery
    let rates: ExchangeRates?
    /// The pools' texts, taken once: every group key and page row makes its strings from them.
    private let texts: FieldTexts

    init(contents: StoreContents, query: CompiledQuery, rates: ExchangeRates?) {
        self.contents = contents
        self.query = query
        self.rates = rates
        texts = contents.fieldTexts
    }

    func result(tally: Tally, groupOrder: [UInt32], groupCounts: [Int], page: [(row: UInt32, group: UInt32)]) -> QueryResult {
        let currencies = contents.currencies.currencies
        let currencyOrder = currencies.indices.sorted { currencies[$0] < currencies[$1] }
        var sums: [Money] = []
        var count = 0
        for currency in currencyOrder where tally.totalCounts[currency] > 0 {
            sums.append(Money(minorUnits: tally.totalSums[currency], currency: currencies[currency]))
            count += Int(tally.totalCounts[currency])
        }
        let total = Aggregate(count: count, sums: sums, conversion: rates?.conversion(of: sums))

        var groups = ResultGroups()
        if query.grouping != .none {
            var groupSums: [Money] = []
            var sumStarts: [Int32] = [0]
            sumStarts.reserveCapacity(groupOrder.count + 1)
            groupSums.reserveCapacity(groupOrder.count)
            let stride = tally.stride
            let sums = tally.sums
            tally.counts.withUnsafeBufferPointer { counts in
                for group in groupOrder {
                    let base = Int(group) * stride
                    for currency in currencyOrder where base + currency < counts.count && counts[base + currency] > 0 {
                        groupSums.append(Money(minorUnits: sums[base + currency], currency: currencies[currency]))
                    }
                    sumStarts.append(Int32(groupSums.count))
                }
            }
            if let field = ResultAssembler.textField(of: query.grouping) {
                groups = ResultGroups(textKeys: textKeys(of: groupOrder, in: field), counts: groupCounts, sumStarts: sumStarts, sums: groupSums)
            } else {
                groups = ResultGroups(keys: groupOrder.map(dateKey(of:)), counts: groupCounts, sumStarts: sumStarts, sums: groupSums, bases: nil)
            }
            if let rates { groups.setBases(rates.conversion(of:)) }
        }

        var highlighter = MatchHighlighter(terms: query.highlightTerms)
        return QueryResult(grouping: query.grouping, total: total, groups: groups, rows: rows(page[...], highlighter: &highlighter),
                           elapsedMicroseconds: 0)
    }

    /// The page's rows: each transaction, its group and where the words occur in its merchant.
    func rows(_ page: ArraySlice<(row: UInt32, group: UInt32)>, highlighter: inout MatchHighlighter) -> [ResultRow] {
        var strings = RowStrings(texts)
        return page.map { entry -> ResultRow in
            let transaction = contents.transaction(at: entry.row, strings: &strings)
            let merchantCode = contents.text.descriptors.merchantOf[contents.table.descriptor[entry.row]]
            return ResultRow(
                transaction: transaction,
                group: query.grouping == .none ? nil : key(of: entry.group, strings: &strings),
                matches: highlighter.ranges(in: transaction.merchant, code: merchantCode))
        }
    }

    /// The text field whose strings are the keys of a grouping (nil for none and the dates).
    static func textField(of grouping: Grouping) -> TextField? {
        switch grouping {
        case .none, .day, .month, .week, .year: nil
        case .card: .card
        case .category: .category
        case .merchant: .merchant
        case .account: .account
        case .payee: .payee
        }
    }

    /// The keys of a text grouping's groups, as bytes copied from the pool (no string made).
    private func textKeys(of groupOrder: [UInt32], in field: TextField) -> TextGroupKeys {
        var byteCount = 0
        for group in groupOrder where group != 0 { byteCount += texts.withUTF8(field, group) { $0.count } }
        return TextGroupKeys(grouping: query.grouping, codes: groupOrder, byteCount: byteCount) { code, body in
            texts.withUTF8(field, code, body)
        }
    }

    /// The key of a group code under the query's grouping, its string made by `strings` (a
    /// row's group is one of its own strings: copied, not made again).
    func key(of group: UInt32, strings: inout RowStrings) -> GroupKey {
        switch query.grouping {
        case .none, .day, .month, .week, .year: dateKey(of: group)
        case .card: .card(strings.string(.card, group))
        case .category: .category(strings.string(.category, group))
        case .merchant: .merchant(strings.string(.merchant, group) ?? "")
        case .account: .account(strings.string(.account, group))
        case .payee: .payee(strings.string(.payee, group))
        }
    }

    /// The key of a group code under a grouping by date (`.none`: by day).
    private func dateKey(of group: UInt32) -> GroupKey {
        if let periods = query.periods, query.grouping == periods.grouping { return periods.key(ofGroup: group) }
        return query.grouping == .month ? .month(CalendarMonth(monthsSince1970: contents.calendar.months.value(group)))
            : .day(CalendarDay(daysSince1970: contents.calendar.days.value(group)))
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
