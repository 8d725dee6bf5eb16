/// Every threshold of the detector in one place; DESIGN.md gives the reason for each number.
enum RecurringTuning {
    /// The cadences tried on every cluster, shortest period first (the search relies on the order).
    static let cadences: [RecurringCadence] = [
        .weekly, .biweekly, .semimonthly, .monthly,
        .everyMonths(2), .everyMonths(3), .everyMonths(4), .everyMonths(6), .yearly,
    ]

    /// How many days an occurrence may sit from its due day (after moving a weekend due day to
    /// the Friday before or the Monday after): a weekly charge drifts ±1, a monthly one ±3-4, a
    /// yearly one ±7.
    static func tolerance(_ cadence: RecurringCadence) -> Int {
        switch cadence {
        case .weekly: 1
        case .biweekly: 2
        case .semimonthly: 3
        case .monthly: 4
        case .everyMonths(let months): months >= 6 ? 6 : 5
        case .yearly: 7
        }
    }

    /// The average period in days, for density estimates.
    static func period(_ cadence: RecurringCadence) -> Int {
        switch cadence {
        case .weekly: 7
        case .biweekly: 14
        case .semimonthly: 15
        case .monthly: 30
        case .everyMonths(let months): months * 30 + months / 2
        case .yearly: 365
        }
    }

    /// How far from a due day another row of the cluster counts as "foreign" (a row the series
    /// should explain but does not): half a period, at most 30 days, so that three yearly
    /// policies months apart do not count against each other while a habit's rows do.
    static func foreignWindow(_ cadence: RecurringCadence) -> Int {
        min(period(cadence) / 2, 30)
    }

    /// The most occurrences a cadence can have in `span` days: an upper bound that lets the
    /// search skip cadences that cannot beat the best fit so far.
    static func maximumCount(_ cadence: RecurringCadence, span: Int) -> Int {
        let reach = span + 2 * tolerance(cadence)
        switch cadence {
        case .weekly: return reach / 7 + 1
        case .biweekly: return reach / 14 + 1
        case .semimonthly: return 2 * (reach / 28 + 1)
        case .monthly: return reach / 28 + 1
        case .everyMonths(let months):
            let shortest = [0, 28, 59, 89, 120, 150, 181][min(months, 6)]
            return reach / shortest + 1
        case .yearly: return reach / 365 + 1
        }
    }

    /// Missed occurrences a series may have: one gap of a single missing slot never ends a
    /// series (a gap of two or more does), and in all at most a quarter of the count plus one.
    static func allowedMissed(count: Int) -> Int { count / 4 + 1 }

    /// Foreign rows a series may leave near its due days: a quarter of its count. A habit (coffee,
    /// groceries) always leaves many more.
    static func allowedForeign(count: Int) -> Int { count / 4 }

    /// The smallest count of a fixed or price-stepped series; yearly may have 2 at low confidence.
    static let minimumFixedCount = 3

    /// The smallest count of a series whose amount varies in a band: the amount carries no
    /// evidence, so the days must carry it all.
    static func minimumBandCount(_ cadence: RecurringCadence) -> Int {
        switch cadence {
        case .weekly, .biweekly, .semimonthly, .monthly: 6
        case .everyMonths, .yearly: 4
        }
    }

    /// The smallest count of a series whose amount varies within ±5% (a salary by cents):
    /// one more than a fixed amount needs.
    static let minimumNearlyFixedCount = 4

    /// Rows within this ratio of a series' amounts are "like" them: the background against which
    /// `SeriesSignificance` judges the series (coffee at 8.36 among coffees at every price near it is
    /// chance; Prime at 89.00 among a few Amazon purchases is not).
    static let neighborhoodRatio = 1.1

    /// Missed occurrences a varying-amount series may have: none below 8 occurrences, then one
    /// in eight. A band's amounts carry no evidence, and a gap is where chance alignments of
    /// irregular rows hide.
    static func allowedBandMissed(count: Int) -> Int { count < 8 ? 0 : count / 8 }

    /// Amounts of a band may sit this many times above or below the median (utilities: ±25%
    /// typical, a winter bill up to +50%).
    static let bandMaximumRatio = 1.5
    /// The mean absolute deviation of a band, relative to its median (±25% spread evenly is 12.5%).
    static let bandMaximumDeviation = 0.2
    /// A band this tight (±5%) needs only `minimumNearlyFixedCount` occurrences.
    static let nearlyFixedRatio = 1.05
    /// Weekly and biweekly series may vary only this much (a paycheck by hours), else they are a
    /// habit such as groceries.
    static let shortCadenceMaximumRatio = 1.10

    /// A price change may at most double or halve the amount.
    static let priceChangeMaximumRatio = 2.0
    /// A fixed series may change price at most this often before it counts as a band.
    static let maximumPriceChanges = 3

    /// Amount clusters of varying amounts split where sorted amounts jump by more than 25%.
    static let bandGapRatio = 1.25

    /// A yearly series seen only twice never scores above this.
    static let twoOccurrenceConfidenceCap = 0.35
}
