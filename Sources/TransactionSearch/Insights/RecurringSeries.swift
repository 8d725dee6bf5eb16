/// A price change inside a recurring series: from `day` on, the series charges `to` instead
/// of `from` (Spotify 9.99 → 10.99 continues one series and reports this).
public struct RecurringPriceChange: Hashable, Sendable {
    /// The day of the first occurrence at the new amount.
    public var day: CalendarDay
    /// The amount before (signed: negative is money out).
    public var from: Money
    /// The amount from `day` on.
    public var to: Money

    /// A price change from its fields; see each property.
    public init(day: CalendarDay, from: Money, to: Money) {
        self.day = day
        self.from = from
        self.to = to
    }
}

/// One recurring series a store holds: a subscription, rent, a salary, an insurance policy, a
/// utility bill (docs/SPEC.md section 13). One payee may hold several.
public struct RecurringSeries: Hashable, Sendable {
    /// The payee as displayed: the spelling of the latest occurrence.
    public var payee: String
    /// How often it recurs.
    public var cadence: RecurringCadence
    /// The typical amount (signed): the current price for a fixed amount, after any price
    /// change; the median for an amount that varies in a band.
    public var amount: Money
    /// The smallest signed amount among the occurrences.
    public var minimum: Money
    /// The largest signed amount among the occurrences.
    public var maximum: Money
    /// The number of occurrences (`ids.count`).
    public var count: Int
    /// The day of the first occurrence.
    public var first: CalendarDay
    /// The day of the last occurrence.
    public var last: CalendarDay
    /// The next expected day, moved off a weekend the way the series moves; before `today`
    /// when a payment is overdue.
    public var next: CalendarDay
    /// The price changes, oldest first; empty for a fixed or banded amount.
    public var priceChanges: [RecurringPriceChange]
    /// The ids of the occurrences, oldest first.
    public var ids: [String]
    /// Expected occurrences that did not happen between the first and the last.
    public var missed: Int
    /// Whether the series still runs: at most one occurrence overdue at `today`.
    public var isActive: Bool
    /// How sure the detector is, 0...1 (count, regularity of days and amounts).
    public var confidence: Double
    /// Why, in a few words: "12 monthly payments on the 3rd ±1 day, fixed amount".
    public var reason: String

    /// The currency of every occurrence.
    public var currency: Currency { amount.currency }

    /// A series from its fields; see each property.
    public init(
        payee: String, cadence: RecurringCadence, amount: Money, minimum: Money, maximum: Money, count: Int,
        first: CalendarDay, last: CalendarDay, next: CalendarDay, priceChanges: [RecurringPriceChange], ids: [String],
        missed: Int, isActive: Bool, confidence: Double, reason: String
    ) {
        self.payee = payee
        self.cadence = cadence
        self.amount = amount
        self.minimum = minimum
        self.maximum = maximum
        self.count = count
        self.first = first
        self.last = last
        self.next = next
        self.priceChanges = priceChanges
        self.ids = ids
        self.missed = missed
        self.isActive = isActive
        self.confidence = confidence
        self.reason = reason
    }
}
