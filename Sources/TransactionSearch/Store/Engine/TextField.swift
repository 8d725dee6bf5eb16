/// The six text fields a store keeps as dictionary-encoded strings, each with its own pool and
/// index (`FieldIndex`), described once here: the store, its bulk builds, its snapshot, its
/// memory figures, its invariant checks and the cache iterate this list.
enum TextField: Int, CaseIterable, Sendable {
    case merchant, category, subcategory, card, account, notes

    /// The transaction field it stores.
    var transactionField: TransactionField {
        switch self {
        case .merchant: .merchant
        case .category: .category
        case .subcategory: .subcategory
        case .card: .card
        case .account: .account
        case .notes: .notes
        }
    }

    /// Whether words are searched in it through a trigram index (cards and accounts are found
    /// by scanning their few distinct strings).
    var isSearchable: Bool {
        switch self {
        case .merchant, .category, .subcategory, .notes: true
        case .card, .account: false
        }
    }

    /// Whether rows are listed per string in the field's own posting lists; merchant, category
    /// and subcategory rows are listed per descriptor instead (`DescriptorIndex`).
    var keepsPostings: Bool {
        switch self {
        case .merchant, .category, .subcategory: false
        case .card, .account, .notes: true
        }
    }

    /// How group titles are made from the field's strings.
    var titles: FieldIndex.Titles {
        switch self {
        case .merchant, .category, .account: .plain
        case .card: .card
        case .subcategory, .notes: .none
        }
    }

    /// The field's value in a transaction (nil for none).
    func value(in transaction: Transaction) -> String? {
        switch self {
        case .merchant: transaction.merchant
        case .category: transaction.category
        case .subcategory: transaction.subcategory
        case .card: transaction.card
        case .account: transaction.account
        case .notes: transaction.notes
        }
    }

    /// The field's code in a row record (0 for none).
    func code(in record: RowRecord) -> UInt32 {
        switch self {
        case .merchant: record.merchant
        case .category: record.category
        case .subcategory: record.subcategory
        case .card: record.card
        case .account: record.account
        case .notes: record.note
        }
    }

    /// Sets the field's code in a row record.
    func setCode(_ code: UInt32, in record: inout RowRecord) {
        switch self {
        case .merchant: record.merchant = code
        case .category: record.category = code
        case .subcategory: record.subcategory = code
        case .card: record.card = code
        case .account: record.account = code
        case .notes: record.note = code
        }
    }
}
