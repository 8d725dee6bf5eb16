/// The text fields a store keeps as dictionary-encoded strings, each with its own index
/// (`FieldIndex`; payees share the merchants' strings, `sharesStrings`), described once here: how a row holds it, whether words are searched
/// in it and by which scopes, how its group titles are made, how the snapshot and the
/// statistics name it. The store (columns, records, bulk builds, restore, mutations), the
/// snapshot, the memory figures, the invariant checks, the query compiler, the row predicate
/// and the cache iterate `allCases` and ask the field; a field's per-field values are kept in
/// a `TextFieldValues`. Adding a text field is a case here with its lines in these switches, a
/// slot in `TextFieldValues`, and its `TransactionField` (docs: ARCHITECTURE.md, "Extending").
enum TextField: Int, CaseIterable, Sendable {
    case merchant, category, subcategory, card, account, notes, payee

    /// The transaction field it stores.
    var transactionField: TransactionField {
        switch self {
        case .merchant: .merchant
        case .category: .category
        case .subcategory: .subcategory
        case .card: .card
        case .account: .account
        case .notes: .notes
        case .payee: .payee
        }
    }

    /// Whether words are searched in it through a trigram index (cards and accounts are found
    /// by scanning their few distinct strings).
    var isSearchable: Bool {
        switch self {
        case .merchant, .category, .subcategory, .notes, .payee: true
        case .card, .account: false
        }
    }

    /// Whether the field lists its rows per string in its own posting lists, and a row holds
    /// its code apart from the descriptor (`RowTable.code(of:row:)`: the notes in a column,
    /// card and account as the code of their pair, `CardAccountColumn`). Merchant, category,
    /// subcategory and payee do not: a row holds them through its descriptor
    /// (`DescriptorIndex`), whose postings list them.
    var keepsPostings: Bool {
        switch self {
        case .merchant, .category, .subcategory, .payee: false
        case .card, .account, .notes: true
        }
    }

    /// The field whose strings (`FieldStrings`: pool and trigram index) this one shares, or
    /// nil for strings of its own. Payees share the merchants': a payee is its merchant's name
    /// cleaned, most often the very same text.
    var sharesStrings: TextField? {
        switch self {
        case .payee: .merchant
        case .merchant, .category, .subcategory, .card, .account, .notes: nil
        }
    }

    /// How group titles are made from the field's strings.
    var titles: FieldIndex.Titles {
        switch self {
        case .merchant, .category, .account, .payee: .plain
        case .card: .card
        case .subcategory, .notes: .none
        }
    }

    /// Whether a text term of `scope` looks for its words in this field (a card term also
    /// matches the card's masked title, `titles == .card`).
    func isSearched(by scope: TermField) -> Bool {
        switch self {
        case .merchant: scope == .all || scope == .merchant
        case .category, .subcategory: scope == .all || scope == .category
        case .card: scope == .card
        case .account: scope == .account
        case .notes: scope == .all || scope == .notes
        case .payee: scope == .all || scope == .payee
        }
    }

    /// A value of the field with its article, as the snapshot's messages name it
    /// ("a card number 7 past its table").
    var nameWithArticle: String {
        switch self {
        case .merchant: "a merchant"
        case .category: "a category"
        case .subcategory: "a subcategory"
        case .card: "a card"
        case .account: "an account"
        case .notes: "a note"
        case .payee: "a payee"
        }
    }

    /// The line of `StoreStatistics.bytesByStructure` its pool and index count in (fields
    /// that share a name are added up).
    var structureName: String {
        switch self {
        case .merchant: "merchants"
        case .category, .subcategory: "categories"
        case .card, .account: "cards and accounts"
        case .notes: "notes"
        case .payee: "payees"
        }
    }
}

extension TextField {
    /// The fields with postings of their own (`keepsPostings`: card, account, notes), in
    /// `allCases` order.
    static let withColumns: [TextField] = allCases.filter(\.keepsPostings)

    /// Per field (by raw value), its position in `withColumns`; -1 for a field held through
    /// the descriptor.
    static let columnIndex: [Int] = allCases.map { withColumns.firstIndex(of: $0) ?? -1 }

    /// The fields a row holds through its descriptor, in `allCases` order (merchant, category,
    /// subcategory, payee: the parts of a `DescriptorIndex.Key`).
    static let inDescriptor: [TextField] = allCases.filter { !$0.keepsPostings }

    /// The fields a text term of `scope` looks in, in `allCases` order.
    static func searched(by scope: TermField) -> [TextField] {
        allCases.filter { $0.isSearched(by: scope) }
    }

    /// The fields whose words a term of `scope` may match approximately: the searched ones
    /// with a trigram index (none for amount, card and account).
    static func approximatelySearched(by scope: TermField) -> [TextField] {
        allCases.filter { $0.isSearched(by: scope) && $0.isSearchable }
    }

    /// The field's value in a transaction (nil for none).
    @inline(__always)
    func value(in transaction: Transaction) -> String? {
        transactionField.textValue(in: transaction)
    }
}
