/// A query's conditions over strings and numbers rather than store codes, so they stay true
/// as strings come and go: whether one version of a row can be among the query's matches.
/// The cache and live queries use it to decide what a mutation touches. Groups (`OR`,
/// parentheses, `-(...)`) are evaluated as written, clause by clause, over the row version.
///
/// Beyond the matches:
/// - a word that may be matched approximately (five letters or more; in the text or in a
///   group, not excluded nor in an excluded group) depends on the whole
///   scope, not only on the matching rows: a row holding it exactly can decide that it is no
///   longer widened (or is again, when that row goes), and a row holding it approximately
///   can change the spellings reported. So a row whose scope holds such a word (exactly, or
///   approximately when the result widened it or is not known) always counts as touched;
/// - a disjunctive facet depends on the rows of its own query (without the query's filter
///   on its field): those count too.
///
/// A class: the cache and live queries read it in place on every mutation; as a struct, each
/// read out of its owner copied it with all its arrays (measured: a quarter of a cold
/// mutation's instructions). `screen` is its cheap first test.
final class QueryPredicate: Sendable {
    /// A class, so that reading a condition out of its array retains one reference instead of
    /// copying its arrays (measured).
    private final class TextTerm: Sendable {
        let bytes: [UInt8]
        let field: TermField
        /// The text fields the term looks in: those its scope searches
        /// (`TextField.searched(by:)`), or for a term held approximately those it may match
        /// approximately (`TextField.approximatelySearched(by:)`).
        let fields: [TextField]
        /// The magnitudes a numeric term matches, when it can match amounts.
        let magnitude: Range<UInt64>?
        /// Set when the term is held approximately (a word the result widened).
        let pattern: ApproximatePattern?

        init(bytes: [UInt8], field: TermField, magnitude: Range<UInt64>?, pattern: ApproximatePattern? = nil) {
            self.bytes = bytes
            self.field = field
            self.fields = pattern == nil ? TextField.searched(by: field) : TextField.approximatelySearched(by: field)
            self.magnitude = magnitude
            self.pattern = pattern
        }
    }

    private enum Condition: Sendable {
        case text(TextTerm)
        case magnitude(Range<UInt64>)
        /// Local days `first...last` (none when first > last).
        case dates(first: Int32, last: Int32)
        case pending(Bool)
    }

    /// One alternative of a group: all its conditions hold, no exclusion does, each group
    /// holds (an excluded one does not).
    private struct Clause: Sendable {
        var conditions: [Condition] = []
        var exclusions: [Condition] = []
        var groups: [Group] = []
    }

    /// A group (`OR`): some clause holds (none, when excluded). A class, read in place.
    private final class Group: Sendable {
        let clauses: [Clause]
        let isExcluded: Bool

        init(clauses: [Clause], isExcluded: Bool) {
            self.clauses = clauses
            self.isExcluded = isExcluded
        }
    }

    private let conditions: [Condition]
    private let exclusions: [Condition]
    private let groups: [Group]
    private let days: (first: Int32, last: Int32)?
    private let cards: [[UInt8]?]?
    private let categories: [[UInt8]?]?
    private let accounts: [[UInt8]?]?
    private let pending: Bool?
    private let minimum: DecimalAmount?
    private let maximum: DecimalAmount?
    private let kind: TransactionKind?
    /// Words whose widening depends on the whole scope: a row whose scope holds one counts as
    /// touched whatever the rest of the query says.
    private let scopeWords: [TextTerm]
    /// The predicates of the queries disjunctive facets count.
    private let facetQueries: [QueryPredicate]
    /// The cheap first test: false only when `matches` is false (tests prove it against
    /// `matchesUnscreened`).
    let screen: PredicateScreen

