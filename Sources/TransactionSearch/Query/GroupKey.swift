/// The key of a result group: a day, a week, a month, a year, or the text of a card, category,
/// merchant, account or payee (nil for the "none" group: no card, uncategorized, no account,
/// no payee).
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
    /// An ISO 8601 week of local days (Monday first).
    case week(CalendarWeek)
    /// The calendar year of the rows' local days.
    case year(Int)
    /// An account as stored; nil for rows with no account.
    case account(String?)
    /// A payee as stored; nil for rows with no payee.
    case payee(String?)

    /// The display title: `14/03/26`, `W11 2026`, `March 2026`, `2026`, `****4242`, `No card`,
    /// `Uncategorized`, `No account`, `No payee`, or the category, merchant, account or payee as
    /// stored.
    public var title: String {
        switch self {
        case .day(let day): day.shortTitle
        case .month(let month): month.title
        case .card(let card?): Transaction.cardTitle(of: card)
        case .card(nil): "No card"
        case .category(let category?): category
        case .category(nil): "Uncategorized"
        case .merchant(let merchant): merchant
        case .week(let week): week.title
        case .year(let year): pad(year, 4)
        case .account(let account?): account
        case .account(nil): "No account"
        case .payee(let payee?): payee
        case .payee(nil): "No payee"
        }
    }

    /// The key as docs/SPEC.md sections 6 and 11 write it: `2026-03-14`, `2026-W11`, `2026-03`,
    /// `2026`, the text, or nil.
    public var text: String? {
        switch self {
        case .day(let day): day.description
        case .month(let month): month.description
        case .card(let card): card
        case .category(let category): category
        case .merchant(let merchant): merchant
        case .week(let week): week.description
        case .year(let year): pad(year, 4)
        case .account(let account): account
        case .payee(let payee): payee
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
        case .week:
            guard let text, let week = CalendarWeek(text) else { return nil }
            self = .week(week)
        case .year:
            guard let text, text.utf8.count == 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let year = Int(text), CalendarDay.years.contains(year) else { return nil }
            self = .year(year)
        case .account: self = .account(text)
        case .payee: self = .payee(text)
        }
    }
}
