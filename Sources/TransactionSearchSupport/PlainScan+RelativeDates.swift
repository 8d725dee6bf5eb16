import Foundation
import TransactionSearch

/// Relative dates, the plain way: the periods from Foundation's `Calendar` (Gregorian, weeks
/// from Monday), not the store's day arithmetic.
extension PlainScan {
    /// Today in the scan's zone by the system clock.
    var systemToday: CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        // A day Foundation's calendar gives is a valid one.
        return try! CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The query with every relative date term as fixed days, inside groups too.
    func resolvingRelativeDates(_ query: Query, today: CalendarDay) -> Query {
        var query = query
        query.terms = resolvingRelativeDates(query.terms, today: today)
        return query
    }

    private func resolvingRelativeDates(_ terms: [SearchTerm], today: CalendarDay) -> [SearchTerm] {
        terms.map { term in
            if case .anyOf(let clauses) = term.condition {
                let resolved = clauses.map { SearchClause(resolvingRelativeDates($0.terms, today: today)) }
                return SearchTerm(.anyOf(resolved), isExcluded: term.isExcluded)
            }
            guard case .relativeDates(let from, let to) = term.condition else { return term }
            let lower = from.map { bound -> CalendarDay in
                switch bound {
                case .day(let day): return day
                case .period(let period): return PlainScan.period(period, today: today).first
                case .outside(let period): return PlainScan.day(PlainScan.period(period, today: today).last, plus: 1)
                }
            }
            let upper = to.map { bound -> CalendarDay in
                switch bound {
                case .day(let day): return day
                case .period(let period): return PlainScan.period(period, today: today).last
                case .outside(let period): return PlainScan.day(PlainScan.period(period, today: today).first, plus: -1)
                }
            }
            return SearchTerm(.dates(from: lower, to: upper), isExcluded: term.isExcluded)
        }
    }

    /// The first and last day of a period, from `Calendar` in UTC (calendar days have no zone).
    public static func period(_ period: RelativeDate, today: CalendarDay) -> (first: CalendarDay, last: CalendarDay) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        calendar.firstWeekday = 2  // Monday
        let date = Date(timeIntervalSince1970: Double(today.daysSince1970) * 86_400)
        func interval(_ component: Calendar.Component, shiftedBy shift: Int) -> (CalendarDay, CalendarDay) {
            let shifted = calendar.date(byAdding: component == .weekOfYear ? .day : component,
                                        value: component == .weekOfYear ? shift * 7 : shift, to: date)!
            let span = calendar.dateInterval(of: component, for: shifted)!
            return (day(of: span.start), day(of: span.end.addingTimeInterval(-1)))
        }
        switch period {
        case .today: return (today, today)
        case .yesterday: return (PlainScan.day(today, plus: -1), PlainScan.day(today, plus: -1))
        case .thisWeek: return interval(.weekOfYear, shiftedBy: 0)
        case .lastWeek: return interval(.weekOfYear, shiftedBy: -1)
        case .thisMonth: return interval(.month, shiftedBy: 0)
        case .lastMonth: return interval(.month, shiftedBy: -1)
        case .thisYear: return interval(.year, shiftedBy: 0)
        case .lastYear: return interval(.year, shiftedBy: -1)
        case .lastDays(let count): return (PlainScan.day(today, plus: -(count - 1)), today)
        }
    }

    private static func day(of date: Date) -> CalendarDay {
        CalendarDay(daysSince1970: Int32((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    private static func day(_ day: CalendarDay, plus days: Int) -> CalendarDay {
        CalendarDay(daysSince1970: day.daysSince1970 + Int32(days))
    }
}
