extension Query {
    /// Whether a term counts its dates from today (`date:last-month`): its answer then depends
    /// on the day it runs.
    public var hasRelativeDates: Bool {
        terms.contains { $0.condition.isRelativeDates }
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
    /// The term with relative dates as fixed days as of `today` (other terms as they are).
    public func resolvingRelativeDates(today: CalendarDay) -> SearchTerm {
        guard case .relativeDates(let from, let to) = condition else { return self }
        return SearchTerm(.dates(from: from?.lowerDay(today: today), to: to?.upperDay(today: today)), isExcluded: isExcluded)
    }
}

extension SearchTerm.Condition {
    /// Whether it is a date condition counted from today.
    var isRelativeDates: Bool {
        if case .relativeDates = self { return true }
        return false
    }
}
