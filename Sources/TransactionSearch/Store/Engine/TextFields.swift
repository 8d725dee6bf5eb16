/// The store's text: one `FieldIndex` per `TextField` (strings, folded bytes, trigram index,
/// postings, title order) and the descriptors that combine merchant, category and subcategory.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class TextFields: @unchecked Sendable {
    // One stored `let` per field, not an array: reading an array's element retains the index
    // and releases it after the call, two atomic operations a field a row of a bulk build; a
    // `let` of this object is read without them. (Nor a `TextFieldValues` of indexes, which
    // maps fields the same way: its subscript hands the index out retained too.)
    private let merchant = TextFields.index(.merchant), category = TextFields.index(.category)
    private let subcategory = TextFields.index(.subcategory), card = TextFields.index(.card)
    private let account = TextFields.index(.account), notes = TextFields.index(.notes), payee = TextFields.index(.payee)

    private static func index(_ field: TextField) -> FieldIndex {
        FieldIndex(isSearchable: field.isSearchable, keepsPostings: field.keepsPostings, titles: field.titles)
    }
    @exclusivity(unchecked) var descriptors = DescriptorIndex()

    /// The index of a field.
    @inline(__always)
    subscript(field: TextField) -> FieldIndex {
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

    /// Counts a use of a transaction's merchant, category and subcategory and of their
    /// descriptor, into `record`. Touches only those three fields and the descriptors, so a
    /// bulk build runs it beside `retainColumnFields`.
    /// The transaction is read through a pointer: each field is read where it lies (a
    /// transaction passed by value out of a bulk build's array was copied, every string
    /// retained and released, per row).
    func retainDescriptor(of transaction: UnsafePointer<Transaction>, into record: inout RowRecord) {
        record.codes.merchant = self[.merchant].retain(transaction.pointee.merchant)
        record.codes.category = self[.category].retain(transaction.pointee.category)
        record.codes.subcategory = self[.subcategory].retain(transaction.pointee.subcategory)
        record.descriptor = descriptors.code(for: DescriptorIndex.Key(
            merchant: record.merchant, category: record.category, subcategory: record.subcategory))
    }

    /// Counts a use of a transaction's strings in the fields with columns of their own
    /// (`TextField.withColumns`: card, account, notes, payee), into `codes`. Read through a
    /// pointer (see `retainDescriptor`).
    func retainColumnFields(of transaction: UnsafePointer<Transaction>, into codes: inout TextFieldValues<UInt32>) {
        TextField.forEach { field in
            if field.keepsPostings { codes[field] = self[field].retain(field.value(in: transaction.pointee)) }
        }
    }

    /// Gives back the uses a record holds; strings no row uses any more are reclaimed.
    func release(_ record: RowRecord) {
        TextField.forEach { self[$0].release(record.codes[$0]) }
    }

    /// Starts filling empty fields in bulk (`FieldIndex.beginBulkFill`).
    func beginBulkFill() {
        for field in TextField.allCases { self[field].beginBulkFill() }
    }

    /// Indexes every string retained since `beginBulkFill`, the fields side by side for a
    /// batch of `rows` rows (`BuildParallelism`).
    func endBulkFill(rows: Int) {
        BuildParallelism.run(rows: rows, TextField.allCases.map { field in { self[field].endBulkFill() } })
    }

    /// Bytes held by every field's pool and index and by the descriptors.
    var memoryUse: Int {
        TextField.allCases.reduce(descriptors.memoryUse) { $0 + self[$1].memoryUse }
    }

    /// The first field whose folded texts or trigram index differ from what this build
    /// computes from its strings, or nil (see `FieldIndex.textIndexProblem`).
    func textIndexProblem() -> String? {
        for field in TextField.allCases {
            if let problem = self[field].textIndexProblem() { return "\(field.transactionField): \(problem)" }
        }
        return nil
    }

    func checkInvariants() {
        for field in TextField.allCases { self[field].checkInvariants() }
        descriptors.checkInvariants()
    }
}
