/// One version of a row as the cache sees it when deciding what a mutation invalidates:
/// folded texts (from the pools), local day, amount and status.
struct RowFacts {
    var merchant: [UInt8]
    var category: [UInt8]?
    var subcategory: [UInt8]?
    var notes: [UInt8]?
    var card: [UInt8]?
    var cardTitle: [UInt8]?
    var account: [UInt8]?
    var day: Int32
    var amount: Int64
    /// Magnitude at the common 10^-4 scale.
    var magnitude: UInt64
    var minorDigits: Int
    var isPending: Bool
}

extension StoreState {
    /// The facts of a record whose codes are live.
    func facts(of record: RowRecord) -> RowFacts {
        func folded(_ index: FieldIndex, _ code: UInt32) -> [UInt8]? {
            code == 0 ? nil : index.pool.folded.bytes(code)
        }
        let currency = currencies[record.currency]
        return RowFacts(
            merchant: merchants.pool.folded.bytes(record.merchant),
            category: folded(categories, record.category),
            subcategory: folded(subcategories, record.subcategory),
            notes: folded(notes, record.note),
            card: folded(cards, record.card),
            cardTitle: record.card == 0 ? nil : Array(Folding.fold(cards.title(record.card)).utf8),
            account: folded(accounts, record.account),
            day: days.value(record.daySlot),
            amount: record.amount,
            magnitude: record.amount.magnitude &* currencies.scales[Int(record.currency)],
            minorDigits: currency.minorDigits,
            isPending: record.flags.contains(.pending))
    }
}
