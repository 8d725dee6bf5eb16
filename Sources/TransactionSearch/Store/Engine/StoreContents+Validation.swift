/// The rules of docs/SPEC.md section 1, applied before anything changes: a draft or a patch becomes a
/// normalized `Transaction` or a `ValidationError` naming the field and the reason.
extension StoreContents {
    /// Limits on text fields: the 256 characters of docs/SPEC.md section 1 for a merchant, and the same for the
    /// other names; notes may be longer.
    static let nameLimit = 256
    static let notesLimit = 4096
    static let idByteLimit = 64

    /// Normalizes a draft. An absent id stays empty: the store generates it when adding.
    func validate(_ draft: TransactionDraft) throws(ValidationError) -> Transaction {
        var id = ""
        if let given = draft.id {
            id = try StoreContents.validID(given)
        }
        let currency = try validCurrency(draft.currency)
        let minorUnits = try draft.amount.minorUnits(in: currency)
        let category = try StoreContents.optionalName(draft.category, .category, limit: StoreContents.nameLimit)
        let subcategory = try StoreContents.optionalName(draft.subcategory, .subcategory, limit: StoreContents.nameLimit)
        if subcategory != nil && category == nil {
            throw ValidationError(.subcategory, .subcategoryWithoutCategory)
        }
        return Transaction(
            id: id,
            date: try StoreContents.validDate(draft.date),
            merchant: try StoreContents.validMerchant(draft.merchant),
            category: category,
            subcategory: subcategory,
            card: try StoreContents.optionalName(draft.card, .card, limit: StoreContents.nameLimit),
            account: try StoreContents.optionalName(draft.account, .account, limit: StoreContents.nameLimit),
            amount: Money(minorUnits: Int128(minorUnits), currency: currency),
            status: draft.status,
            notes: try StoreContents.optionalName(draft.notes, .notes, limit: StoreContents.notesLimit))
    }

    /// Normalizes a batch: the valid transactions (ids still empty where generated), the
    /// failures with their positions, and the explicit ids of the batch. A repeated id fails
    /// on its second use.
    func validate(batch drafts: [TransactionDraft]) -> (accepted: [Transaction], failures: [BatchFailure], ids: StringSet) {
        var accepted: [Transaction] = []
        accepted.reserveCapacity(drafts.count)
        var failures: [BatchFailure] = []
        var batchIDs = StringSet(capacity: drafts.count)
        let storeHasRows = table.ids.count > 0  // an import into an empty store looks no id up
        for index in drafts.indices {
            do throws(ValidationError) {
                let transaction = try validate(drafts[index])
                if !transaction.id.isEmpty {
                    if (storeHasRows && table.ids.row(of: transaction.id) != nil) || !batchIDs.insert(transaction.id) {
                        throw ValidationError(.id, .duplicateID(transaction.id))
                    }
                }
                accepted.append(transaction)
            } catch {
                failures.append(BatchFailure(index: index, error: error))
            }
        }
        return (accepted, failures, batchIDs)
    }

