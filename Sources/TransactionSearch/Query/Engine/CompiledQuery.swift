/// One condition of a query resolved against the store's current codes: which strings of each
/// field match, which magnitudes, days or status. A row satisfies it when any part does.
struct CompiledCondition: Sendable {
    /// Per text field, the codes of its strings that match (`TextField.searched(by:)`).
    var codes = TextFieldValues(repeating: CodeSet())
    /// The descriptors whose merchant, category or subcategory matches: what rows are tested
    /// on for those three fields (the other fields' codes are tested in their own columns).
    var descriptors = CodeSet()
    /// Scaled magnitudes, half open (see `AmountScaling`).
    var magnitude: Range<UInt64>?
    var dayCodes: CodeSet?
    /// The local days of `dayCodes`, for walking the date order (an excluded date term).
    var dayRange: ClosedRange<Int32>?
    /// `true`: pending rows; `false`: posted rows.
    var pending: Bool?
    /// An upper bound of the rows it holds for; the planner drives from the smallest.
    var estimate = 0
    /// Rows carrying a matched string, per posting field (`PostingField.index`), counted once
    /// when compiling so that planning costs nothing per string.
    var rowsByField = [Int](repeating: 0, count: PostingField.all.count)

    /// Whether no row can satisfy it.
    var isUnsatisfiable: Bool {
        descriptors.isEmpty && TextField.withColumns.allSatisfy { codes[$0].isEmpty }
            && (magnitude?.isEmpty ?? true) && (dayCodes?.isEmpty ?? true) && pending == nil
    }

    /// Sets the descriptors from the matched merchants, categories and subcategories.
    mutating func setDescriptors(from index: DescriptorIndex) {
        descriptors = index.descriptors(merchants: codes.merchant, categories: codes.category, subcategories: codes.subcategory)
    }
}

/// Per currency number, the signed minor-unit bounds of an amount filter, inclusive.
struct AmountBounds: Sendable {
    var lower: [Int64]
    var upper: [Int64]
}

/// A query compiled for one state of the store: conditions, filters, and how to page.
struct CompiledQuery: Sendable {
    /// Every one must hold.
    var conditions: [CompiledCondition] = []
    /// None may hold.
    var exclusions: [CompiledCondition] = []
    /// Date filter: local days `from...to` and their slots.
    var dayRange: ClosedRange<Int32>?
    var dayCodes: CodeSet?
    var cards: CodeSet?
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
    /// or filter, and the status and kind (the candidates are narrowed by their classes).
    /// The rows a scan keeps are tested against this; each part left out is a column the row
    /// loop does not read.
    func relaxed(forScanFrom driver: QueryPlan.Driver) -> CompiledQuery {
        var relaxed = self
        relaxed.pending = nil
        relaxed.kind = nil
        switch driver {
        case .condition(let index): relaxed.conditions.remove(at: index)
        case .cards: relaxed.cards = nil
        case .categories: (relaxed.categories, relaxed.categoryDescriptors) = (nil, nil)
        case .accounts: relaxed.accounts = nil
        case .allRows, .dateWindow, .rowClass: break
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
