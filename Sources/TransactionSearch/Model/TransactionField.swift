/// A field of a transaction, as named in errors, CSV headers and JSON keys, and the one place
/// that says what each field is: its kind, its position, and how its value reads and writes as
/// text. Readers, writers, the event log, validation and result JSON iterate `allCases` and
/// ask the field; adding a field is a case here (with its kind and its lines in the switches
/// below), its property on `Transaction` and `TransactionDraft`, and its own storage logic.
public enum TransactionField: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// The id.
    case id
    /// The date.
    case date
    /// The merchant.
    case merchant
    /// The category.
    case category
    /// The subcategory.
    case subcategory
    /// The card.
    case card
    /// The account.
    case account
    /// The amount.
    case amount
    /// The currency.
    case currency
    /// The status.
    case status
    /// The notes.
    case notes
    /// The payee: the merchant a person means (`Blue Bottle Coffee` for
    /// `SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA`), given or cleaned from the merchant.
    case payee
    /// Where an imported transaction came from (`Transaction.importKey`).
    case importKey = "import_key"

    /// The name used in errors, CSV headers and JSON keys (`import_key`).
    public var description: String { rawValue }

    /// What kind of value a field holds. Each kind is read, written, logged and validated by
    /// one piece of code.
    public enum Kind: Hashable, Sendable {
        /// The transaction's id: 1 to 64 bytes, taken as given.
        case identifier
        /// A calendar date or an instant (ISO 8601).
        case date
        /// Text, trimmed; blank means none, which a required field refuses.
        case text(limit: Int, isRequired: Bool)
        /// An exact decimal in the transaction's currency.
        case amount
        /// A three-letter code; none means the store's base currency.
        case currency
        /// `pending` or `posted`; none means posted.
        case status
    }

    /// The limit of the names (merchant, category, subcategory, card, account), in
    /// characters: the merchant's 256 of docs/SPEC.md section 1, and the same for the others.
    static let nameLimit = 256
    /// The limit of notes, in characters.
    static let notesLimit = 4096

    /// What kind of value the field holds, with its limit for text.
    public var kind: Kind {
        switch self {
        case .id: .identifier
        case .date: .date
        case .merchant: .text(limit: TransactionField.nameLimit, isRequired: true)
        case .category, .subcategory, .card, .account, .payee: .text(limit: TransactionField.nameLimit, isRequired: false)
        case .amount: .amount
        case .currency: .currency
        case .status: .status
        case .notes: .text(limit: TransactionField.notesLimit, isRequired: false)
        case .importKey: .text(limit: TransactionField.nameLimit, isRequired: false)
        }
    }

    /// Whether a file must have the field (a column, a key).
    public var isRequired: Bool {
        switch kind {
        case .date, .amount: true
        case .text(_, let isRequired): isRequired
        case .identifier, .currency, .status: false
        }
    }

    /// The case's position in `allCases` (readers index arrays with it: a dictionary would hash
    /// the key for every field of every row).
    package var position: Int {
        switch self {
        case .id: 0
        case .date: 1
        case .merchant: 2
        case .category: 3
        case .subcategory: 4
        case .card: 5
        case .account: 6
        case .amount: 7
        case .currency: 8
        case .status: 9
        case .notes: 10
        case .payee: 11
        case .importKey: 12
        }
    }

    /// The field as interchange text (a CSV cell, a JSON string); nil for none.
    public func text(in transaction: Transaction) -> String? {
        switch self {
        case .id: transaction.id
        case .date: transaction.date.description
        case .merchant: transaction.merchant
        case .category: transaction.category
        case .subcategory: transaction.subcategory
        case .card: transaction.card
        case .account: transaction.account
        case .amount: transaction.amount.decimalText
        case .currency: transaction.amount.currency.code
        case .status: transaction.status.rawValue
        case .notes: transaction.notes
        case .payee: transaction.payee
        case .importKey: transaction.importKey
        }
    }

    /// The value of a text field (`.text` kind) in a transaction.
    func textValue(in transaction: Transaction) -> String? {
        switch self {
        case .merchant: transaction.merchant
        case .category: transaction.category
        case .subcategory: transaction.subcategory
        case .card: transaction.card
        case .account: transaction.account
        case .notes: transaction.notes
        case .payee: transaction.payee.isEmpty ? nil : transaction.payee
        case .importKey: transaction.importKey
        case .id, .date, .amount, .currency, .status: nil
        }
    }

    /// Sets a text field (`.text` kind) of a transaction; other kinds are left alone. (A
    /// payee of none is empty: the validator never leaves one so.)
    func setTextValue(_ value: String?, in transaction: inout Transaction) {
        switch self {
        case .merchant: transaction.merchant = value ?? ""
        case .category: transaction.category = value
        case .subcategory: transaction.subcategory = value
        case .card: transaction.card = value
        case .account: transaction.account = value
        case .notes: transaction.notes = value
        case .payee: transaction.payee = value ?? ""
        case .importKey: transaction.importKey = value
        case .id, .date, .amount, .currency, .status: break
        }
    }

    /// The value of a text field (`.text` kind) in a draft.
    func textValue(in draft: TransactionDraft) -> String? {
        withUnsafePointer(to: draft) { textValue(in: $0) }
    }

    /// The value of a text field (`.text` kind) in a draft read where it lies: only that
    /// field is copied out (see `TransactionValidator.validate(at:cleanPayee:)`).
    @inline(__always)
    func textValue(in draft: UnsafePointer<TransactionDraft>) -> String? {
        switch self {
        case .merchant: draft.pointee.merchant
        case .category: draft.pointee.category
        case .subcategory: draft.pointee.subcategory
        case .card: draft.pointee.card
        case .account: draft.pointee.account
        case .notes: draft.pointee.notes
        case .payee: draft.pointee.payee
        case .importKey: draft.pointee.importKey
        case .id, .date, .amount, .currency, .status: nil
        }
    }

    /// Calls `body` with a text field's value (`.text` kind) in a draft, nil for other kinds,
    /// passed in place: `textValue(in:)` copies the string out, a retain and a release that
    /// staging five strings per imported record paid (2 % of the import profile, callgrind).
    @inline(__always)
    func withTextValue<Result>(in draft: TransactionDraft, _ body: (String?) throws -> Result) rethrows -> Result {
        switch self {
        case .merchant: try body(draft.merchant)
        case .category: try body(draft.category)
        case .subcategory: try body(draft.subcategory)
        case .card: try body(draft.card)
        case .account: try body(draft.account)
        case .notes: try body(draft.notes)
        case .payee: try body(draft.payee)
        case .importKey: try body(draft.importKey)
        case .id, .date, .amount, .currency, .status: try body(nil)
        }
    }

    /// Sets a text field (`.text` kind) of a draft (none clears it; the merchant becomes
    /// empty); other kinds are left alone. What a tool that takes fields by name (fsearch's
    /// options) sets them with.
    @inlinable public func setTextValue(_ value: String?, in draft: inout TransactionDraft) {
        switch self {
        case .merchant: draft.merchant = value ?? ""
        case .category: draft.category = value
        case .subcategory: draft.subcategory = value
        case .card: draft.card = value
        case .account: draft.account = value
        case .notes: draft.notes = value
        case .payee: draft.payee = value
        case .importKey: draft.importKey = value
        case .id, .date, .amount, .currency, .status: break
        }
    }

    /// Sets a text field (`.text` kind) in a patch from a transaction: set, or cleared when the
    /// transaction has none.
    func setTextChange(from transaction: Transaction, in patch: inout TransactionPatch) {
        setTextChange(textValue(in: transaction).map { .set($0) } ?? .clear, in: &patch)
    }

    /// Sets a patch's change to a text field (`.text` kind); other kinds are left alone. What a
    /// tool that takes fields by name (fsearch's options) changes them with.
    public func setTextChange(_ change: FieldChange<String>, in patch: inout TransactionPatch) {
        switch self {
        case .merchant: patch.merchant = change
        case .category: patch.category = change
        case .subcategory: patch.subcategory = change
        case .card: patch.card = change
        case .account: patch.account = change
        case .notes: patch.notes = change
        case .payee: patch.payee = change
        case .importKey: patch.importKey = change
        case .id, .date, .amount, .currency, .status: break
        }
    }

    /// A patch's change to a text field (`.text` kind); `.keep` for other kinds.
    func textChange(in patch: TransactionPatch) -> FieldChange<String> {
        switch self {
        case .merchant: patch.merchant
        case .category: patch.category
        case .subcategory: patch.subcategory
        case .card: patch.card
        case .account: patch.account
        case .notes: patch.notes
        case .payee: patch.payee
        case .importKey: patch.importKey
        case .id, .date, .amount, .currency, .status: .keep
        }
    }
}
