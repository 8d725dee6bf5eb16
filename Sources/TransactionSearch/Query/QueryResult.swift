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
    public var groups: ResultGroups
    /// The page of rows.
    public var rows: [ResultRow]
    /// Time to answer, in microseconds (a cached answer reports the lookup time).
    public var elapsedMicroseconds: Int
    /// The facets the query asked for, in `FacetField` order.
    public var facets: [Facet] = []
    /// The words matched approximately because they matched nothing exactly, with the
    /// spellings found (empty when every word matched as typed).
    public var corrections: [Correction] = []
    /// The words matched approximately because nothing held them exactly, whether or not
    /// anything was found (folded): what the cache needs to know of this answer.
    var widenedWords: [[UInt8]] = []

    /// A result from its parts (for tests and for results read back from JSON).
    public init(grouping: Grouping, total: Aggregate, groups: [ResultGroup], rows: [ResultRow], elapsedMicroseconds: Int = 0) {
        self.init(grouping: grouping, total: total, groups: ResultGroups(groups), rows: rows, elapsedMicroseconds: elapsedMicroseconds)
    }

    init(grouping: Grouping, total: Aggregate, groups: ResultGroups, rows: [ResultRow], elapsedMicroseconds: Int) {
        self.grouping = grouping
        self.total = total
        self.groups = groups
        self.rows = rows
        self.elapsedMicroseconds = elapsedMicroseconds
    }

    /// Whether two results give the same answer; the time taken is not compared.
    public static func == (lhs: QueryResult, rhs: QueryResult) -> Bool {
        lhs.grouping == rhs.grouping && lhs.total == rhs.total && lhs.groups == rhs.groups && lhs.rows == rhs.rows
            && lhs.facets == rhs.facets && lhs.corrections == rhs.corrections
    }
}

/// A count and exact sums, one per currency present (listed even when the sum is zero), in
/// currency code order; with exchange rates set, the total in the base currency.
public struct Aggregate: Hashable, Sendable {
    /// The number of matching rows.
    public var count: Int
    /// The exact sum per currency present, in currency code order.
    public var sums: [Money]
    /// The sums converted to the base currency and rounded once, half to even; nil without
    /// rates, or when they cannot be converted (then `baseProblem` says why).
    public var base: Money?
    /// Why there is no base total although rates are set: a currency without a rate, or a
    /// total too large to hold exactly. Nil when there is one, or no rates.
    public var baseProblem: BaseTotalProblem?

    /// An aggregate from its parts.
    public init(count: Int, sums: [Money], base: Money? = nil, baseProblem: BaseTotalProblem? = nil) {
        self.count = count
        self.sums = sums
        self.base = base
        self.baseProblem = baseProblem
    }

    /// The count and sums with the outcome of converting them (nil: no rates).
    init(count: Int, sums: [Money], conversion: Result<Money, BaseTotalProblem>?) {
        self.init(count: count, sums: sums, base: try? conversion?.get(), baseProblem: conversion?.problem)
    }
}

extension Result where Failure == BaseTotalProblem {
    /// The problem of a failed conversion; nil for a success.
    var problem: BaseTotalProblem? {
        if case .failure(let problem) = self { problem } else { nil }
    }
}

/// One group of a result: its key, count and sums.
public struct ResultGroup: Hashable, Sendable {
    /// What the group's rows share: a day, a month, a card, a category or a merchant.
    public let key: GroupKey
    /// The number of matching rows in the group.
    public let count: Int
    /// The sum per currency present in the group, in currency code order.
    public let sums: [Money]
    /// The total in the base currency, when exchange rates are set and it can be computed.
    public let base: Money?
    /// Why there is no base total although rates are set (see `Aggregate.baseProblem`).
    public let baseProblem: BaseTotalProblem?

    /// A group from its parts.
    public init(key: GroupKey, count: Int, sums: [Money], base: Money? = nil, baseProblem: BaseTotalProblem? = nil) {
        self.key = key
        self.count = count
        self.sums = sums
        self.base = base
        self.baseProblem = baseProblem
    }

    /// The display title (see `GroupKey.title`).
    public var title: String { key.title }

    /// The group's count and sums.
    public var aggregate: Aggregate { Aggregate(count: count, sums: sums, base: base, baseProblem: baseProblem) }
}

