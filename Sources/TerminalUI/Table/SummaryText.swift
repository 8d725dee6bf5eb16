import TransactionSearch

/// How fsearch writes counts, totals and group titles, in its table and in the interactive
/// search alike: `3 transactions`, `-12.30 EUR, -4.00 USD (≈ -15.98 EUR)`, a day in the chosen
/// form.
package enum SummaryText {
    /// `1 transaction`, `3 transactions`.
    package static func count(_ count: Int) -> String {
        count == 1 ? "1 transaction" : "\(count) transactions"
    }

    /// The sums per currency, then the base total when there is one (or why there is none).
    package static func sums(of aggregate: Aggregate) -> String {
        aggregate.sums.amountsText + baseNote(aggregate.base, aggregate.baseProblem)
    }

    /// ` (≈ -12.30 EUR)`, or ` (base total unavailable: no rate for USD)` when rates are set but
    /// the sums cannot be converted; nothing without rates.
    package static func baseNote(_ base: Money?, _ problem: BaseTotalProblem?) -> String {
        if let base { return " (≈ \(base))" }
        if let problem { return " (base total unavailable: \(problem))" }
        return ""
    }

    /// A group's title: a day in the chosen form, else the group's title, control characters
    /// escaped.
    package static func title(of group: ResultGroup, dates: DateDisplay) -> String {
        if case .day(let day) = group.key { return dates.text(of: day) }
        return VisibleText.escaped(group.title)
    }
}
