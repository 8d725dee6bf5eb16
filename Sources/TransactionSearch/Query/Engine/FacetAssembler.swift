/// Turns a facet tally into the public `Facet`: values by count, descending, then by title
/// (folded title, title, key: the order of groups), the "none" value last; the values past
/// the limit summed in `other`; sums per currency in currency code order, base totals when
/// exchange rates are set.
struct FacetAssembler {
    let contents: StoreContents
    let rates: ExchangeRates?

    func facet(from tally: FacetTally, request: FacetRequest, column: FacetColumn) -> Facet {
        let field = request.field
        let hasNone = field.noneTitle != nil
        let keyed = tally.valueCodes.filter { !(hasNone && $0 == 0) }
        let limit = max(0, request.limit)
        var shown = topValues(keyed, limit: limit, tally: tally, field: field)
        let noneRows = hasNone ? tally.rows(of: 0) : 0
        if noneRows > 0 { shown.append(0) }
        let currencies = contents.currencies.currencies
        let order = currencies.indices.sorted { currencies[$0] < currencies[$1] }
        let slots = tally.perCurrency(shown: shown, currencyCount: currencies.count, column: column)
        func aggregate(_ slot: Int, count: Int) -> Aggregate {
            var sums: [Money] = []
            for currency in order where slots[slot][currency].count > 0 {
                sums.append(Money(minorUnits: slots[slot][currency].sum, currency: currencies[currency]))
            }
            return Aggregate(count: count, sums: sums, conversion: rates?.conversion(of: sums))
        }
        var values: [FacetValue] = []
        values.reserveCapacity(shown.count)
        for (slot, code) in shown.enumerated() {
            let total = aggregate(slot, count: tally.rows(of: code))
            let isNone = hasNone && code == 0
            values.append(FacetValue(key: isNone ? nil : key(of: code, field: field), title: title(of: code, field: field),
                                     count: total.count, sums: total.sums, base: total.base, baseProblem: total.baseProblem))
        }
        var other: Aggregate?
        if keyed.count > limit {
            let keyedRows = keyed.reduce(0) { $0 + tally.rows(of: $1) }
            let shownRows = shown.reduce(0) { $0 + ((hasNone && $1 == 0) ? 0 : tally.rows(of: $1)) }
            other = aggregate(shown.count, count: keyedRows - shownRows)
        }
        return Facet(field: field, values: values, other: other)
    }

    /// The `limit` values with the most rows, ties by title, in that order: one pass keeping
    /// the best so far (a facet over thousands of merchants sorts only what it shows).
    private func topValues(_ codes: [UInt32], limit: Int, tally: FacetTally, field: FacetField) -> [UInt32] {
        guard limit > 0, !codes.isEmpty else { return [] }
        // Most rows first: the count's complement above, the code below; ties by title later.
        var best: [UInt64] = []
        // Room for what can be kept, never for the limit asked (a person may type 10^10).
        best.reserveCapacity(min(limit, codes.count) + 1)
        for code in codes {
            let key = UInt64(UInt32.max - UInt32(clamping: tally.rows(of: code))) << 32 | UInt64(code)
            if best.count == limit {
                // As few rows as the last kept value or fewer: out, or a tie gathered below.
                guard key >> 32 < best[limit - 1] >> 32 else { continue }
                best.removeLast()
            }
            var position = best.count
            while position > 0 && best[position - 1] > key { position -= 1 }
            best.insert(key, at: position)
        }
        // Keep every value tied with the last kept count, then order by title and cut.
        let lastCount = best.count >= limit ? best[limit - 1] >> 32 : UInt64.max
        let candidates = best.filter { $0 >> 32 < lastCount } + codes.filter { code in
            UInt64(UInt32.max - UInt32(clamping: tally.rows(of: code))) == lastCount
        }.map { UInt64(UInt32.max - UInt32(clamping: tally.rows(of: $0))) << 32 | UInt64($0) }
        let ranks = titleRanks(of: candidates.map { UInt32(truncatingIfNeeded: $0) }, field: field)
        let ordered = candidates.sorted { a, b in
            if a >> 32 != b >> 32 { return a >> 32 < b >> 32 }
            return ranks(UInt32(truncatingIfNeeded: a)) < ranks(UInt32(truncatingIfNeeded: b))
        }
        return ordered.prefix(limit).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// A function giving each code its position in title order (folded title, title, key).
    private func titleRanks(of codes: [UInt32], field: FacetField) -> (UInt32) -> Int {
        switch field {
        case .category, .merchant, .card, .account, .payee:
            let index = contents.text[FacetAssembler.textField(field)]
            let ranks = index.titleRank
            return { Int(code: $0, in: ranks) }
        case .month, .status:
            let sorted = codes.map { (code: $0, key: TitleKey(string: key(of: $0, field: field) ?? "", title: title(of: $0, field: field))) }
                .sorted { $0.key < $1.key }
            var rank: [UInt32: Int] = [:]
            for (position, entry) in sorted.enumerated() { rank[entry.code] = position }
            return { rank[$0] ?? Int.max }
        }
    }

    /// The pool of a field that has one.
    static func textField(_ field: FacetField) -> TextField {
        switch field {
        case .category: .category
        case .merchant: .merchant
        case .card: .card
        case .payee: .payee
        case .account, .month, .status: .account
        }
    }

    /// The value's key text (nil: none).
    func key(of code: UInt32, field: FacetField) -> String? {
        switch field {
        case .category, .merchant, .card, .account, .payee:
            return code == 0 ? nil : contents.text[FacetAssembler.textField(field)].string(code)
        case .month:
            return CalendarMonth(monthsSince1970: contents.calendar.months.value(code)).description
        case .status:
            return code == 1 ? TransactionStatus.pending.rawValue : TransactionStatus.posted.rawValue
        }
    }

    /// The value's display title.
    func title(of code: UInt32, field: FacetField) -> String {
        switch field {
        case .category, .merchant, .account, .payee:
            return code == 0 ? field.noneTitle ?? "" : contents.text[FacetAssembler.textField(field)].string(code)
        case .card:
            return code == 0 ? field.noneTitle ?? "" : contents.text[.card].title(code)
        case .month:
            return CalendarMonth(monthsSince1970: contents.calendar.months.value(code)).title
        case .status:
            return code == 1 ? "Pending" : "Posted"
        }
    }
}

private extension Int {
    /// A code's rank in a title rank table (codes past it last).
    init(code: UInt32, in ranks: [UInt32]) {
        self = Int(code) < ranks.count ? Int(ranks[Int(code)]) : Int.max
    }
}