    /// The predicate of a query (relative dates worked out); `widenedWords` are the words its
    /// result matched approximately, nil when not known (then every word that may be widened
    /// is taken as widened).
    init(_ query: Query, widenedWords: [[UInt8]]? = nil) {
        var conditions: [Condition] = []
        var exclusions: [Condition] = []
        var scopeWords: [TextTerm] = []
        var screen = PredicateScreen()
        let field = TermField(query.scope)
        let hasScope = !TextField.approximatelySearched(by: field).isEmpty
        for word in TermFolding.words(of: query.text) {
            var term = QueryPredicate.textTerm(word, field)
            var isScopeWord = false
            if hasScope, let pattern = ApproximatePattern(word: word) {
                let widened = widenedWords?.contains(word) ?? true
                if widened { term = TextTerm(bytes: term.bytes, field: term.field, magnitude: term.magnitude, pattern: pattern) }
                scopeWords.append(term)
                isScopeWord = true
            }
            conditions.append(.text(term))
            if let screened = QueryPredicate.screenTerm(term, decides: isScopeWord) {
                screen.add(screened)
            } else if isScopeWord {
                screen.admitEverything()
            }
        }
        var groups: [Group] = []
        var builder = GroupBuilder(scope: field, hasScope: hasScope, widenedWords: widenedWords)
        for term in query.terms {
            if let group = builder.group(term, negated: false) {  // a group, or a word folding to several
                groups.append(group)
                continue
            }
            guard let condition = builder.condition(term, negated: false) else { continue }
            if term.isExcluded {
                exclusions.append(condition)
            } else {
                conditions.append(condition)
                QueryPredicate.screen(condition, into: &screen)
            }
        }
        // A group's words that may be widened decide on their own, as the text's do.
        scopeWords += builder.scopeWords
        for word in builder.scopeWords {
            if var screened = QueryPredicate.screenTerm(word, decides: true) {
                screened.isRequired = false
                screen.add(screened)
            } else {
                screen.admitEverything()
            }
        }
        var facetQueries: [QueryPredicate] = []
        for request in query.facets where request.isDisjunctive && query.hasOwnFilter(on: request.field) {
            facetQueries.append(QueryPredicate(query.relaxed(for: request.field), widenedWords: widenedWords))
        }
        if !facetQueries.isEmpty { screen.admitEverything() }
        let filters = query.filters
        if filters.from != nil || filters.to != nil {
            let range = (first: filters.from?.daysSince1970 ?? .min, last: filters.to?.daysSince1970 ?? .max)
            days = range
            screen.restrictDays(range.first, range.last)
        } else {
            days = nil
        }
        func folded(_ values: [String?]) -> [[UInt8]?]? {
            values.isEmpty ? nil : values.map { $0.map(TermFolding.phrase) }
        }
        cards = folded(filters.cards)
        categories = folded(filters.categories)
        accounts = folded(filters.accounts)
        pending = filters.status.map { $0 == .pending }
        if let pending { screen.restrictPending(pending) }
        minimum = filters.minimumAmount
        maximum = filters.maximumAmount
        kind = filters.kind
        if let kind { screen.restrictKind(kind) }
        self.conditions = conditions
        self.exclusions = exclusions
        self.groups = groups
        self.scopeWords = scopeWords
        self.facetQueries = facetQueries
        self.screen = screen
    }

    /// The screen's form of a text term; nil for a card term (its masked title is not among
    /// the row's signatures: dropped, the screen admits more).
    private static func screenTerm(_ term: TextTerm, decides: Bool) -> PredicateScreen.Term? {
        var screened = PredicateScreen.Term()
        screened.decides = decides
        if let range = term.magnitude {
            screened.magnitudeLow = range.lowerBound
            screened.magnitudeHigh = range.upperBound
        }
        screened.required = ByteSignature(term.bytes)
        if let pattern = term.pattern {
            let widest = zip(pattern.scalarStarts, pattern.scalarStarts.dropFirst()).map { $1 - $0 }.max() ?? 1
            screened.allowedMissing = pattern.maxDistance * widest
        } else if term.fields.contains(where: { $0.titles == .card }) {
            return nil
        }
        for field in term.fields { screened.fields |= PredicateScreen.Term.bit(field) }
        return screened
    }

