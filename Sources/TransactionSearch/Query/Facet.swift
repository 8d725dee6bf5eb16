/// A field the matching rows of a query can be counted by, next to the result: what a search
/// screen offers as filter chips ("Food & Drink 40 · Travel 12 · ...").
public enum FacetField: String, Hashable, Sendable, CaseIterable, Codable {
    /// The category (rows with none: `Uncategorized`).
    case category
    /// The merchant as stored.
    case merchant
    /// The card (`****4242`; rows with none: `No card`).
    case card
    /// The account (rows with none: `No account`).
    case account
    /// The local month of the row's date in the store's zone.
    case month
    /// Pending or posted.
    case status
    /// The payee (rows with none: `No payee`).
    case payee

    /// The title of the "none" value (rows with no category, card or account); nil for the
    /// fields every row has.
    public var noneTitle: String? {
        switch self {
        case .category: "Uncategorized"
        case .card: "No card"
        case .account: "No account"
        case .payee: "No payee"
        case .merchant, .month, .status: nil
        }
    }
}

/// One facet a query asks for: its field, how many values to list, and whether to ignore the
/// query's own filter on that field.
public struct FacetRequest: Hashable, Sendable {
    /// The field to count by.
    public var field: FacetField
    /// Values listed at most (the "none" value not counted); the rest are summed as `other`.
    /// A negative limit counts as 0.
    public var limit: Int
    /// Whether the facet counts the rows the query would match without its own filters and
    /// terms on this field (the "disjunctive" facet: with `card:4242` selected, the other
    /// cards still show their counts). False: the facet counts exactly the matching rows.
    public var isDisjunctive: Bool

    /// The default limit: ten values.
    public static let defaultLimit = 10

    /// A facet on `field`, listing `limit` values, counting exactly the matching rows unless
    /// `isDisjunctive`.
    public init(_ field: FacetField, limit: Int = FacetRequest.defaultLimit, isDisjunctive: Bool = false) {
        self.field = field
        self.limit = limit
        self.isDisjunctive = isDisjunctive
    }
}

extension FacetRequest: Codable {
    private enum Keys: String, CodingKey {
        case field, limit, isDisjunctive
    }

    /// Reads `{"field": "card"}`, the limit and the disjunctive flag optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(try container.decode(FacetField.self, forKey: .field),
                  limit: try container.decodeIfPresent(Int.self, forKey: .limit) ?? FacetRequest.defaultLimit,
                  isDisjunctive: try container.decodeIfPresent(Bool.self, forKey: .isDisjunctive) ?? false)
    }

    /// Writes the field, the limit and whether the facet is disjunctive.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(field, forKey: .field)
        try container.encode(limit, forKey: .limit)
        try container.encode(isDisjunctive, forKey: .isDisjunctive)
    }
}

/// One value of a facet, in the shape of a result group: its key, title, count and exact sums
/// per currency (and base total when exchange rates are set).
public struct FacetValue: Hashable, Sendable {
    /// The value as text: the category, merchant, card or account as stored, the month as
    /// `YYYY-MM`, the status as `pending` or `posted`; nil for the "none" value.
    public var key: String?
    /// The display title: as for groups (`****4242`, `March 2026`, `Uncategorized`), `No
    /// account` for rows with no account, `Pending` or `Posted` for a status.
    public var title: String
    /// The rows with this value.
    public var count: Int
    /// The sum per currency present, in currency code order.
    public var sums: [Money]
    /// The total in the base currency, when exchange rates are set and it can be computed.
    public var base: Money?
    /// Why there is no base total although rates are set (see `Aggregate.baseProblem`).
    public var baseProblem: BaseTotalProblem?

    /// A value from its parts.
    public init(key: String?, title: String, count: Int, sums: [Money], base: Money? = nil, baseProblem: BaseTotalProblem? = nil) {
        self.key = key
        self.title = title
        self.count = count
        self.sums = sums
        self.base = base
        self.baseProblem = baseProblem
    }

    /// The value's count and sums.
    public var aggregate: Aggregate { Aggregate(count: count, sums: sums, base: base, baseProblem: baseProblem) }
}

/// The counts and sums of a query's matching rows by one field: the values by count,
/// descending, then by title (folded, then as is, then the key), the "none" value last; the
/// values past the request's limit summed in `other`.
public struct Facet: Hashable, Sendable {
    /// The field counted by.
    public var field: FacetField
    /// At most the request's limit of values with a key, then the "none" value when rows have
    /// none.
    public var values: [FacetValue]
    /// The values past the limit, summed (nil when there are none).
    public var other: Aggregate?

    /// A facet from its parts.
    public init(field: FacetField, values: [FacetValue], other: Aggregate? = nil) {
        self.field = field
        self.values = values
        self.other = other
    }

    /// The title `fsearch` gives `other`.
    public static let otherTitle = "Other"
}
