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
        var keyed = tally.valueCodes.filter { !(hasNone && $0 == 0) }
        let ranks = titleRanks(of: keyed, field: field)
        keyed.sort { a, b in
            let x = tally.rows(of: a), y = tally.rows(of: b)
            return x != y ? x > y : ranks(a) < ranks(b)
        }
        let limit = max(0, request.limit)
        var shown = Array(keyed.prefix(limit))
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
            other = aggregate(shown.count, count: keyed[limit...].reduce(0) { $0 + tally.rows(of: $1) })
        }
        return Facet(field: field, values: values, other: other)
    }

    /// A function giving each code its position in title order (folded title, title, key).
    private func titleRanks(of codes: [UInt32], field: FacetField) -> (UInt32) -> Int {
        switch field {
        case .category, .merchant, .card, .account:
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
        case .account, .month, .status: .account
        }
    }

    /// The value's key text (nil: none).
    func key(of code: UInt32, field: FacetField) -> String? {
        switch field {
        case .category, .merchant, .card, .account:
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
        case .category, .merchant, .account:
            return code == 0 ? field.noneTitle ?? "" : contents.text[FacetAssembler.textField(field)].string(code)
        case .card:
            return code == 0 ? field.noneTitle ?? "" : contents.text[.card].title(code)
        case .month:
            return MonthTitle.title(of: CalendarMonth(monthsSince1970: contents.calendar.months.value(code)))
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
