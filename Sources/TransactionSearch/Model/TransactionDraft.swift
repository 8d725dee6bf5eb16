/// A transaction to add, as given: the store validates and normalizes it (trims text, checks
/// the amount against the currency's digits, resolves nothing twice) and generates the id when
/// there is none.
public struct TransactionDraft: Hashable, Sendable {
    /// nil lets the store generate one.
    public var id: String?
    /// A calendar date or an instant.
    public var date: TransactionDate
    /// Required: not blank, at most 256 characters.
    public var merchant: String
    /// nil for uncategorized.
    public var category: String?
    /// Only with a category.
    public var subcategory: String?
    /// The card's name, such as `Visa 4242`.
    public var card: String?
    /// The account whose balance the amount moves.
    public var account: String?
    /// The amount in currency units (`-12.50`), at most the currency's minor digits; negative
    /// is money out.
    public var amount: DecimalAmount
    /// nil means the store's base currency.
    public var currency: Currency?
    /// `posted` unless said otherwise.
    public var status: TransactionStatus
    /// Free text; blank means none.
    public var notes: String?
    /// The payee (`Blue Bottle Coffee`); nil or blank: cleaned from the merchant when stored.
    public var payee: String?
    /// Where an imported transaction came from (see `Transaction.importKey`); nil when added by
    /// hand.
    public var importKey: String?
    /// Who set each field, when the draft says (a transaction added again, a store's log
    /// replayed); nil: the input, the payee the cleaner's when it is cleaned.
    public var sources: FieldSources?

    /// A draft from its fields; only the date, the merchant and the amount are required.
    @inlinable public init(
        id: String? = nil, date: TransactionDate, merchant: String, category: String? = nil,
        subcategory: String? = nil, card: String? = nil, account: String? = nil,
        amount: DecimalAmount, currency: Currency? = nil, status: TransactionStatus = .posted,
        notes: String? = nil, payee: String? = nil, importKey: String? = nil, sources: FieldSources? = nil
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
        self.payee = payee
        self.importKey = importKey
        self.sources = sources
    }
}
