/// One value per `TextField`, held inline (no array, no allocation, no hashing): a row's string
/// codes (`RowRecord.codes`), the strings a query condition matches per field, where each
/// field's folded bytes lie in a row version the cache tests and their signatures
/// (`RowFacts`), the pools' texts (`FieldTexts`). Code that handles every text field iterates
/// `TextField.allCases` (or `TextField.forEach`) and reads or writes `values[field]`; this type
/// is the one place that maps a field to its slot, so a new text field is a stored property
/// here and its lines in `init(repeating:)`, `init(_:)`, the subscript and `withValue`.
struct TextFieldValues<Value> {
    var merchant: Value
    var category: Value
    var subcategory: Value
    var card: Value
    var account: Value
    var notes: Value
    var payee: Value

    /// Every field holding `value`.
    @inline(__always)
    init(repeating value: Value) {
        (merchant, category, subcategory, card, account, notes, payee) = (value, value, value, value, value, value, value)
    }

    /// Each field's value made by `make`, in `TextField` order (unrolled: each call sees a
    /// constant field).
    @inline(__always)
    init(_ make: (TextField) throws -> Value) rethrows {
        merchant = try make(.merchant)
        category = try make(.category)
        subcategory = try make(.subcategory)
        card = try make(.card)
        account = try make(.account)
        notes = try make(.notes)
        payee = try make(.payee)
    }

    /// The value of a field.
    @inline(__always)
    subscript(field: TextField) -> Value {
        get {
            switch field {
            case .merchant: merchant
            case .category: category
            case .subcategory: subcategory
            case .card: card
            case .account: account
            case .notes: notes
            case .payee: payee
            }
        }
        set {
            switch field {
            case .merchant: merchant = newValue
            case .category: category = newValue
            case .subcategory: subcategory = newValue
            case .card: card = newValue
            case .account: account = newValue
            case .notes: notes = newValue
            case .payee: payee = newValue
            }
        }
    }

    /// Calls `body` with a field's value in place: a value holding arrays is passed, not
    /// copied out (no retain and release, which reading it through the subscript costs).
    @inline(__always)
    func withValue<Result>(of field: TextField, _ body: (Value) throws -> Result) rethrows -> Result {
        switch field {
        case .merchant: try body(merchant)
        case .category: try body(category)
        case .subcategory: try body(subcategory)
        case .card: try body(card)
        case .account: try body(account)
        case .notes: try body(notes)
        case .payee: try body(payee)
        }
    }
}

extension TextField {
    /// Calls `body` with every field in `allCases` order, the loop unrolled where it is
    /// inlined: each call sees a constant field, so the field's switches (`keepsPostings`, its
    /// `TextFieldValues` slot, its `transactionField`) fold away. Per-row code (writing a row,
    /// making a record, a bulk build, a restore) iterates the fields this way; a loop over
    /// `allCases` reads and tests each field at run time (measured: 43 instructions a row for
    /// three columns written, against 10 unrolled).
    @inline(__always)
    static func forEach(_ body: (TextField) throws -> Void) rethrows {
        _ = try TextFieldValues<Void> { try body($0) }
    }
}

extension TextFieldValues: Equatable where Value: Equatable {}
extension TextFieldValues: Hashable where Value: Hashable {}
extension TextFieldValues: Sendable where Value: Sendable {}