/// The groups of a result, in order. Kept as a few flat arrays, so that a result with a
/// thousand day groups costs a few allocations, not thousands; a `ResultGroup` is made when
/// read.
public struct ResultGroups: RandomAccessCollection, Equatable, Sendable {
    private var keys: [GroupKey] = []
    /// The keys instead of `keys` under a text grouping made by the store (see `TextGroupKeys`).
    private var textKeys: TextGroupKeys?
    private var counts: [Int] = []
    /// Group `i` has the sums `sums[sumStarts[i] ..< sumStarts[i + 1]]`.
    private var sumStarts: [Int32] = [0]
    private var sums: [Money] = []
    private var bases: [Money?]?
    /// Set with `bases` when rates are: each group's problem, nil where it has a base total.
    private var baseProblems: [BaseTotalProblem?]?

    /// No groups.
    public init() {}

    /// Groups from their parts: group `i` has the sums `sums[sumStarts[i] ..< sumStarts[i + 1]]`.
    init(keys: [GroupKey], counts: [Int], sumStarts: [Int32], sums: [Money], bases: [Money?]?) {
        self.keys = keys
        self.counts = counts
        self.sumStarts = sumStarts
        self.sums = sums
        self.bases = bases
    }

    /// Groups from their parts, their keys kept as bytes until read.
    init(textKeys: TextGroupKeys, counts: [Int], sumStarts: [Int32], sums: [Money]) {
        precondition(textKeys.count == counts.count, "ResultGroups: \(textKeys.count) keys for \(counts.count) groups")
        self.textKeys = textKeys
        self.counts = counts
        self.sumStarts = sumStarts
        self.sums = sums
    }

    /// The groups of an array.
    public init(_ groups: [ResultGroup]) {
        for group in groups {
            append(key: group.key, count: group.count, sums: group.sums, base: group.base, baseProblem: group.baseProblem)
        }
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of groups.
    public var endIndex: Int { counts.count }

    /// The group at a position (0-based), made when read.
    public subscript(position: Int) -> ResultGroup {
        ResultGroup(key: textKeys?.key(at: position) ?? keys[position], count: counts[position],
                    sums: Array(sums[Int(sumStarts[position]) ..< Int(sumStarts[position + 1])]), base: bases?[position],
                    baseProblem: baseProblems?[position])
    }

    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        counts.reserveCapacity(count)
        sumStarts.reserveCapacity(count + 1)
    }

    /// Starts a group; its sums follow with `appendSum`.
    mutating func append(key: GroupKey, count: Int) {
        precondition(textKeys == nil, "ResultGroups.append on groups with text keys")
        keys.append(key)
        counts.append(count)
        sumStarts.append(sumStarts[sumStarts.count - 1])
    }

    mutating func appendSum(_ money: Money) {
        sums.append(money)
        sumStarts[sumStarts.count - 1] += 1
    }

    mutating func append(key: GroupKey, count: Int, sums groupSums: [Money], base: Money?, baseProblem: BaseTotalProblem? = nil) {
        append(key: key, count: count)
        for money in groupSums { appendSum(money) }
        if (base != nil || baseProblem != nil) && bases == nil {
            bases = Array(repeating: nil, count: keys.count - 1)
            baseProblems = Array(repeating: nil, count: keys.count - 1)
        }
        bases?.append(base)
        baseProblems?.append(baseProblem)
    }

    /// Sets the base-currency totals of every group, or why each has none.
    mutating func setBases(_ convert: ([Money]) -> Result<Money, BaseTotalProblem>) {
        let conversions = indices.map { convert(Array(sums[Int(sumStarts[$0]) ..< Int(sumStarts[$0 + 1])])) }
        bases = conversions.map { try? $0.get() }
        baseProblems = conversions.map(\.problem)
    }

    /// Whether the groups are the same, in the same order.
    public static func == (lhs: ResultGroups, rhs: ResultGroups) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
    }
}

/// A row of the page: the transaction, its group, and where the query's words occur in its
/// merchant (so an app can bold them).
public struct ResultRow: Hashable, Sendable {
    /// The matching transaction.
    public var transaction: Transaction
    /// The group the row is in; nil with `Grouping.none`.
    public var group: GroupKey?
    /// [start, end) offsets in Unicode scalars of the original merchant text, ascending and
    /// merged where they touch.
    public var matches: [Range<Int>]

    /// A row from its parts.
    public init(transaction: Transaction, group: GroupKey?, matches: [Range<Int>]) {
        self.transaction = transaction
        self.group = group
        self.matches = matches
    }
}
