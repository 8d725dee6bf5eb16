/// One card or bank transaction, as stored: validated, trimmed and with its id.
public struct Transaction: Hashable, Sendable {
    /// Unique in its store; 1 to 64 bytes.
    public var id: String
    /// A calendar date or an instant.
    public var date: TransactionDate
    /// Who was paid or paid: not blank, at most 256 characters.
    public var merchant: String
    /// nil for uncategorized.
    public var category: String?
    /// Only with a category.
    public var subcategory: String?
    /// The card's name, such as `Visa 4242`; see `maskedCard` for display.
    public var card: String?
    /// The account whose balance the amount moves.
    public var account: String?
    /// Negative for money out, positive for money in.
    public var amount: Money
    /// Pending or posted.
    public var status: TransactionStatus
    /// nil when empty.
    public var notes: String?
    /// The merchant a person means: given (a file's payee column, an edit, a rule) or cleaned
    /// from `merchant` when the row was stored (`PayeeCleaner`); never empty in a store.
    public var payee: String
    /// Who last set each field a person or a rule can change (the input, the cleaner, a hand
    /// edit, a rule by name).
    public var sources: FieldSources
    /// Where an imported transaction came from, so that importing the same or an overlapping
    /// file again adds nothing twice: the bank's id with the account (`bank:****4321:FIT123`),
    /// or a fingerprint of account, date, amount, currency and description with its occurrence
    /// in the file (`fp:…#1`). nil for a transaction added by hand. Unique in a store.
    public var importKey: String?

    /// A transaction from its fields (a store validates it when it is added).
    public init(
        id: String, date: TransactionDate, merchant: String, category: String? = nil,
        subcategory: String? = nil, card: String? = nil, account: String? = nil, amount: Money,
        status: TransactionStatus = .posted, notes: String? = nil, payee: String = "", importKey: String? = nil,
        sources: FieldSources = FieldSources()
    ) {
        self.id = id
        self.date = date
        self.merchant = merchant
        self.category = category
        self.subcategory = subcategory
        self.card = card
        self.account = account
        self.amount = amount
        self.status = status
        self.notes = notes
        self.payee = payee
        self.importKey = importKey
        self.sources = sources
    }

    /// The payment processor the merchant names, when it names one (`Square` for
    /// `SQ *BLUE BOTTLE`): worked out by the payee cleaner from the merchant.
    public var processor: String? {
        PayeeCleaner.shared.clean(merchant).processor
    }

    /// The draft that adds this same transaction again (to another store, or after a delete).
    public var draft: TransactionDraft {
        TransactionDraft(
            id: id, date: date, merchant: merchant, category: category, subcategory: subcategory,
            card: card, account: account, amount: amount.rowDecimalAmount, currency: amount.currency,
            status: status, notes: notes, payee: payee, importKey: importKey, sources: sources)
    }
}
