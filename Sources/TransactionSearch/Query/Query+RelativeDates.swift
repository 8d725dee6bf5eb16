extension Query {
    /// Whether a term counts its dates from today (`date:last-month`): its answer then depends
    /// on the day it runs.
    public var hasRelativeDates: Bool {
        terms.contains { $0.condition.hasRelativeDates }
    }

    /// The query with every relative date term turned into fixed days as of `today`
    /// (`date:last-month` on 2026-03-14 becomes `date:2026-02`). The store does this each
    /// time it answers, with today from its clock; its cache is keyed by the result.
    public func resolvingRelativeDates(today: CalendarDay) -> Query {
        guard hasRelativeDates else { return self }
        var query = self
        query.terms = terms.map { $0.resolvingRelativeDates(today: today) }
        return query
    }
}

extension SearchTerm {
    /// The term with relative dates as fixed days as of `today`, inside groups too (other terms
    /// as they are).
    public func resolvingRelativeDates(today: CalendarDay) -> SearchTerm {
        switch condition {
        case .relativeDates(let from, let to):
            return SearchTerm(.dates(from: from?.lowerDay(today: today), to: to?.upperDay(today: today)), isExcluded: isExcluded)
        case .anyOf(let clauses) where condition.hasRelativeDates:
            let resolved = clauses.map { SearchClause($0.terms.map { $0.resolvingRelativeDates(today: today) }) }
            return SearchTerm(.anyOf(resolved), isExcluded: isExcluded)
        default:
            return self
        }
    }
}

extension SearchTerm.Condition {
    /// Whether it is a date condition counted from today, or a group holding one.
    var hasRelativeDates: Bool {
        switch self {
        case .relativeDates: true
        case .anyOf(let clauses): clauses.contains { $0.terms.contains { $0.condition.hasRelativeDates } }
        default: false
        }
    }
}
