/// The periods a report's columns are (docs/SPEC.md section 13): keys `2026-W11`, `2026-03`, `2026`.
public enum ReportPeriod: String, Hashable, Sendable, CaseIterable, Codable {
    /// ISO 8601 weeks, Monday first.
    case week
    /// Calendar months.
    case month
    /// Calendar years.
    case year
}

/// What a report's rows are grouped by within each period.
public enum ReportDimension: String, Hashable, Sendable, CaseIterable, Codable {
    /// The category (uncategorized: the nil group).
    case category
    /// The cleaned payee.
    case payee
    /// The merchant as the bank wrote it.
    case merchant
    /// The card (no card: the nil group).
    case card
    /// The account (no account: the nil group).
    case account
}

/// What to report: the rows a query matches, per period and group, of one kind or both.
public struct ReportRequest: Hashable, Sendable {
    /// The rows reported (its grouping, order and page are ignored; its `filters.kind` is
    /// replaced by `kind`).
    public var query: Query
    /// The periods.
    public var period: ReportPeriod
    /// The groups within a period; nil for one line a period.
    public var dimension: ReportDimension?
    /// Only spending (amount < 0) or only income (amount > 0); nil for every row, the sums
    /// then being net.
    public var kind: TransactionKind?

    /// A request from its parts: every row, by month and category, spending only by default.
    public init(query: Query = Query(), period: ReportPeriod = .month, dimension: ReportDimension? = .category,
                kind: TransactionKind? = .expense) {
        self.query = query
        self.period = period
        self.dimension = dimension
        self.kind = kind
    }
}

/// The rows of one currency in a report cell: how many, and their exact sum.
public struct ReportAmount: Hashable, Sendable {
    /// The number of rows.
    public var count: Int
    /// Their sum (negative for spending).
    public var sum: Money

    /// An amount from its parts.
    public init(count: Int, sum: Money) {
        self.count = count
        self.sum = sum
    }
}

/// One period and group of a report: its rows per currency, and the base total with rates.
public struct ReportCell: Hashable, Sendable {
    /// The period: `.week`, `.month` or `.year`.
    public var period: GroupKey
    /// The group: `.category`, `.payee`, `.merchant`, `.card` or `.account`; nil when the
    /// report has no dimension.
    public var group: GroupKey?
    /// Rows and sum per currency, in currency code order.
    public var amounts: [ReportAmount]
    /// The sums in the rates' base currency, when the store has exchange rates and they convert.
    public var base: Money?
    /// Why `base` is nil although the store has rates.
    public var baseProblem: BaseTotalProblem?

    /// The number of rows, every currency.
    public var count: Int { amounts.reduce(0) { $0 + $1.count } }
    /// The sums, one per currency.
    public var sums: [Money] { amounts.map(\.sum) }

    /// A cell from its parts.
    public init(period: GroupKey, group: GroupKey?, amounts: [ReportAmount], base: Money? = nil, baseProblem: BaseTotalProblem? = nil) {
        self.period = period
        self.group = group
        self.amounts = amounts
        self.base = base
        self.baseProblem = baseProblem
    }
}

/// A report: cells for every period and group with rows, oldest period first, groups in their
/// natural order (by title, the "none" group last).
public struct Report: Hashable, Sendable {
    /// What was asked.
    public var request: ReportRequest
    /// The cells with rows.
    public var cells: [ReportCell]
    /// The periods with rows, oldest first.
    public var periods: [GroupKey]
    /// The groups with rows, in their natural order (empty without a dimension).
    public var groups: [GroupKey?]
    /// Whether the report was read from the store's buckets (no row visited): true for every
    /// row or whole months of them, by month or year, by category or not at all.
    public var isFromBuckets: Bool

    /// A report from its parts.
    public init(request: ReportRequest, cells: [ReportCell], periods: [GroupKey], groups: [GroupKey?], isFromBuckets: Bool) {
        self.request = request
        self.cells = cells
        self.periods = periods
        self.groups = groups
        self.isFromBuckets = isFromBuckets
    }
}