    /// Adds an included condition of the query to its screen.
    private static func screen(_ condition: Condition, into screen: inout PredicateScreen) {
        switch condition {
        case .text(let term):
            if let screened = screenTerm(term, decides: false) { screen.add(screened) }
        case .magnitude(let range):
            var screened = PredicateScreen.Term()
            screened.magnitudeLow = range.lowerBound
            screened.magnitudeHigh = range.upperBound
            screen.add(screened)
        case .dates(let first, let last): screen.restrictDays(first, last)
        case .pending(let pending): screen.restrictPending(pending)
        }
    }

    /// Whether a change of this row version can change the query's result: it can be among
    /// the matches (of the query or of a disjunctive facet's), or its scope holds a word whose
    /// widening it can decide. The screen first, then the full test.
    func matches(_ row: RowFacts) -> Bool {
        screen.admits(row) && matchesUnscreened(row)
    }

    /// `matches` without the screen: the full test, for rows the screen admits (and the
    /// reference the screen is tested against).
    func matchesUnscreened(_ row: RowFacts) -> Bool {
        for index in scopeWords.indices where QueryPredicate.holds(scopeWords[index], row) { return true }
        if matchesConditions(row) { return true }
        for index in facetQueries.indices where facetQueries[index].matches(row) { return true }
        return false
    }

    /// Whether the row version passes every filter and condition and no exclusion.
    private func matchesConditions(_ row: RowFacts) -> Bool {
        if let days, row.day < days.first || row.day > days.last { return false }
        if let pending, pending != row.isPending { return false }
        switch kind {
        case .expense?: if row.amount >= 0 { return false }
        case .income?: if row.amount <= 0 { return false }
        case nil: break
        }
        if let minimum, row.amount < AmountScaling.minorUnits(minimum, digits: row.minorDigits, roundUp: true) { return false }
        if let maximum, row.amount > AmountScaling.minorUnits(maximum, digits: row.minorDigits, roundUp: false) { return false }
        if let categories, !categories.contains(where: { row.equals(.category, $0) }) { return false }
        if let accounts, !accounts.contains(where: { row.equals(.account, $0) }) { return false }
        if let cards, !cards.contains(where: { wanted in
            guard let wanted else { return !row.has(.card) }
            if row.equals(.card, wanted) { return true }
            return row.withCardTitle { title in
                title.elementsEqual(wanted) || (title.starts(with: [42, 42, 42, 42]) && title.dropFirst(4).elementsEqual(wanted))
            } ?? false
        }) { return false }
        for index in conditions.indices where !QueryPredicate.holds(conditions[index], row) { return false }
        for index in exclusions.indices where QueryPredicate.holds(exclusions[index], row) { return false }
        for index in groups.indices where QueryPredicate.holds(groups[index], row) == groups[index].isExcluded { return false }
        return true
    }

    /// Whether some clause of a group holds for the row version.
    private static func holds(_ group: Group, _ row: RowFacts) -> Bool {
        group.clauses.contains { clause in
            clause.conditions.allSatisfy { holds($0, row) } && !clause.exclusions.contains { holds($0, row) }
                && clause.groups.allSatisfy { holds($0, row) != $0.isExcluded }
        }
    }

    /// Turns terms into conditions and groups, noting the words that may be widened.
    private struct GroupBuilder {
        let scope: TermField
        let hasScope: Bool
        let widenedWords: [[UInt8]]?
        /// Words of groups (not excluded, nor in an excluded group) that may be widened.
        private(set) var scopeWords: [TextTerm] = []

        init(scope: TermField, hasScope: Bool, widenedWords: [[UInt8]]?) {
            self.scope = scope
            self.hasScope = hasScope
            self.widenedWords = widenedWords
        }

