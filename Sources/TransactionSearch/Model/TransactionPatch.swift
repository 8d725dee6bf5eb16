/// What an update does to one field: leave it, set it, or clear it.
public enum FieldChange<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Leaves the field as it is.
    case keep
    /// Sets the field to a value.
    case set(Value)
    /// Clears an optional field. For a required field (date, merchant, amount) it is an error;
    /// for currency it means the base currency, for status `posted`.
    case clear
}

/// A partial change to a transaction: every field left as `.keep` stays as it is.
///
/// Amount and currency work on the decimal value: changing only the currency keeps `-12.50`
/// and checks it against the new currency's digits. Clearing the category also clears the
/// subcategory, unless the patch sets one (then it is an error).
public struct TransactionPatch: Hashable, Sendable {
    /// A new id (unused in the store); cannot be cleared.
    public var id: FieldChange<String> = .keep
    /// A new date; cannot be cleared.
    public var date: FieldChange<TransactionDate> = .keep
    /// A new merchant; cannot be cleared.
    public var merchant: FieldChange<String> = .keep
    /// A new category, or `.clear` (which also clears the subcategory).
    public var category: FieldChange<String> = .keep
    /// A new subcategory (only with a category), or `.clear`.
    public var subcategory: FieldChange<String> = .keep
    /// A new card, or `.clear`.
    public var card: FieldChange<String> = .keep
    /// A new account, or `.clear`.
    public var account: FieldChange<String> = .keep
    /// A new amount in currency units, checked against the (new) currency's digits; cannot be cleared.
    public var amount: FieldChange<DecimalAmount> = .keep
    /// A new currency (the decimal amount is kept), or `.clear` for the store's base currency.
    public var currency: FieldChange<Currency> = .keep
    /// A new status, or `.clear` for `posted`.
    public var status: FieldChange<TransactionStatus> = .keep
    /// New notes, or `.clear` (a blank text clears them too).
    public var notes: FieldChange<String> = .keep
    /// A new payee, or `.clear` to have it cleaned from the merchant again. Left alone, a
    /// payee the cleaner made follows a new merchant.
    public var payee: FieldChange<String> = .keep
    /// The import key (see `Transaction.importKey`): an import sets it when a posted
    /// transaction replaces its pending self.
    public var importKey: FieldChange<String> = .keep
    /// Who set each field: `.keep` works it out (every field the patch changes was set by
    /// whoever applies it: a person for `update`); `.set` states it (a log replayed).
    public var sources: FieldChange<FieldSources> = .keep

    /// A patch that changes nothing; set the fields to change.
    public init() {}

    /// Whether the patch changes nothing.
    public var isEmpty: Bool { self == TransactionPatch() }

    /// Whether the patch sets or clears `field` (rather than keep it).
    public func sets(_ field: TransactionField) -> Bool {
        switch field {
        case .id: id != .keep
        case .date: date != .keep
        case .amount: amount != .keep
        case .currency: currency != .keep
        case .status: status != .keep
        default: field.textChange(in: self) != .keep
        }
    }
}

extension TransactionPatch {
    /// A patch that makes a transaction exactly `transaction`: every field set, or cleared where
    /// the transaction has none, and who set each as it says.
    public init(replacingWith transaction: Transaction) {
        self.init()
        sources = .set(transaction.sources)
        for field in TransactionField.allCases {
            switch field.kind {
            case .identifier: id = .set(transaction.id)
            case .date: date = .set(transaction.date)
            case .text: field.setTextChange(from: transaction, in: &self)
            case .amount: amount = .set(transaction.amount.rowDecimalAmount)
            case .currency: currency = .set(transaction.amount.currency)
            case .status: status = .set(transaction.status)
            }
        }
    }
}
