/// The transactions offered to the detector, as columns with interned payees and currencies:
/// what the store hands over without making a string per row (`RecurringCandidate`s, one
/// struct with three strings per row, are interned into this form by `init(_:)`).
struct RecurringInput: Sendable {
    /// The caller's index of each transaction, reported back in `DetectedSeries.rows`.
    private(set) var rows: [Int] = []
    /// The booking day of each, days since 1970-01-01.
    private(set) var days: [Int32] = []
    /// The signed amount of each in minor units (rows of zero are ignored by the ledger).
    private(set) var amounts: [Int64] = []
    /// The payee key id of each (`payeeKeys`): series never cross a payee key.
    private(set) var payees: [Int32] = []
    /// The payee spelling id of each (`spellings`): a series reports its latest row's.
    private(set) var spellingOf: [Int32] = []
    /// The currency id of each (`currencies`).
    private(set) var currencyOf: [Int32] = []
    /// The folded payee key of each id.
    var payeeKeys: [String] = []
    /// The payee as the user sees it, of each id.
    var spellings: [String] = []
    /// The currency code of each id.
    var currencies: [String] = []

    /// The number of transactions.
    var count: Int { rows.count }

    /// No transactions; fill with `append` after setting the three tables.
    init() {}

    /// The candidates, their strings interned.
    init(_ candidates: [RecurringCandidate]) {
        var keys = KeyInterner(), names = KeyInterner(), codes = KeyInterner()
        reserveCapacity(candidates.count)
        for candidate in candidates {
            append(row: candidate.row, day: candidate.day, amount: candidate.amountMinorUnits,
                   payee: keys.id(candidate.payeeKey), spelling: names.id(candidate.payee), currency: codes.id(candidate.currency))
        }
        payeeKeys = keys.names
        spellings = names.names
        currencies = codes.names
    }

    /// Room for `count` transactions.
    mutating func reserveCapacity(_ count: Int) {
        rows.reserveCapacity(count)
        days.reserveCapacity(count)
        amounts.reserveCapacity(count)
        payees.reserveCapacity(count)
        spellingOf.reserveCapacity(count)
        currencyOf.reserveCapacity(count)
    }

    /// One more transaction; the ids index the tables.
    mutating func append(row: Int, day: Int32, amount: Int64, payee: Int32, spelling: Int32, currency: Int32) {
        rows.append(row)
        days.append(day)
        amounts.append(amount)
        payees.append(payee)
        spellingOf.append(spelling)
        currencyOf.append(currency)
    }
}
