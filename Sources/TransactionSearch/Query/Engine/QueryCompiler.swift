/// Planning: a `Query` becomes a `CompiledQuery` against the current pools. Terms are matched
/// against the distinct strings, never the rows: a term of three or more bytes through the
/// trigram index, a shorter one by scanning the distinct strings of the field. Groups are
/// compiled in `QueryCompiler+Groups`. Made by the caller that holds the store's lock, used
/// at once, like `QueryPlanner` and `QueryExecutor`; it reads the contents and changes nothing.
struct QueryCompiler {
    let contents: StoreContents

    // What of the contents a query is compiled against.
    var text: TextFields { contents.text }
    var table: RowTable { contents.table }
    var calendar: StoreCalendar { contents.calendar }
    var orders: RowOrders { contents.orders }
    var currencies: CurrencyTable { contents.currencies }
    var clock: ZoneClock { contents.clock }
    var rows: RowView { contents.rows }
    func rowCount(instantsIn window: ClosedRange<Int64>) -> Int { contents.rowCount(instantsIn: window) }
}

extension QueryCompiler {
    /// The query compiled against the current pools; `widening: false` leaves words that
    /// match nothing unmatched rather than widen them to typos (a rule's search is exact).
    func compile(_ query: Query, widening: Bool = true) -> CompiledQuery {
        // The store works relative dates out with its own clock first; a query compiled
        // directly takes today from the system clock.
        let query = query.hasRelativeDates ? query.resolvingRelativeDates(today: StoreClock.system.today(in: clock)) : query
        var compiled = CompiledQuery()
        compiled.widens = widening
        compiled.grouping = query.grouping
        compiled.groupOrdering = query.groupOrdering
        compiled.sort = query.sort
        compiled.limit = max(0, query.limit)
        compiled.offset = max(0, query.offset)
        compileFacets(of: query, into: &compiled)

        let field = TermField(query.scope)
        for word in TermFolding.words(of: query.text) {
            compiled.conditions.append(wordCondition(word, field: field, widening: widening, into: &compiled))
        }
        // Status and included date terms narrow like filters; they are applied with them below.
        var requiredStatus: [Bool] = []
        var requiredDays: [ClosedRange<Int32>] = []
        for term in query.terms {
            switch term.condition {
            case .dates(let from, let to) where !term.isExcluded:
                let first = from?.daysSince1970 ?? Int32.min, last = to?.daysSince1970 ?? Int32.max
                if first > last { compiled.matchesNothing = true } else { requiredDays.append(first...last) }
            case .status(let status):
                requiredStatus.append((status == .pending) != term.isExcluded)
            case .relativeDates:
                continue  // worked out above
            case .word(let text):
                // A word of a library's query: as the text's words (a group's are compiled there).
                let words = TermFolding.words(of: text)
                if !term.isExcluded && !words.isEmpty {
                    for word in words { compiled.conditions.append(wordCondition(word, field: field, widening: widening, into: &compiled)) }
                    continue
                }
                fallthrough
            default:
                switch termOutcome(term, scope: field, negated: false, into: &compiled) {
                case .always, .skip: break
                case .never: compiled.matchesNothing = true
                case .condition(let condition): compiled.conditions.append(condition)
                case .exclusion(let exclusion): compiled.exclusions.append(exclusion)
                case .clause(let clause):
                    compiled.conditions += clause.conditions
                    compiled.exclusions += clause.exclusions
                    compiled.groups += clause.groups
                case .group(let group): compiled.groups.append(group)
                }
            }
        }
        if compiled.conditions.contains(where: \.isUnsatisfiable) { compiled.matchesNothing = true }

        let filters = query.filters
        if filters.from != nil || filters.to != nil || !requiredDays.isEmpty {
            var first = filters.from?.daysSince1970 ?? Int32.min
            var last = filters.to?.daysSince1970 ?? Int32.max
            for days in requiredDays {
                first = max(first, days.lowerBound)
                last = min(last, days.upperBound)
            }
            if first > last {
                compiled.matchesNothing = true
            } else {
                compiled.dayRange = first...last
                compiled.dayCodes = dayCodes(from: CalendarDay(daysSince1970: first), to: CalendarDay(daysSince1970: last))
            }
        }
        if !filters.cards.isEmpty {
            compiled.cards = CodeSet(filters.cards.flatMap { cardCodes(named: $0) })
            compiled.cardPairs = contents.table.cardAccount.pairs(cards: compiled.cards, accounts: nil)
        }
        if !filters.categories.isEmpty {
            let allowed = CodeSet(filters.categories.flatMap { codes(in: text[.category], named: $0) })
            compiled.categories = allowed
            compiled.categoryDescriptors = text.descriptors.descriptors(merchants: CodeSet(), categories: allowed, subcategories: CodeSet(),
                                                                          payees: CodeSet())
        }
        if !filters.accounts.isEmpty {
            compiled.accounts = CodeSet(filters.accounts.flatMap { codes(in: text[.account], named: $0) })
            compiled.accountPairs = contents.table.cardAccount.pairs(cards: nil, accounts: compiled.accounts)
        }
        for set in [compiled.cards, compiled.categories, compiled.accounts] where set?.isEmpty == true {
            compiled.matchesNothing = true
        }
        if let status = filters.status { requiredStatus.append(status == .pending) }
        if let pending = requiredStatus.first {
            compiled.pending = pending
            if requiredStatus.contains(!pending) { compiled.matchesNothing = true }
        }
        compiled.kind = filters.kind
        if query.grouping == .week || query.grouping == .year { compiled.periods = PeriodGroups(days: calendar.days, grouping: query.grouping) }
        compiled.finishSearchAids()
        if filters.minimumAmount != nil || filters.maximumAmount != nil {
            var bounds = AmountBounds(lower: [], upper: [])
            for currency in currencies.currencies {
                bounds.lower.append(filters.minimumAmount.map {
                    AmountScaling.minorUnits($0, digits: currency.minorDigits, roundUp: true)
                } ?? .min)
                bounds.upper.append(filters.maximumAmount.map {
                    AmountScaling.minorUnits($0, digits: currency.minorDigits, roundUp: false)
                } ?? .max)
            }
            compiled.amountBounds = bounds
        }
        return compiled
    }

