/// The balance of one account: the sum of its rows per currency, and the part still pending.
public struct AccountBalance: Hashable, Sendable {
    /// nil for rows with no account.
    public var account: String?
    /// The number of rows.
    public var count: Int
    /// Every row, per currency (currency code order).
    public var balance: [Money]
    /// Pending rows only.
    public var pending: [Money]
    /// Posted rows only (`balance` minus `pending`).
    public var posted: [Money]
}

/// Money in and out in one month, per currency.
public struct MonthSummary: Hashable, Sendable {
    /// The month, in the store's time zone.
    public var month: CalendarMonth
    /// The number of rows.
    public var count: Int
    /// Sum of positive amounts.
    public var income: [Money]
    /// Sum of negative amounts (negative numbers).
    public var expenses: [Money]
    /// income + expenses.
    public var net: [Money]
}

/// What was spent (the sum of negative amounts) in one category in one month.
public struct CategorySpending: Hashable, Sendable {
    /// nil for uncategorized rows.
    public var category: String?
    /// The month, in the store's time zone.
    public var month: CalendarMonth
    /// The number of rows.
    public var count: Int
    /// The sum of the negative amounts, per currency (negative numbers).
    public var spent: [Money]
}

extension TransactionStore {
    /// Every account's balance, kept current by every mutation (from the account buckets, so
    /// it costs the number of accounts): accounts by name, rows with no account last.
    public func balances() -> [AccountBalance] {
        lock.withReadLock {
            let codes = contents.text[.account].titleOrder + [0]
            return codes.compactMap { code -> AccountBalance? in
                let count = contents.buckets.account.count(code)
                guard count > 0 else { return nil }
                let all = moneys(contents.buckets.account, code)
                let pending = moneys(contents.buckets.pendingByAccount, code)
                let posted = all.map { money in
                    Money(minorUnits: money.minorUnits - (pending.first { $0.currency == money.currency }?.minorUnits ?? 0),
                          currency: money.currency)
                }
                return AccountBalance(account: code == 0 ? nil : contents.text[.account].string(code), count: count,
                                      balance: all, pending: pending, posted: posted)
            }
        }
    }

    /// Income, expenses and net per month, oldest first.
    public func monthlySummaries() -> [MonthSummary] {
        lock.withReadLock {
            contents.calendar.months.sortedCodes.map { code in
                var income: [Money] = []
                var expenses: [Money] = []
                var net: [Money] = []
                forEachCurrency(contents.buckets.month, code) { currency, _, sum, positive in
                    income.append(Money(minorUnits: positive, currency: currency))
                    expenses.append(Money(minorUnits: sum &- positive, currency: currency))
                    net.append(Money(minorUnits: sum, currency: currency))
                }
                return MonthSummary(month: CalendarMonth(monthsSince1970: contents.calendar.months.value(code)),
                                    count: contents.buckets.month.count(code), income: income, expenses: expenses, net: net)
            }
        }
    }

    /// Spending per category and month (only categories with expenses), by month then
    /// category name, uncategorized last; `month` keeps one month.
    public func spending(in month: CalendarMonth? = nil) -> [CategorySpending] {
        lock.withReadLock {
            // The expense cells of each (category, month), one per currency, gathered first.
            var pairs: [UInt64: (count: Int, sums: [(currency: Currency, sum: Int128)])] = [:]
            contents.buckets.categoryMonth.forEachEntry(of: .expense) { category, monthCode, currency, count, sum in
                let key = category << 32 | UInt64(monthCode)
                pairs[key, default: (0, [])].count += count
                pairs[key, default: (0, [])].sums.append((contents.currencies[currency], sum))
            }
            var result: [(rank: Int, item: CategorySpending)] = []
            for (key, pair) in pairs {
                let (category, monthCode) = (UInt32(key >> 32), UInt32(truncatingIfNeeded: key))
                let value = CalendarMonth(monthsSince1970: contents.calendar.months.value(monthCode))
                if let month, month != value { continue }
                let rank = category == 0 ? Int.max : Int(contents.text[.category].titleRank[Int(category)])
                result.append((rank, CategorySpending(
                    category: category == 0 ? nil : contents.text[.category].string(category), month: value,
                    count: pair.count, spent: pair.sums.sorted { $0.currency < $1.currency }.map { Money(minorUnits: $0.sum, currency: $0.currency) })))
            }
            result.sort { ($0.item.month, $0.rank) < ($1.item.month, $1.rank) }
            return result.map(\.item)
        }
    }

    /// The sums of a bucket, per currency in code order.
    private func moneys(_ table: BucketTable, _ bucket: UInt32) -> [Money] {
        var result: [Money] = []
        forEachCurrency(table, bucket) { currency, _, sum, _ in result.append(Money(minorUnits: sum, currency: currency)) }
        return result
    }

    private func forEachCurrency(_ table: BucketTable, _ bucket: UInt32,
                                 _ body: (Currency, Int, Int128, Int128) -> Void) {
        var entries: [(Currency, Int, Int128, Int128)] = []
        table.forEachCurrency(of: bucket) { number, count, sum, income in
            entries.append((contents.currencies[number], count, sum, income))
        }
        for entry in entries.sorted(by: { $0.0 < $1.0 }) { body(entry.0, entry.1, entry.2, entry.3) }
    }
}
