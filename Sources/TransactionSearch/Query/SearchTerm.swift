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
