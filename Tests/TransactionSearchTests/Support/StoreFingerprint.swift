@testable import TransactionSearch

/// Everything observable about a store, to prove that a failed mutation changed nothing.
struct StoreFingerprint: Equatable {
    var transactions: [Transaction]
    var sequence: UInt64
    var memoryUse: Int
    var merchantCount: Int

    init(_ store: TransactionStore) {
        store.checkInvariants()
        transactions = store.transactions(in: .dateAscending)
        sequence = store.sequence
        memoryUse = store.lock.withReadLock { store.contents.memoryUse }
        merchantCount = store.lock.withReadLock { store.contents.text[.merchant].liveCount }
    }
}

extension TransactionDraft {
    /// A small valid draft for tests.
    static func sample(_ id: String? = nil, _ date: String = "2026-03-14", merchant: String = "Starbucks",
                       amount: DecimalAmount = DecimalAmount(significand: -410, fractionDigits: 2),
                       currency: String? = "EUR", category: String? = "Food & Drink",
                       card: String? = "Visa 4242") -> TransactionDraft {
        TransactionDraft(id: id, date: try! TransactionDate(parsing: date, in: .utc), merchant: merchant,
                         category: category, card: card, account: "Main", amount: amount, currency: currency.flatMap { Currency($0) })
    }
}
