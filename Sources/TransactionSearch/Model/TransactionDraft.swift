/// A transaction to add, as given: the store validates and normalizes it (trims text, upper-cases
/// the currency, resolves a date-time with no offset in its time zone) and generates the id
/// when there is none.
public struct TransactionDraft: Hashable, Sendable {
    /// nil lets the store generate one.
    public var id: String?
    public var date: TransactionDate
    public var merchant: String
    public var category: String?
    public var subcategory: String?
    public var card: String?
    public var account: String?
    /// The amount in currency units (`-12.50`), at most the currency's minor digits.
    public var amount: DecimalAmount
    /// A three-letter code; nil means the store's base currency.
    public var currency: String?
    public var status: TransactionStatus
    public var notes: String?

    public init(
        id: String? = nil, date: TransactionDate, merchant: String, category: String? = nil,
        subcategory: String? = nil, card: String? = nil, account: String? = nil,
        amount: DecimalAmount, currency: String? = nil, status: TransactionStatus = .posted,
        notes: String? = nil
    ) {
        self.id = id
        self.date = date
        self.merchant = merchant
        self.category = category
        self.subcategory = subcategory
        self.card = card
        self.account = account
        self.amount = amount
        self.currency = currency
        self.status = status
        self.notes = notes
    }
}