    /// The strings of each field in which `term` occurs, and the amounts it matches.
    func textCondition(_ term: [UInt8], field scope: TermField) -> CompiledCondition {
        var condition = CompiledCondition()
        for field in TextField.searched(by: scope) {
            let index = text[field]
            // A payee term keeps only codes payees use: the strings they share hold the
            // merchants' too, and a code no payee has would make the term seem to match.
            let codes = field.titles == .card
                ? CodeSet(index.liveCodes.filter { QueryCompiler.cardMatches(index, $0, term) })
                : field == .payee && TextField.merchant.isSearched(by: scope)
                ? payeesApart(containing: term)
                : field.sharesStrings != nil
                ? index.liveOnly(QueryCompiler.codes(in: index, containing: term))
                : QueryCompiler.codes(in: index, containing: term)
            condition.codes[field] = codes
            // Rows are counted here for a field with postings of its own; merchant, category,
            // subcategory and payee rows through their descriptors below.
            if field.keepsPostings {
                let rows = index.useCount(of: codes)
                condition.rowsByField[PostingField.column(field).index] = rows
                condition.estimate += rows
            }
        }
        condition.setDescriptors(from: text.descriptors, pairs: contents.table.cardAccount)
        let descriptorRows = text.descriptors.rowCount(of: condition.descriptors)
        condition.estimate += descriptorRows
        condition.rowsByField[PostingField.descriptor.index] = descriptorRows
        if scope == .all || scope == .amount, let value = TermFolding.number(term) {
            let range = AmountScaling.typedRange(value)
            condition.addMagnitudes(range)
            condition.estimate += magnitudeCount(range)
        }
        return condition
    }

    /// The payees with rows apart from their merchants (`PayeesApart`) whose folded text holds
    /// `term`: what a search of merchants and payees together needs of the payees, the other
    /// payees' rows being found through merchants of the same folded text. Few payees apart
    /// (a payee of the merchant's own name on most rows) are each tested; many, the payees'
    /// trigram index answers and is filtered.
    func payeesApart(containing term: [UInt8]) -> CodeSet {
        let apart = contents.payeesApart, index = text[.payee]
        if apart.payees * 8 > index.codeLimit {
            let matching = QueryCompiler.codes(in: index, containing: term)
            return CodeSet(limit: index.codeLimit) { matching.contains($0) && apart.hasRowsApart($0) }
        }
        let folded = index.pool.folded
        var found: [UInt32] = []
        term.withUnsafeBufferPointer { needle in
            apart.forEachPayee { code in
                if folded.withBytes(code, { ByteSearch.contains($0, needle) }) { found.append(code) }
            }
        }
        return CodeSet(found)
    }

    /// A plain word of the text (or of a group) in the scope: its strings and amounts, or, when
    /// it matches nothing and `widening` allows, the strings holding it approximately. Marked
    /// for highlighting in the merchant when the scope searches it.
    func wordCondition(_ word: [UInt8], field: TermField, widening: Bool, into compiled: inout CompiledQuery) -> CompiledCondition {
        let widening = widening && compiled.widens
        var condition = textCondition(word, field: field)
        if widening && condition.isUnsatisfiable { widenApproximately(word, field: field, condition: &condition, into: &compiled) }
        if widening && (field == .all || field == .merchant) && !compiled.highlightTerms.contains(word) { compiled.highlightTerms.append(word) }
        return condition
    }

