/// One version of a row as the cache sees it when deciding what a mutation invalidates: its
/// codes, read lazily. Texts are looked up in the pools' folded bytes only when a predicate
/// tests them, in place, so most checks allocate nothing. Valid under the store's write lock
/// while the record's codes are live.
struct RowFacts {
    let state: StoreState
    let record: RowRecord
    let day: Int32
    /// Magnitude at the common 10^-4 scale.
    let magnitude: UInt64
    let minorDigits: Int

    var amount: Int64 { record.amount }
    var isPending: Bool { record.flags.contains(.pending) }

    /// The text fields a predicate can test.
    enum Field {
        case merchant, category, subcategory, notes, card, account
    }

    private func code(_ field: Field) -> UInt32 {
        switch field {
        case .merchant: record.merchant
        case .category: record.category
        case .subcategory: record.subcategory
        case .notes: record.note
        case .card: record.card
        case .account: record.account
        }
    }

    /// Calls `body` with the field's folded bytes, in place; nil when the field has no value.
    /// (Switching here, rather than returning the field's `FieldIndex`, avoids copying a struct
    /// of a dozen arrays on every test: that copy was most of a mutation's cache check.)
    private func withFolded<Result>(_ field: Field, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let code = self.code(field)
        guard code != 0 else { return nil }
        switch field {
        case .merchant: return state.merchants.pool.folded.withBytes(code, body)
        case .category: return state.categories.pool.folded.withBytes(code, body)
        case .subcategory: return state.subcategories.pool.folded.withBytes(code, body)
        case .notes: return state.notes.pool.folded.withBytes(code, body)
        case .card: return state.cards.pool.folded.withBytes(code, body)
        case .account: return state.accounts.pool.folded.withBytes(code, body)
        }
    }

    /// Whether the field has a value.
    func has(_ field: Field) -> Bool { code(field) != 0 }

    /// Whether the field's folded text contains `needle` (false when it has no value).
    func contains(_ field: Field, _ needle: [UInt8]) -> Bool {
        withFolded(field) { text in needle.withUnsafeBufferPointer { ByteSearch.contains(text, $0) } } ?? false
    }

    /// Whether the field's folded text is `value` (nil: the field has no value).
    func equals(_ field: Field, _ value: [UInt8]?) -> Bool {
        guard let value else { return !has(field) }
        return withFolded(field) { $0.elementsEqual(value) } ?? false
    }

    /// The folded masked card (`****4242`), made only when a card condition asks.
    var cardTitle: [UInt8]? {
        record.card == 0 ? nil : Array(Folding.fold(state.cards.title(record.card)).utf8)
    }
}

extension StoreState {
    /// The facts of a record whose codes are live.
    func facts(of record: RowRecord) -> RowFacts {
        RowFacts(state: self, record: record, day: days.value(record.daySlot),
                 magnitude: record.amount.magnitude &* currencies.scales[Int(record.currency)],
                 minorDigits: currencies[record.currency].minorDigits)
    }
}
