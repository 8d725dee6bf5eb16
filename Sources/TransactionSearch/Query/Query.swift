/// Which fields the text of a query is matched against (docs/SPEC.md section 2).
public enum SearchScope: String, Hashable, Sendable, CaseIterable, Codable {
    /// Merchant, category, subcategory, notes, and the amount for numeric terms.
    case all
    /// The merchant only.
    case merchant
    /// Category and subcategory.
    case category
    /// The notes only.
    case notes
    /// Numeric terms against the amount only.
    case amount
}

/// How the matching rows are grouped (docs/SPEC.md section 3).
public enum Grouping: String, Hashable, Sendable, CaseIterable, Codable {
    /// No groups: the rows in the sort order.
    case none
    /// By local day, newest first unless sorted oldest first.
    case day
    /// By local month, in the date direction.
    case month
    /// By card (`****4242`), the no-card group last.
    case card
    /// By category, uncategorized last.
    case category
    /// By merchant.
    case merchant
    /// By ISO 8601 week (Monday first; key `2026-W11`, title `W11 2026`), in the date direction.
    case week
    /// By year (key and title `2026`), in the date direction.
    case year
    /// By account, the no-account group last.
    case account
    /// By payee (the cleaned name: ten ways a bank writes one shop are one group), the
    /// no-payee group last.
    case payee
}

/// The order of a result's groups.
public enum GroupOrdering: String, Hashable, Sendable, CaseIterable, Codable {
    /// The natural order (docs/SPEC.md section 3): date groups (day, week, month, year) in the
    /// date direction, the others by title with the "none" group last.
    case title
    /// The most rows first; groups with as many rows keep their natural order.
    case count
    /// The largest total first, by magnitude (a group spending 500 comes before one earning
    /// 300); groups with equal totals keep their natural order. The total is the base total
    /// when exchange rates are set (groups with no base total come last); without rates it is
    /// the group's sum in the result's largest currency: the currency with the most matching
    /// rows, the first by code among equals (a group with none of it counts as 0).
    case total
}

extension Grouping {
    /// Whether its groups are periods of time (day, week, month, year), ordered by date.
    var isByDate: Bool { self == .day || self == .week || self == .month || self == .year }
}

/// Income or expense.
public enum TransactionKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// amount < 0
    case expense
    /// amount > 0
    case income
}

/// What a person asks of the store: text in a scope, filters, a grouping, a sort and a page.
/// Everything is optional; the default query matches every row, newest first, 50 a page.
public struct Query: Hashable, Sendable {
    /// Words to find (each must match, docs/SPEC.md section 2); empty matches every row.
    public var text: String
    /// Which fields `text` is matched against.
    public var scope: SearchScope
    /// More conditions, each required (or, when excluded, forbidden): what the search box
    /// syntax makes of `merchant:star`, `amount>50`, `date:2026-03` or `-uber`.
    public var terms: [SearchTerm]
    /// Filters on date, card, category, account, status, amount and kind.
    public var filters: QueryFilters
    /// How matching rows are grouped (`Grouping.none`: no groups).
    public var grouping: Grouping
    /// How the groups are ordered (by title, the natural order, unless asked otherwise).
    public var groupOrdering: GroupOrdering
    /// The order of rows within and across groups (newest first by default).
    public var sort: ResultOrder
    /// Rows in the page (0 for aggregates only). Any value is answered: a negative one counts
    /// as 0, and one past the matching rows (up to `Int.max`) takes them all.
    public var limit: Int
    /// Matching rows skipped before the page, counted group by group in the sort order. Any
    /// value is answered: a negative one counts as 0, one past the matching rows gives an empty
    /// page (the totals and groups are still there).
    public var offset: Int
    /// Counts and sums of the matching rows by other fields, beside the result (see
    /// `FacetRequest`); one per field, in any order (the result lists them in `FacetField` order).
    public var facets: [FacetRequest]

    /// A query from its parts; every one is optional (the default matches every row).
    public init(
        text: String = "", scope: SearchScope = .all, terms: [SearchTerm] = [],
        filters: QueryFilters = QueryFilters(), grouping: Grouping = .none, groupOrdering: GroupOrdering = .title,
        sort: ResultOrder = .dateDescending, limit: Int = 50, offset: Int = 0, facets: [FacetRequest] = []
    ) {
        self.text = text
        self.scope = scope
        self.terms = terms
        self.filters = filters
        self.grouping = grouping
        self.groupOrdering = groupOrdering
        self.sort = sort
        self.limit = limit
        self.offset = offset
        self.facets = facets
    }
}

/// Filters, combined with AND; an empty list means no filter on that field.
public struct QueryFilters: Hashable, Sendable, Codable {
    /// First day included, in the store's zone.
    public var from: CalendarDay?
    /// Last day included.
    public var to: CalendarDay?
    /// Cards by name (folded: `visa 4242` matches `Visa 4242`), by masked title (`****4242`) or
    /// by last four digits (`4242`); nil for rows with no card.
    public var cards: [String?]
    /// Categories by name (folded); nil for uncategorized rows.
    public var categories: [String?]
    /// Accounts by name (folded); nil for rows with no account.
    public var accounts: [String?]
    /// Only pending or only posted rows; nil for both.
    public var status: TransactionStatus?
    /// Smallest signed amount included, compared as a plain number across currencies.
    public var minimumAmount: DecimalAmount?
    /// Largest signed amount included.
    public var maximumAmount: DecimalAmount?
    /// Only expenses or only income; nil for both.
    public var kind: TransactionKind?

    /// A query from its parts; every one is optional (the default matches every row).
    public init(
        from: CalendarDay? = nil, to: CalendarDay? = nil, cards: [String?] = [], categories: [String?] = [],
        accounts: [String?] = [], status: TransactionStatus? = nil, minimumAmount: DecimalAmount? = nil,
        maximumAmount: DecimalAmount? = nil, kind: TransactionKind? = nil
    ) {
        self.from = from
        self.to = to
        self.cards = cards
        self.categories = categories
        self.accounts = accounts
        self.status = status
        self.minimumAmount = minimumAmount
        self.maximumAmount = maximumAmount
        self.kind = kind
    }

    /// Whether no filter is set.
    public var isEmpty: Bool { self == QueryFilters() }
}

/// A range of amount magnitudes (sign ignored); a nil bound is open.
public struct MagnitudeRange: Hashable, Sendable, Codable {
    /// The smallest magnitude, nil for none.
    public var lower: DecimalAmount?
    /// Whether `lower` itself is in the range.
    public var lowerInclusive: Bool
    /// The largest magnitude, nil for none.
    public var upper: DecimalAmount?
    /// Whether `upper` itself is in the range.
    public var upperInclusive: Bool

    /// A range from its bounds; both included by default.
    public init(lower: DecimalAmount? = nil, lowerInclusive: Bool = true, upper: DecimalAmount? = nil, upperInclusive: Bool = true) {
        self.lower = lower
        self.lowerInclusive = lowerInclusive
        self.upper = upper
        self.upperInclusive = upperInclusive
    }
}

extension DecimalAmount: Codable {
    /// Reads the value's text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let amount = DecimalAmount.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a decimal number")
        }
        self = amount
    }

    /// Writes the value's text form (`description`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension CalendarDay: Codable {
    /// Reads the value's text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard case .day(let day)? = ParsedDate.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a YYYY-MM-DD date")
        }
        self = day
    }

    /// Writes the value's text form (`description`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
