/// Whether a run of occurrences is unlikely to be chance among a habit's rows.
///
/// Coffee at 4.10 bought about every eighth day at random, or one of forty shops visited at
/// random, yields now and then a stretch that looks weekly or yearly. What tells them from a
/// series is the background: rows of the same amounts (same exact amounts for a fixed series,
/// the same band for a varying one) that no series explains. With `background` such rows over
/// `span` days, a due-day window of 2·tolerance + 1 days catches one by chance with probability
/// q ≈ background / span · window, so a run of c occurrences with m missed arises by chance
/// about (span / window) · q^(c − m) times. The run is significant when that is at most
/// `alpha`. With no background (a gym class alone at 5.00) every run is significant.
enum SeriesSignificance {
    /// The expected number of chance runs tolerated while searching a cluster (a loose test,
    /// which also stops the search early in a habit's rows).
    static let searchAlpha = 1.0
    /// The same once every series of a subset is known (the final test).
    static let finalAlpha = 0.01

    /// Whether `count` occurrences with `missed` gaps are significant among `background` other
    /// rows over `span` days, for a schedule of `tolerance` days.
    static func isSignificant(count: Int, missed: Int, tolerance: Int, background: Int, span: Int, alpha: Double) -> Bool {
        guard background > 0 else { return true }
        let days = Double(max(span, 1))
        let window = Double(2 * tolerance + 1)
        let chance = min(1, Double(background) * window / days)
        let evidence = count - missed
        guard evidence > 0, chance < 1 else { return false }
        var expected = days / window + 1
        for _ in 0..<evidence {
            expected *= chance
            if expected <= alpha { return true }
        }
        return expected <= alpha
    }
}
