/// Money in and out of one month in one currency.
public struct MonthCashFlow: Hashable, Sendable {
    /// The month, in the store's time zone.
    public var month: CalendarMonth
    /// The number of rows, income and spending (and rows of zero).
    public var count: Int
    /// The sum of positive amounts.
    public var income: Money
    /// The sum of negative amounts (a negative number).
    public var spending: Money
    /// `income + spending`.
    public var net: Money

    /// A month's flow from its parts.
    public init(month: CalendarMonth, count: Int, income: Money, spending: Money, net: Money) {
        self.month = month
        self.count = count
        self.income = income
        self.spending = spending
        self.net = net
    }
}

/// How a category's spending changed from one month to the next, in one currency.
public struct SpendingChange: Hashable, Sendable {
    /// The category; nil for uncategorized rows.
    public var category: String?
    /// The month before.
    public var from: CalendarMonth
    /// The month after.
    public var to: CalendarMonth
    /// Spent in `from` (negative or zero).
    public var before: Money
    /// Spent in `to` (negative or zero).
    public var after: Money

    /// `after - before`: negative when more was spent.
    public var change: Money { Money(minorUnits: after.minorUnits - before.minorUnits, currency: after.currency) }

    /// A change from its parts.
    public init(category: String?, from: CalendarMonth, to: CalendarMonth, before: Money, after: Money) {
        self.category = category
        self.from = from
        self.to = to
        self.before = before
        self.after = after
    }
}

/// Income, spending and net per month, balances per account, and the categories whose spending
/// changed most from the next-to-last month with rows to the last.
public struct StoreSummary: Hashable, Sendable {
    /// One line per month and currency, oldest first, currencies by code.
    public var months: [MonthCashFlow]
    /// The balance of each account over the rows summarized.
    public var balances: [AccountBalance]
    /// The largest changes, largest magnitude first (at most `changeLimit` asked).
    public var changes: [SpendingChange]

    /// A summary from its parts.
    public init(months: [MonthCashFlow], balances: [AccountBalance], changes: [SpendingChange]) {
        self.months = months
        self.balances = balances
        self.changes = changes
    }
}

extension TransactionStore {
    /// The summary of the rows `query` matches (every row by default): month by month income,
    /// spending and net per currency, balances per account, and the `changeLimit` categories
    /// whose spending moved most between the last two months with rows. Every row comes from
    /// the buckets; a narrower query visits its rows.
    public func summary(matching query: Query = Query(), changeLimit: Int = 5) -> StoreSummary {
        StoreSummary(months: cashFlows(query), balances: balances(matching: query),
                     changes: spendingChanges(query, limit: changeLimit))
    }

    /// Income and spending reports by month, merged per month and currency.
    private func cashFlows(_ query: Query) -> [MonthCashFlow] {
        let income = report(ReportRequest(query: query, period: .month, dimension: nil, kind: .income))
        let all = report(ReportRequest(query: query, period: .month, dimension: nil, kind: nil))
        struct Line { var count = 0, income: Int128 = 0, net: Int128 = 0 }
        var lines: [CalendarMonth: [Currency: Line]] = [:]
        for cell in all.cells {
            guard case .month(let month) = cell.period else { continue }
            for amount in cell.amounts {
                lines[month, default: [:]][amount.sum.currency, default: Line()].count += amount.count
                lines[month, default: [:]][amount.sum.currency, default: Line()].net += amount.sum.minorUnits
            }
        }
        for cell in income.cells {
            guard case .month(let month) = cell.period else { continue }
            for amount in cell.amounts { lines[month, default: [:]][amount.sum.currency, default: Line()].income += amount.sum.minorUnits }
        }
        return lines.keys.sorted().flatMap { month in
            lines[month]!.sorted { $0.key < $1.key }.map { currency, line in
                MonthCashFlow(month: month, count: line.count, income: Money(minorUnits: line.income, currency: currency),
                              spending: Money(minorUnits: line.net - line.income, currency: currency),
                              net: Money(minorUnits: line.net, currency: currency))
            }
        }
    }

    /// The balances of the accounts over the rows of `query`: the store's own when it matches
    /// every row, else two grouped searches (every row, the pending ones).
    func balances(matching query: Query) -> [AccountBalance] {
        var all = query
        all.grouping = .account
        all.groupOrdering = .title
        all.limit = 0
        all.offset = 0
        all.facets = []
        guard !(query.text.isEmpty && query.terms.isEmpty && query.filters.isEmpty) else { return balances() }
        var pending = all
        pending.filters.status = query.filters.status == .posted ? .posted : .pending
        let pendingGroups = query.filters.status == .posted ? [] : Array(search(pending).groups)
        return search(all).groups.map { group in
            let pendingSums = pendingGroups.first { $0.key == group.key }?.sums ?? []
            let posted = group.sums.map { money in
                Money(minorUnits: money.minorUnits - (pendingSums.first { $0.currency == money.currency }?.minorUnits ?? 0),
                      currency: money.currency)
            }
            guard case .account(let account) = group.key else { preconditionFailure("a group by account has account keys") }
            return AccountBalance(account: account, count: group.count, balance: group.sums, pending: pendingSums, posted: posted)
        }
    }

    /// The categories whose spending changed most between the last two months with rows.
    private func spendingChanges(_ query: Query, limit: Int) -> [SpendingChange] {
        let spending = report(ReportRequest(query: query, period: .month, dimension: .category, kind: .expense))
        guard spending.periods.count >= 2, case .month(let after) = spending.periods[spending.periods.count - 1],
              case .month(let before) = spending.periods[spending.periods.count - 2] else { return [] }
        struct Pair: Hashable { var category: String?; var currency: Currency }
        var sums: [Pair: (before: Int128, after: Int128)] = [:]
        for cell in spending.cells {
            guard case .month(let month) = cell.period, month == before || month == after,
                  case .category(let category)? = cell.group else { continue }
            for amount in cell.amounts {
                let pair = Pair(category: category, currency: amount.sum.currency)
                if month == before { sums[pair, default: (0, 0)].before += amount.sum.minorUnits } else {
                    sums[pair, default: (0, 0)].after += amount.sum.minorUnits
                }
            }
        }
        let changes = sums.map { pair, value in
            SpendingChange(category: pair.category, from: before, to: after, before: Money(minorUnits: value.before, currency: pair.currency),
                           after: Money(minorUnits: value.after, currency: pair.currency))
        }
        return Array(changes.sorted { left, right in
            let (a, b) = (left.change.minorUnits.magnitude, right.change.minorUnits.magnitude)
            if a != b { return a > b }
            return (left.category ?? "\u{10FFFF}", left.change.currency) < (right.category ?? "\u{10FFFF}", right.change.currency)
        }.prefix(max(0, limit)))
    }
}
