/// How often a series recurs.
///
/// The detector reports `monthly` and `yearly`, never `everyMonths(1)` or `everyMonths(12)`;
/// `everyMonths` carries 2, 3, 4 or 6.
public enum RecurringCadence: Hashable, Sendable, CustomStringConvertible {
    /// Every 7 days, on one weekday.
    case weekly
    /// Every 14 days, on one weekday.
    case biweekly
    /// Twice a month on two anchor days, such as the 1st and the 15th, or the 15th and the last day.
    case semimonthly
    /// Once a month on one anchor day (the 31st meaning the last day of shorter months).
    case monthly
    /// Every N months on one anchor day; N is 2, 3, 4 or 6.
    case everyMonths(Int)
    /// Once a year on one month and day (the 29th of February meaning the 28th in common years).
    case yearly

    /// `weekly`, `biweekly`, `semimonthly`, `monthly`, `every-3-months` or `yearly`.
    public var description: String {
        switch self {
        case .weekly: "weekly"
        case .biweekly: "biweekly"
        case .semimonthly: "semimonthly"
        case .monthly: "monthly"
        case .everyMonths(let months): "every-\(months)-months"
        case .yearly: "yearly"
        }
    }

    /// Whether it steps over several months (every N months, yearly): its anchor is found in
    /// a histogram of 31-day months, which shorter months distort by a few days.
    var isMonthCycle: Bool {
        switch self {
        case .everyMonths, .yearly: true
        default: false
        }
    }

    /// The result order of cadences: shortest period first.
    var rank: Int {
        switch self {
        case .weekly: 0
        case .biweekly: 1
        case .semimonthly: 2
        case .monthly: 3
        case .everyMonths(let months): 3 + months
        case .yearly: 100
        }
    }
}
