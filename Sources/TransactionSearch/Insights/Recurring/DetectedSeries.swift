/// A price change inside a series: from `day` on, the series charges `to` instead of `from`.
///
/// A change is a step to a new level that the series then keeps (or the series' latest
/// occurrence); a single odd amount between two equal ones is noise, not a change.
struct DetectedPriceChange: Hashable, Sendable {
    /// The day of the first occurrence at the new amount, as days since 1970-01-01.
    var day: Int32
    /// The amount before, signed minor units.
    var from: Int64
    /// The amount from `day` on, signed minor units.
    var to: Int64

    /// A price change from its fields; see each property.
    init(day: Int32, from: Int64, to: Int64) {
        self.day = day
        self.from = from
        self.to = to
    }
}

/// One recurring series found in the candidates: a subscription, rent, salary, insurance...
struct DetectedSeries: Hashable, Sendable {
    /// The payee as displayed: the spelling of the latest occurrence.
    var payee: String
    /// The folded payee key shared by every occurrence.
    var payeeKey: String
    /// How often it recurs.
    var cadence: RecurringCadence
    /// The typical amount, signed minor units: the current price for a fixed amount (after any
    /// price change), the median for an amount that varies in a band.
    var amount: Int64
    /// The smallest signed amount among the occurrences.
    var minimum: Int64
    /// The largest signed amount among the occurrences.
    var maximum: Int64
    /// The currency of every occurrence.
    var currency: String
    /// The number of occurrences (`rows.count`).
    var count: Int
    /// The day of the first occurrence, as days since 1970-01-01.
    var first: Int32
    /// The day of the last occurrence.
    var last: Int32
    /// The next expected day: the slot after the last occurrence, from the cadence and anchor,
    /// moved off a weekend the way the series moves. It may be before `today` when overdue.
    var next: Int32
    /// The price changes, in date order; empty for a fixed or varying amount.
    var priceChanges: [DetectedPriceChange]
    /// The caller's rows of the occurrences, in date order.
    var rows: [Int]
    /// The expected occurrences that did not happen between the first and the last.
    var missed: Int
    /// Whether the series still runs at `today`: at most one more occurrence is overdue.
    var isActive: Bool
    /// How sure the detector is, 0...1: the evidence (count), regularity of days and amounts.
    var confidence: Double
    /// A short human reason, such as "12 monthly payments on the 3rd ±1 day, fixed amount".
    var reason: String

    /// A series from its fields; see each property.
    init(
        payee: String, payeeKey: String, cadence: RecurringCadence, amount: Int64, minimum: Int64,
        maximum: Int64, currency: String, count: Int, first: Int32, last: Int32, next: Int32,
        priceChanges: [DetectedPriceChange], rows: [Int], missed: Int, isActive: Bool, confidence: Double,
        reason: String
    ) {
        self.payee = payee
        self.payeeKey = payeeKey
        self.cadence = cadence
        self.amount = amount
        self.minimum = minimum
        self.maximum = maximum
        self.currency = currency
        self.count = count
        self.first = first
        self.last = last
        self.next = next
        self.priceChanges = priceChanges
        self.rows = rows
        self.missed = missed
        self.isActive = isActive
        self.confidence = confidence
        self.reason = reason
    }
}
