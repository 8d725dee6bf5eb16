/// The store's text: one `FieldIndex` per `TextField` (strings, folded bytes, trigram index,
/// postings, title order) and the descriptors that combine merchant, category, subcategory and
/// payee.
/// Merchants and payees share their strings (`FieldStrings`, `TextField.sharesStrings`).
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class TextFields: @unchecked Sendable {
    // One stored `let` per field, not an array: reading an array's element retains the index
    // and releases it after the call, two atomic operations a field a row of a bulk build; a
    // `let` of this object is read without them. (Nor a `TextFieldValues` of indexes, which
    // maps fields the same way: its subscript hands the index out retained too.)
    private let merchant: FieldIndex, category = TextFields.index(.category)
    private let subcategory = TextFields.index(.subcategory), card = TextFields.index(.card)
    private let account = TextFields.index(.account), notes = TextFields.index(.notes), payee: FieldIndex

    init() {
        precondition(TextField.payee.sharesStrings == .merchant && TextField.allCases.allSatisfy { $0 == .payee || $0.sharesStrings == nil },
                     "TextFields shares the merchants' strings with the payees only")
        let names = FieldStrings(isSearchable: TextField.merchant.isSearchable && TextField.payee.isSearchable)
        merchant = FieldIndex(keepsPostings: TextField.merchant.keepsPostings, titles: TextField.merchant.titles, sharing: names, owner: true)
        payee = FieldIndex(keepsPostings: TextField.payee.keepsPostings, titles: TextField.payee.titles, sharing: names, owner: false)
    }

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

    /// Counts a use of a transaction's merchant, category, subcategory and payee (which shares
    /// the merchants' strings) and of their descriptor, into `record`. Touches only those four
    /// fields and the descriptors, so a bulk build runs it beside `retainOtherColumnFields`. A
    /// payee of its merchant's very bytes takes the merchant's code without a lookup (bytes,
    /// not `String ==`: a payee spelled in other Unicode is another string, kept as given).
    /// The transaction is read through a pointer: each field is read where it lies (a
    /// transaction passed by value out of a bulk build's array was copied, every string
    /// retained and released, per row).
    func retainDescriptorAndPayee(of transaction: UnsafePointer<Transaction>, into record: inout RowRecord) {
        let merchantCode = merchant.retain(transaction.pointee.merchant)
        record.codes.merchant = merchantCode
        record.codes.category = category.retain(transaction.pointee.category)
        record.codes.subcategory = subcategory.retain(transaction.pointee.subcategory)
        if let payeeText = TextField.payee.value(in: transaction.pointee) {
            if RecordChanges.sameBytes(payeeText, transaction.pointee.merchant) {
                payee.retain(code: merchantCode)
                record.codes.payee = merchantCode
            } else {
                record.codes.payee = payee.retain(payeeText)
            }
        } else {
            record.codes.payee = 0
        }
        record.descriptor = descriptors.code(for: record.descriptorKey)
    }

    /// Counts a use of a transaction's strings in the fields with columns of their own (card,
    /// account, notes: `TextField.withColumns`), into `codes`. Read
    /// through a pointer (see `retainDescriptorAndPayee`).
    func retainOtherColumnFields(of transaction: UnsafePointer<Transaction>, into codes: inout TextFieldValues<UInt32>) {
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
    /// batch of `rows` rows (`BuildParallelism`); the merchants and payees in one part, since
    /// they share their strings.
    func endBulkFill(rows: Int) {
        var parts: [() -> Void] = TextField.allCases.filter { !self[$0].sharesStrings }.map { field in { self[field].endBulkFill() } }
        parts.append {
            self.merchant.strings.endBulkFill()
            self.merchant.endTitlesBulkFill()
            self.payee.endTitlesBulkFill()
        }
        BuildParallelism.run(rows: rows, parts)
    }

    /// Restores the payees' table of a snapshot into the strings they share with the
    /// merchants, restored first: the code of each table number, or nil when a string
    /// repeats or has no use (see `FieldIndex.restoreSharing`).
    func restorePayees(_ table: SnapshotRows.StringTable, uses: [UInt32]) -> [UInt32]? {
        payee.restoreSharing(table, uses: uses)
    }

    /// Bytes held by every field's pool and index and by the descriptors (shared strings
    /// counted once, with the merchants).
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
        let pool = merchant.pool
        for code in 1..<UInt32(pool.codeLimit) {
            let uses = merchant.useCount(code) + payee.useCount(code)
            invariant((pool.isLive(code) ? pool.referenceCount(code) : 0) == uses,
                      "shared string \(code): \(pool.isLive(code) ? pool.referenceCount(code) : 0) uses counted, \(uses) by merchants and payees")
        }
        descriptors.checkInvariants()
    }
}