    /// The transaction `old` with `patch` applied, normalized.
    func validate(_ patch: TransactionPatch, on old: Transaction) throws(ValidationError) -> Transaction {
        var new = old
        switch patch.id {
        case .keep: break
        case .clear: throw ValidationError(.id, .cannotClear)
        case .set(let id): new.id = try StoreContents.validID(id)
        }
        switch patch.date {
        case .keep: break
        case .clear: throw ValidationError(.date, .cannotClear)
        case .set(let date): new.date = try StoreContents.validDate(date)
        }
        switch patch.merchant {
        case .keep: break
        case .clear: throw ValidationError(.merchant, .cannotClear)
        case .set(let merchant): new.merchant = try StoreContents.validMerchant(merchant)
        }
        new.category = try StoreContents.changed(old.category, patch.category, .category, limit: StoreContents.nameLimit)
        if new.category == nil, case .clear = patch.category, case .keep = patch.subcategory {
            new.subcategory = nil
        } else {
            new.subcategory = try StoreContents.changed(old.subcategory, patch.subcategory, .subcategory, limit: StoreContents.nameLimit)
        }
        if new.subcategory != nil && new.category == nil {
            throw ValidationError(.subcategory, .subcategoryWithoutCategory)
        }
        new.card = try StoreContents.changed(old.card, patch.card, .card, limit: StoreContents.nameLimit)
        new.account = try StoreContents.changed(old.account, patch.account, .account, limit: StoreContents.nameLimit)
        new.notes = try StoreContents.changed(old.notes, patch.notes, .notes, limit: StoreContents.notesLimit)
        switch patch.status {
        case .keep: break
        case .clear: new.status = .posted
        case .set(let status): new.status = status
        }
        let currency: Currency
        switch patch.currency {
        case .keep: currency = old.amount.currency
        case .clear: currency = baseCurrency
        case .set(let code): currency = try validCurrency(code)
        }
        let decimal: DecimalAmount
        switch patch.amount {
        case .keep: decimal = old.amount.rowDecimalAmount
        case .clear: throw ValidationError(.amount, .cannotClear)
        case .set(let amount): decimal = amount
        }
        new.amount = Money(minorUnits: Int128(try decimal.minorUnits(in: currency)), currency: currency)
        return new
    }

    private func validCurrency(_ code: String?) throws(ValidationError) -> Currency {
        guard let code else { return baseCurrency }
        if let currency = Currency(code) { return currency }
        if code.trimmingWhitespace().isEmpty { return baseCurrency }
        throw ValidationError(.currency, .invalidCurrency(code))
    }

    static func validID(_ id: String) throws(ValidationError) -> String {
        let count = id.utf8.count
        if count == 0 { throw ValidationError(.id, .missing) }
        if count > idByteLimit { throw ValidationError(.id, .tooLong(limit: idByteLimit, unit: "bytes")) }
        return id
    }

    /// The date when a store takes it (see `TransactionDate.isInRange`). Parsing has already
    /// refused what was typed out of range, quoting the text; a date given as a value is quoted
    /// in its ISO 8601 form.
    static func validDate(_ date: TransactionDate) throws(ValidationError) -> TransactionDate {
        if !date.isInRange { throw ValidationError(.date, .dateOutOfRange(date.description)) }
        return date
    }

    /// The UTC days an instant may fall on: a day short of the year range at each end, so that
    /// its local day in any zone is still a four-digit year.
    static let validInstantDays = Int64(CalendarDay.dayNumber(year: CalendarDay.years.lowerBound, month: 1, day: 2))
        ... Int64(CalendarDay.dayNumber(year: CalendarDay.years.upperBound, month: 12, day: 30))

    /// The day numbers of calendar dates in the year range.
    static let validCalendarDays = Int64(CalendarDay.dayNumber(year: CalendarDay.years.lowerBound, month: 1, day: 1))
        ... Int64(CalendarDay.dayNumber(year: CalendarDay.years.upperBound, month: 12, day: 31))

    static func validMerchant(_ merchant: String) throws(ValidationError) -> String {
        let trimmed = merchant.trimmingWhitespace()
        if trimmed.isEmpty { throw ValidationError(.merchant, .blank) }
        try checkLength(trimmed, .merchant, limit: nameLimit)
        return trimmed
    }

    /// Trims an optional text; empty or blank becomes nil.
    static func optionalName(_ text: String?, _ field: TransactionField, limit: Int) throws(ValidationError) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return nil }
        try checkLength(trimmed, field, limit: limit)
        return trimmed
    }

    private static func changed(_ old: String?, _ change: FieldChange<String>, _ field: TransactionField,
                                limit: Int) throws(ValidationError) -> String? {
        switch change {
        case .keep: old
        case .clear: nil
        case .set(let text): try optionalName(text, field, limit: limit)
        }
    }

    private static func checkLength(_ text: String, _ field: TransactionField, limit: Int) throws(ValidationError) {
        // Every character takes at least one byte: count characters only for long texts.
        if text.utf8.count > limit && text.count > limit {
            throw ValidationError(field, .tooLong(limit: limit, unit: "characters"))
        }
    }
}
