/// The key of a result group: a day, a month, or the text of a card, category or merchant
/// (nil for the "none" group: no card, uncategorized).
public enum GroupKey: Hashable, Sendable {
    /// A local day.
    case day(CalendarDay)
    /// A local month.
    case month(CalendarMonth)
    /// A card as stored; nil for rows with no card.
    case card(String?)
    /// A category as stored; nil for uncategorized rows.
    case category(String?)
    /// A merchant as stored.
    case merchant(String)

    /// The display title: `14/03/26`, `March 2026`, `****4242`, `No card`, `Uncategorized`, or
    /// the category or merchant as stored.
    public var title: String {
        switch self {
        case .day(let day): ShortDate.title(of: day)
        case .month(let month): MonthTitle.title(of: month)
        case .card(let card?): CardMask.title(of: card)
        case .card(nil): "No card"
        case .category(let category?): category
        case .category(nil): "Uncategorized"
        case .merchant(let merchant): merchant
        }
    }

    /// The key as docs/SPEC.md section 6 writes it: `2026-03-14`, `2026-03`, the text, or nil.
    public var text: String? {
        switch self {
        case .day(let day): day.description
        case .month(let month): month.description
        case .card(let card): card
        case .category(let category): category
        case .merchant(let merchant): merchant
        }
    }

    /// The key of `text` under a grouping (the inverse of `text`); nil when it is not one.
    public init?(text: String?, grouping: Grouping) {
        switch grouping {
        case .none: return nil
        case .day:
            guard let text, case .day(let day)? = ParsedDate.parse(text) else { return nil }
            self = .day(day)
        case .month:
            guard let text, case .day(let day)? = ParsedDate.parse(text + "-01") else { return nil }
            self = .month(day.calendarMonth)
        case .card: self = .card(text)
        case .category: self = .category(text)
        case .merchant:
            guard let text else { return nil }
            self = .merchant(text)
        }
    }
}
