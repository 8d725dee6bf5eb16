import Foundation
import TransactionSearch

/// Weeks and the orders of groups, the plain way: ISO weeks from Foundation's ISO 8601
/// calendar, and groups sorted by their counts or totals after the natural order.
extension PlainScan {
    /// The ISO 8601 week of a day (Monday first; the week's year is its Thursday's), from
    /// Foundation's `.iso8601` calendar rather than the store's arithmetic.
    static func isoWeek(of day: CalendarDay) -> CalendarWeek {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let date = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400)
        let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return CalendarWeek(year: parts.yearForWeekOfYear!, week: parts.weekOfYear!)!
    }

    /// The groups in the order the query asks (docs/SPEC.md section 11): as they are for
    /// `title`; the most rows first for `count`; for `total`, the largest total by magnitude
    /// first: the base total with rates (groups without one after the others), else the
    /// group's sum in the currency with the most matching rows (the first by code among
    /// equals; a group without it counts as 0). Equal groups keep their order.
    static func ordered(_ keys: [GroupKey?], grouped: [GroupKey?: [Row]], total: Aggregate, _ ordering: GroupOrdering,
                        rates: ExchangeRates?) -> [GroupKey?] {
        func stable(by measure: (GroupKey?) -> UInt128?) -> [GroupKey?] {
            let measured = keys.enumerated().map { (position: $0.offset, key: $0.element, measure: measure($0.element)) }
            return measured.sorted { a, b in
                switch (a.measure, b.measure) {
                case (let x?, let y?) where x != y: return x > y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a.position < b.position
                }
            }.map(\.key)
        }
        switch ordering {
        case .title:
            return keys
        case .count:
            return stable { UInt128(grouped[$0]!.count) }
        case .total:
            if let rates {
                return stable { key in aggregate(grouped[key]!.map(\.transaction), rates: rates).base.map { $0.minorUnits.magnitude } }
            }
            let counts = Dictionary(grouping: grouped.values.flatMap { $0 }, by: \.transaction.amount.currency).mapValues(\.count)
            guard let largest = counts.keys.sorted(by: { a, b in counts[a]! != counts[b]! ? counts[a]! > counts[b]! : a.code < b.code }).first
            else { return keys }
            return stable { key in
                grouped[key]!.filter { $0.transaction.amount.currency == largest }
                    .reduce(Int128(0)) { $0 + $1.transaction.amount.minorUnits }.magnitude
            }
        }
    }
}