        /// The condition of a term that is not a group; nil when it constrains nothing.
        /// `negated`: the term is inside an excluded group.
        mutating func condition(_ term: SearchTerm, negated: Bool) -> Condition? {
            switch term.condition {
            case .text(let text, let field):
                let phrase = TermFolding.phrase(text)
                return phrase.isEmpty ? nil : .text(QueryPredicate.textTerm(phrase, field))
            case .word(let text):
                // A word folding to several is a group of them (the compiler's reading).
                let words = TermFolding.words(of: text)
                guard words.count == 1 else { return nil }
                return .text(word(words[0], widening: !term.isExcluded && !negated))
            case .magnitude(let range): return .magnitude(AmountScaling.range(range))
            case .amountNear(let value, let tolerance): return .magnitude(AmountScaling.nearRange(value, tolerance: tolerance))
            case .dates(let from, let to): return .dates(first: from?.daysSince1970 ?? .min, last: to?.daysSince1970 ?? .max)
            case .status(let status): return .pending(status == .pending)
            case .relativeDates:
                // Worked out before the predicate is made; if not, an included one is taken as
                // holding everywhere and an excluded one as excluding nothing.
                return term.isExcluded ? nil : .dates(first: .min, last: .max)
            case .anyOf: return nil
            }
        }

        /// A group term, or a word folding to several; nil when it is neither.
        mutating func group(_ term: SearchTerm, negated: Bool) -> Group? {
            let clauses: [SearchClause]
            switch term.condition {
            case .anyOf(let alternatives): clauses = alternatives
            case .word(let text):
                let words = TermFolding.words(of: text)
                guard words.count > 1 else { return nil }
                clauses = [SearchClause(words.map { SearchTerm(.word(String(decoding: $0, as: UTF8.self))) })]
            default: return nil
            }
            let inner = negated || term.isExcluded
            return Group(clauses: clauses.map { clause(of: $0.terms, negated: inner) }, isExcluded: term.isExcluded)
        }

        private mutating func clause(of terms: [SearchTerm], negated: Bool) -> Clause {
            var clause = Clause()
            for term in terms {
                if let group = group(term, negated: negated) {
                    clause.groups.append(group)
                } else if let condition = condition(term, negated: negated) {
                    if term.isExcluded { clause.exclusions.append(condition) } else { clause.conditions.append(condition) }
                }
            }
            return clause
        }

        /// A word in the scope: held approximately when the result widened it (or that is
        /// not known); a scope word when it may be widened at all.
        private mutating func word(_ bytes: [UInt8], widening: Bool) -> TextTerm {
            let term = QueryPredicate.textTerm(bytes, scope)
            guard widening, hasScope, let pattern = ApproximatePattern(word: bytes) else { return term }
            let widened = widenedWords?.contains(bytes) ?? true
            let held = widened ? TextTerm(bytes: term.bytes, field: term.field, magnitude: term.magnitude, pattern: pattern) : term
            scopeWords.append(held)
            return held
        }
    }

    private static func textTerm(_ bytes: [UInt8], _ field: TermField) -> TextTerm {
        let number = field == .all || field == .amount ? TermFolding.number(bytes) : nil
        return TextTerm(bytes: bytes, field: field, magnitude: number.map(AmountScaling.typedRange))
    }

    private static func holds(_ condition: Condition, _ row: RowFacts) -> Bool {
        switch condition {
        case .text(let term): holds(term, row)
        case .magnitude(let range): range.contains(row.magnitude)
        case .dates(let first, let last): row.day >= first && row.day <= last
        case .pending(let pending): pending == row.isPending
        }
    }

    private static func holds(_ term: TextTerm, _ row: RowFacts) -> Bool {
        if let range = term.magnitude, range.contains(row.magnitude) { return true }
        if let pattern = term.pattern {
            return term.fields.contains { row.approximatelyContains($0, pattern) }
        }
        let bytes = term.bytes
        for field in term.fields {
            if row.contains(field, bytes) { return true }
            // A card term also matches the card's masked title.
            if field.titles == .card,
               row.withCardTitle({ title in bytes.withUnsafeBufferPointer { ByteSearch.contains(title, $0) } }) ?? false {
                return true
            }
        }
        return false
    }
}
