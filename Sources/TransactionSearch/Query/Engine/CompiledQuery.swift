/// One condition of a query resolved against the store's current codes: which strings of each
/// field match, which magnitudes, days or status. A row satisfies it when any part does, so
/// the alternatives of an `OR` of single terms are one condition: the union of their parts
/// (`formUnion`), listed from the index as a union of posting lists, row classes and slices
/// of the date and amount orders.
struct CompiledCondition: Sendable {
    /// Per text field, the codes of its strings that match (`TextField.searched(by:)`).
    var codes = TextFieldValues(repeating: CodeSet())
    /// The descriptors whose merchant, category, subcategory or payee matches: what rows are
    /// tested on for those four fields (the other fields' codes are tested in their own
    /// columns).
    var descriptors = CodeSet()
    /// The (card, account) pairs whose card or account matches: what rows are tested on for
    /// those two fields (`CardAccountColumn`).
    var cardAccountPairs = CodeSet()
    /// Scaled magnitudes, half-open ranges (see `AmountScaling`): ascending, not empty, apart.
    var magnitudes: [Range<UInt64>] = []
    /// The codes of the local days it holds on; nil for no date part.
    var dayCodes: CodeSet?
    /// The local days of `dayCodes` as ranges, for walking the date order.
    var dayRanges: [ClosedRange<Int32>] = []
    /// `true`: pending rows; `false`: posted rows.
    var pending: Bool?
    /// Holds for every row (an `OR` of `status:pending` and `status:posted`).
    var holdsAlways = false
    /// An upper bound of the rows it holds for; the planner drives from the smallest.
    var estimate = 0
    /// Rows carrying a matched string, per posting field (`PostingField.index`), counted once
    /// when compiling so that planning costs nothing per string.
    var rowsByField = [Int](repeating: 0, count: PostingField.all.count)

    /// Whether no row can satisfy it.
    var isUnsatisfiable: Bool {
        !holdsAlways && descriptors.isEmpty && TextField.withColumns.allSatisfy { codes[$0].isEmpty }
            && magnitudes.isEmpty && (dayCodes?.isEmpty ?? true) && pending == nil
    }

    /// Sets the descriptors from the matched merchants, categories, subcategories and payees,
    /// and the (card, account) pairs from the matched cards and accounts.
    mutating func setDescriptors(from index: DescriptorIndex, pairs: CardAccountColumn) {
        descriptors = index.descriptors(merchants: codes.merchant, categories: codes.category, subcategories: codes.subcategory,
                                        payees: codes.payee)
        cardAccountPairs = codes.card.isEmpty && codes.account.isEmpty ? CodeSet() : pairs.pairs(cards: codes.card, accounts: codes.account)
    }

    /// Adds the magnitudes of `range`, keeping the ranges ascending and apart.
    mutating func addMagnitudes(_ range: Range<UInt64>) {
        guard !range.isEmpty else { return }
        var all = magnitudes + [range]
        all.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<UInt64>] = []
        for next in all {
            if let last = merged.last, next.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, next.upperBound)
            } else {
                merged.append(next)
            }
        }
        magnitudes = merged
    }

    /// Makes it hold wherever `other` holds too: the union of every part. The row counts are
    /// left as an upper bound; `StoreContents.countRows(of:)` makes them exact again.
    mutating func formUnion(_ other: CompiledCondition) {
        if holdsAlways || other.holdsAlways {
            self = CompiledCondition()
            holdsAlways = true
            return
        }
        for field in TextField.allCases { codes[field].formUnion(other.codes[field]) }
        descriptors.formUnion(other.descriptors)
        cardAccountPairs.formUnion(other.cardAccountPairs)
        for range in other.magnitudes { addMagnitudes(range) }
        if let otherDays = other.dayCodes {
            var days = dayCodes ?? CodeSet()
            days.formUnion(otherDays)
            dayCodes = days
            dayRanges += other.dayRanges
        }
        switch (pending, other.pending) {
        case (nil, let status): pending = status
        case (_, nil): break
        case (let mine?, let theirs?) where mine != theirs:
            self = CompiledCondition()
            holdsAlways = true
            return
        default: break
        }
        estimate += other.estimate
        for index in rowsByField.indices { rowsByField[index] += other.rowsByField[index] }
    }
}

/// Per currency number, the signed minor-unit bounds of an amount filter, inclusive.
struct AmountBounds: Sendable {
    var lower: [Int64]
    var upper: [Int64]
}

/// A query compiled for one state of the store: conditions, filters, and how to page.
struct CompiledQuery: Sendable {
    /// Whether words that match nothing may widen to typos (false for a rule's exact search).
    var widens = true
    /// Every one must hold.
    var conditions: [CompiledCondition] = []
    /// None may hold.
    var exclusions: [CompiledCondition] = []
    /// Groups that are not one condition (`(a b) OR c`, `-(a b)`): each must hold, an excluded
    /// one must not.
    var groups: [CompiledGroup] = []
    /// For a grouping by week or year, the group of each day code.
    var periods: PeriodGroups?
    /// Date filter: local days `from...to` and their slots.
    var dayRange: ClosedRange<Int32>?
    var dayCodes: CodeSet?
    var cards: CodeSet?
    /// The (card, account) pairs of the allowed cards, and of the allowed accounts: what rows
    /// are tested on.
    var cardPairs: CodeSet?
    var accountPairs: CodeSet?
    var categories: CodeSet?
    /// The descriptors of the allowed categories: what rows are tested on.
    var categoryDescriptors: CodeSet?
    var accounts: CodeSet?
    var pending: Bool?
    var amountBounds: AmountBounds?
    var kind: TransactionKind?
    /// Known to match no row (a word found nowhere, a filter naming nothing).
    var matchesNothing = false
    /// Folded words to mark in the merchant text of page rows.
    var highlightTerms: [[UInt8]] = []
    var grouping: Grouping = .none
    var groupOrdering: GroupOrdering = .title
    var sort: ResultOrder = .dateDescending
    var limit = 50
    var offset = 0
    /// The facets to count (normalized: one per field, in `FacetField` order), and for each
    /// disjunctive one the query it counts (`Query.relaxed(for:)`), compiled.
    var facets: [FacetRequest] = []
    var relaxedFacets: [RelaxedFacet] = []
    /// The words matched approximately, with the spellings found; and every word that was
    /// widened, found or not.
    var corrections: [Correction] = []
    var widenedWords: [[UInt8]] = []

    /// The query less what a scan's candidates already guarantee: the driver's own condition
    /// or filter, and the status and kind (the candidates are narrowed by their classes). A
    /// group's candidates are a superset of its rows: the group stays.
    /// The rows a scan keeps are tested against this; each part left out is a column the row
    /// loop does not read.
    func relaxed(forScanFrom driver: QueryPlan.Driver) -> CompiledQuery {
        var relaxed = self
        relaxed.pending = nil
        relaxed.kind = nil
        switch driver {
        case .condition(let index): relaxed.conditions.remove(at: index)
        case .cards: (relaxed.cards, relaxed.cardPairs) = (nil, nil)
        case .categories: (relaxed.categories, relaxed.categoryDescriptors) = (nil, nil)
        case .accounts: (relaxed.accounts, relaxed.accountPairs) = (nil, nil)
        case .allRows, .dateWindow, .rowClass, .group: break
        }
        return relaxed
    }
}

/// A disjunctive facet and the query it counts: the query without its own filters on the
/// facet's field, asking for that one facet (not disjunctive), no groups and no page.
struct RelaxedFacet: Sendable {
    let field: FacetField
    let query: CompiledQuery
}
