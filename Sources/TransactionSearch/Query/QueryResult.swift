/// The answer to a query: the count and exact sums of every matching row, the groups, and one
/// page of rows laid out group by group in the sort order.
///
/// Two results are equal when they give the same answer; the time taken is not compared.
public struct QueryResult: Sendable, Equatable {
    /// How the groups were made.
    public var grouping: Grouping
    /// All matching rows together.
    public var total: Aggregate
    /// Every group with at least one matching row, in order; empty for `Grouping.none`.
    public var groups: [ResultGroup]
    /// The page of rows.
    public var rows: [ResultRow]
    /// Time to answer, in microseconds (a cached answer reports the lookup time).
    public var elapsedMicroseconds: Int

    public init(grouping: Grouping, total: Aggregate, groups: [ResultGroup], rows: [ResultRow], elapsedMicroseconds: Int = 0) {
        self.grouping = grouping
        self.total = total
        self.groups = groups
        self.rows = rows
        self.elapsedMicroseconds = elapsedMicroseconds
    }

    public static func == (lhs: QueryResult, rhs: QueryResult) -> Bool {
        lhs.grouping == rhs.grouping && lhs.total == rhs.total && lhs.groups == rhs.groups && lhs.rows == rhs.rows
    }
}

/// A count and exact sums, one per currency present (listed even when the sum is zero), in
/// currency code order; with exchange rates set, the total in the base currency.
public struct Aggregate: Hashable, Sendable {
    public var count: Int
    public var sums: [Money]
    /// The sums converted to the base currency and rounded once, half to even; nil without
    /// rates, or when a currency present has no rate.
    public var base: Money?

    public init(count: Int, sums: [Money], base: Money? = nil) {
        self.count = count
        self.sums = sums
        self.base = base
    }
}

/// One group of a result. Its sums live in storage shared by all the groups of the result, so
/// a result with a thousand day groups makes one array, not a thousand.
public struct ResultGroup: Sendable, Equatable {
    public let key: GroupKey
    public let count: Int
    let storage: GroupSums
    let index: Int

    /// A group with its own storage (results built by the store share one).
    public init(key: GroupKey, count: Int, sums: [Money], base: Money? = nil) {
        self.key = key
        self.count = count
        storage = GroupSums(sums: sums, ranges: [0..<sums.count], bases: base.map { [$0] })
        index = 0
    }

    init(key: GroupKey, count: Int, storage: GroupSums, index: Int) {
        self.key = key
        self.count = count
        self.storage = storage
        self.index = index
    }

    /// The display title (see `GroupKey.title`).
    public var title: String { key.title }

    /// The sum per currency present in the group, in currency code order.
    public var sums: [Money] { Array(storage.sums[storage.ranges[index]]) }

    /// The total in the base currency, when exchange rates are set.
    public var base: Money? { storage.bases?[index] }

    /// The group's count and sums.
    public var aggregate: Aggregate { Aggregate(count: count, sums: sums, base: base) }

    public static func == (lhs: ResultGroup, rhs: ResultGroup) -> Bool {
        lhs.key == rhs.key && lhs.count == rhs.count && lhs.sums == rhs.sums && lhs.base == rhs.base
    }
}

/// The sums of all the groups of one result, packed.
final class GroupSums: Sendable {
    let sums: [Money]
    let ranges: [Range<Int>]
    let bases: [Money?]?

    init(sums: [Money], ranges: [Range<Int>], bases: [Money?]?) {
        self.sums = sums
        self.ranges = ranges
        self.bases = bases
    }

    /// Groups over this storage, one per key.
    static func groups(keys: [GroupKey], counts: [Int], sums: [Money], ranges: [Range<Int>], bases: [Money?]?) -> [ResultGroup] {
        let storage = GroupSums(sums: sums, ranges: ranges, bases: bases)
        return keys.indices.map { ResultGroup(key: keys[$0], count: counts[$0], storage: storage, index: $0) }
    }
}

/// A row of the page: the transaction, its group, and where the query's words occur in its
/// merchant (so an app can bold them).
public struct ResultRow: Hashable, Sendable {
    public var transaction: Transaction
    /// The group the row is in; nil with `Grouping.none`.
    public var group: GroupKey?
    /// [start, end) offsets in Unicode scalars of the original merchant text, ascending and
    /// merged where they touch.
    public var matches: [Range<Int>]

    public init(transaction: Transaction, group: GroupKey?, matches: [Range<Int>]) {
        self.transaction = transaction
        self.group = group
        self.matches = matches
    }
}
