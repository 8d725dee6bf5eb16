/// The fields a text term can be narrowed to: a search scope, or a card or an account.
public enum TermField: String, Hashable, Sendable, CaseIterable, Codable {
    /// Merchant, category, subcategory and notes; amounts for numbers.
    case all
    /// The merchant.
    case merchant
    /// Category and subcategory.
    case category
    /// The notes.
    case notes
    /// The amount, by value.
    case amount
    /// The card: its name, masked title or last four digits.
    case card
    /// The account.
    case account
    /// The payee (the merchant a person means, cleaned from the bank's descriptor).
    case payee

    /// The field of a scope.
    public init(_ scope: SearchScope) {
        self = TermField(rawValue: scope.rawValue)!
    }
}

/// One condition of a query beyond its plain text: every term must hold for a row to match,
/// and an excluded term must not.
public struct SearchTerm: Hashable, Sendable, Codable {
    /// What a term requires of a row.
    public enum Condition: Hashable, Sendable, Codable {
        /// A folded substring of a field (docs/SPEC.md section 2); a numeric term also matches amounts by
        /// value in the fields `all` and `amount`. For `card`, the text also matches the last
        /// four digits or the masked title.
        case text(String, field: TermField)
        /// The amount's magnitude lies in the range.
        case magnitude(MagnitudeRange)
        /// The local day lies in `from...to` (a nil end is open).
        case dates(from: CalendarDay?, to: CalendarDay?)
        /// The local day lies between two ends of which at least one counts from today
        /// (`date:last-month`, `date>=this-year`, `date:2026-01..today`; a nil end is open).
        /// Worked out against the store's clock each time the query runs (see `RelativeDate`).
        case relativeDates(from: DateBound?, to: DateBound?)
        /// The status is this one.
        case status(TransactionStatus)
        /// A plain word, matched like the words of `Query.text`: in the query's scope, and
        /// approximately when it matches nothing exactly (docs/SPEC.md section 8). The search box
        /// keeps the words typed inside a group this way; at the top they are `Query.text`.
        case word(String)
        /// The magnitude lies within `tolerance` of the value, ends included; within 5% of it
        /// when `tolerance` is nil: `amount~42` (39.90 to 44.10), `amount~42±3` (39 to 45).
        case amountNear(DecimalAmount, tolerance: DecimalAmount?)
        /// At least one of the clauses holds: a group of the search box, `(starbucks OR costa)`,
        /// `(merchant:uber amount<5 OR notes:taxi)`; excluded, `-(notes:work OR category:travel)`.
        /// A clause with no terms always holds; a group with no clauses never does.
        case anyOf([SearchClause])
    }

    /// What the term requires.
    public var condition: Condition
    /// The rows the condition holds for are left out.
    public var isExcluded: Bool

    /// A term; `isExcluded` leaves out the rows it holds for.
    public init(_ condition: Condition, isExcluded: Bool = false) {
        self.condition = condition
        self.isExcluded = isExcluded
    }
}

/// Terms that must all hold together (an excluded one must not): one side of an `OR` in the
/// search box. `a b OR c` is two clauses, `[a, b]` and `[c]`: AND binds tighter than OR.
public struct SearchClause: Hashable, Sendable, Codable {
    /// Every one must hold (an excluded one must not).
    public var terms: [SearchTerm]

    /// A clause of these terms.
    public init(_ terms: [SearchTerm]) {
        self.terms = terms
    }
}

extension SearchTerm {
    /// A group of clauses, at least one of which must hold (none, when `isExcluded`).
    public static func anyOf(_ clauses: [SearchClause], isExcluded: Bool = false) -> SearchTerm {
        SearchTerm(.anyOf(clauses), isExcluded: isExcluded)
    }
}
