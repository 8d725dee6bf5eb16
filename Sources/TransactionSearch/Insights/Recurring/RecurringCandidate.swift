/// One transaction offered to the detector.
///
/// The caller decides which transactions are candidates (usually all booked ones) and folds the
/// payee into `payeeKey` (case, punctuation, store numbers), because series never cross a
/// payee key: grouping is exact on it.
struct RecurringCandidate: Sendable, Hashable {
    /// The caller's index for this transaction, reported back in `DetectedSeries.rows`.
    var row: Int
    /// The booking day, as days since 1970-01-01.
    var day: Int32
    /// The signed amount in minor units: negative is money out, positive is money in.
    /// Rows of zero are ignored: they are neither a payment nor a deposit.
    var amountMinorUnits: Int64
    /// The currency code; a series never mixes currencies.
    var currency: String
    /// The folded payee that groups rows; two rows with different keys never share a series.
    var payeeKey: String
    /// The payee as the user sees it; a series reports the spelling of its latest row.
    var payee: String

    /// A candidate from its fields; see each property.
    init(row: Int, day: Int32, amountMinorUnits: Int64, currency: String, payeeKey: String, payee: String) {
        self.row = row
        self.day = day
        self.amountMinorUnits = amountMinorUnits
        self.currency = currency
        self.payeeKey = payeeKey
        self.payee = payee
    }
}