    func magnitudeCondition(_ range: Range<UInt64>) -> CompiledCondition {
        var condition = CompiledCondition()
        condition.addMagnitudes(range)
        condition.estimate = magnitudeCount(range)
        return condition
    }

    /// The rows of local days `first...last`: their codes, the range, and their count.
    func dateCondition(_ days: ClosedRange<Int32>) -> CompiledCondition {
        var condition = CompiledCondition()
        condition.dayCodes = dayCodes(from: CalendarDay(daysSince1970: days.lowerBound), to: CalendarDay(daysSince1970: days.upperBound))
        condition.dayRanges = [days]
        condition.estimate = rowCount(instantsIn: clock.instantWindow(days: days.lowerBound, days.upperBound))
        return condition
    }

    /// The pending rows (`true`) or the posted ones, counted from their class.
    func statusCondition(pending: Bool) -> CompiledCondition {
        var condition = CompiledCondition()
        condition.pending = pending
        condition.estimate = (pending ? ClassFilter.pending : .posted).rowCount(in: table.classes)
        return condition
    }

    /// Rows whose scaled magnitude is in `range`, counted from the amount order.
    func magnitudeCount(_ range: Range<UInt64>) -> Int {
        guard !range.isEmpty else { return 0 }
        let view = rows
        let start = orders.byAmount.lowerBound { view[magnitudeOf: $0] < range.lowerBound }
        let end = orders.byAmount.lowerBound { view[magnitudeOf: $0] < range.upperBound }
        return orders.byAmount.rank(of: end) - orders.byAmount.rank(of: start)
    }

    /// Codes of the local days in `from...to` that have rows.
    func dayCodes(from: CalendarDay?, to: CalendarDay?) -> CodeSet {
        let first = from?.daysSince1970 ?? Int32.min
        let last = to?.daysSince1970 ?? Int32.max
        var codes = CodeSet()
        guard first <= last else { return codes }
        let values = calendar.days.sortedValues, sortedCodes = calendar.days.sortedCodes  // once, not per day
        var index = values.lowerBound(first)
        while index < values.count && values[index] <= last {
            codes.insert(sortedCodes[index])
            index += 1
        }
        return codes
    }

    /// Codes of the strings of a field containing `term` (folded bytes, not empty): from the
    /// n-gram index of a searchable field (a short term's list as it is kept, a dense one's
    /// bitset shared), by scanning the few strings of another.
    static func codes(in index: FieldIndex, containing term: [UInt8]) -> CodeSet {
        term.withUnsafeBufferPointer { needle in
            let folded = index.pool.folded
            if index.isSearchable {
                if needle.count <= 2 { return index.trigrams.codeSet(containingShort: needle, codeLimit: index.codeLimit) }
                return CodeSet(index.trigrams.candidates(for: needle).filter { code in
                    folded.withBytes(code) { ByteSearch.contains($0, needle) }
                })
            }
            var found: [UInt32] = []
            for code in 1..<UInt32(index.codeLimit) where index.isLive(code) {
                if folded.withBytes(code, { ByteSearch.contains($0, needle) }) { found.append(code) }
            }
            return CodeSet(found)
        }
    }

    /// Whether a card term matches a card: in its folded name or its masked title (`****4242`).
    static func cardMatches(_ cards: FieldIndex, _ code: UInt32, _ term: [UInt8]) -> Bool {
        term.withUnsafeBufferPointer { needle in
            if cards.pool.folded.withBytes(code, { ByteSearch.contains($0, needle) }) { return true }
            let title = Array(Folding.fold(cards.title(code)).utf8)
            return title.withUnsafeBufferPointer { ByteSearch.contains($0, needle) }
        }
    }

    /// Codes whose folded string equals the folded `name` (code 0 for nil: rows with none).
    func codes(in index: FieldIndex, named name: String?) -> [UInt32] {
        guard let name else { return [0] }
        let wanted = TermFolding.phrase(name)
        return index.liveCodes.filter { index.pool.folded.bytes($0) == wanted }
    }

    /// Cards a filter value names: by folded name, masked title or last four digits.
    func cardCodes(named name: String?) -> [UInt32] {
        guard let name else { return [0] }
        let wanted = TermFolding.phrase(name)
        return text[.card].liveCodes.filter { code in
            if text[.card].pool.folded.bytes(code) == wanted { return true }
            let title = text[.card].title(code)
            return Array(Folding.fold(title).utf8) == wanted
                || (title.hasPrefix("****") && Array(title.dropFirst(4).utf8) == wanted)
        }
    }
}
