/// The rules of docs/SPEC.md section 1, applied before anything changes: a draft or a patch
/// becomes a normalized `Transaction` or a `ValidationError` naming the field and the reason.
/// Text fields are validated by their kind (`TransactionField.Kind.text`): trimmed, blank as
/// none (an error for a required one), at most their limit in characters.
struct TransactionValidator: Sendable {
    /// The currency of a transaction that names none.
    let baseCurrency: Currency
    static let idByteLimit = 64

    /// Normalizes a draft. An absent id stays empty: the store generates it when adding.
    func validate(_ draft: TransactionDraft) throws(ValidationError) -> Transaction {
        try validate(draft) { PayeeCleaner.shared.clean($0).payee }
    }

    /// Normalizes a draft, its payee (when it gives none) cleaned from the merchant by
    /// `cleanPayee` (a batch remembers the merchants it cleaned: `PayeeMemo`).
    func validate(_ draft: TransactionDraft, cleanPayee: (String) -> String) throws(ValidationError) -> Transaction {
        try withUnsafePointer(to: draft) { (draft) throws(ValidationError) -> Transaction in try validate(at: draft, cleanPayee: cleanPayee) }
    }

    /// `validate(_:cleanPayee:)` of a draft read where it lies, each field read on its own: a
    /// bulk add validates its drafts in place in their array (one taken out of the array to
    /// be passed by value was copied, each of its strings retained and released: 11 % of a
    /// long-tail batch's validation, perf).
    func validate(at pointer: UnsafePointer<TransactionDraft>, cleanPayee: (String) -> String) throws(ValidationError) -> Transaction {
        var id = ""
        if let given = pointer.pointee.id {
            id = try TransactionValidator.validID(given)
        }
        let currency = pointer.pointee.currency ?? baseCurrency
        let minorUnits = try pointer.pointee.amount.minorUnits(in: currency)
        let date = try TransactionValidator.validDate(pointer.pointee.date)
        // Each text field on its own, in `TransactionField` order (the first invalid one is the
        // error), and the transaction made once from them: built field by field, it was
        // copied twice more (every string retained and released), about 1,700 instructions a
        // row of a bulk build. A new text field needs its line here and in the initializer.
        func text(_ field: TransactionField) throws(ValidationError) -> String? {
            guard case .text(let limit, let isRequired) = field.kind else { preconditionFailure("\(field) is not a text field") }
            return try TransactionValidator.validText(field.textValue(in: pointer), field, limit: limit, isRequired: isRequired)
        }
        let merchant = try text(.merchant) ?? ""
        let category = try text(.category), subcategory = try text(.subcategory)
        let card = try text(.card), account = try text(.account), notes = try text(.notes)
        var payee = try text(.payee) ?? ""
        let importKey = try text(.importKey)
        if subcategory != nil && category == nil { throw ValidationError(.subcategory, .subcategoryWithoutCategory) }
        var sources = pointer.pointee.sources ?? FieldSources()
        if payee.isEmpty {
            payee = cleanPayee(merchant)
            // The shared value when nothing else was set: no array made per row.
            if pointer.pointee.sources == nil { sources = SourcesPool.cleanedPayee } else { sources[.payee] = .cleaner }
        } else if pointer.pointee.sources == nil && payee == cleanPayee(merchant) {
            // A payee given as the cleaner makes it (an export read back) is the cleaner's:
            // it follows the merchant and a newer cleaner, as it did before.
            sources[.payee] = .cleaner
        }
        return Transaction(
            id: id, date: date, merchant: merchant, category: category, subcategory: subcategory, card: card, account: account,
            amount: Money(minorUnits: Int128(minorUnits), currency: currency), status: pointer.pointee.status, notes: notes, payee: payee,
            importKey: importKey, sources: sources)
    }

    /// The transaction `old` with `patch` applied, normalized. Every field the patch changes
    /// was set by `actor` (a person's update, an import's correction, a rule), and so is every
    /// field a person's patch sets, unless the patch states the sources; a payee cleared is
    /// cleaned again, and a payee the cleaner made follows a new merchant.
    func validate(_ patch: TransactionPatch, on old: Transaction, by actor: FieldSource = .hand) throws(ValidationError) -> Transaction {
        var new = old
        switch patch.id {
        case .keep: break
        case .clear: throw ValidationError(.id, .cannotClear)
        case .set(let id): new.id = try TransactionValidator.validID(id)
        }
        switch patch.date {
        case .keep: break
        case .clear: throw ValidationError(.date, .cannotClear)
        case .set(let date): new.date = try TransactionValidator.validDate(date)
        }
        for field in TransactionField.allCases {
            guard case .text(let limit, let isRequired) = field.kind else { continue }
            switch field.textChange(in: patch) {
            case .keep: break
            case .clear:
                if isRequired { throw ValidationError(field, .cannotClear) }
                field.setTextValue(nil, in: &new)
            case .set(let text):
                field.setTextValue(try TransactionValidator.validText(text, field, limit: limit, isRequired: isRequired), in: &new)
            }
        }
        // Clearing the category clears its subcategory, unless the patch says otherwise.
        if case .clear = patch.category, case .keep = patch.subcategory { new.subcategory = nil }
        try TransactionValidator.checkSubcategory(of: new)
        switch patch.status {
        case .keep: break
        case .clear: new.status = .posted
        case .set(let status): new.status = status
        }
        let currency: Currency
        switch patch.currency {
        case .keep: currency = old.amount.currency
        case .clear: currency = baseCurrency
        case .set(let code): currency = code
        }
        let decimal: DecimalAmount
        switch patch.amount {
        case .keep: decimal = old.amount.rowDecimalAmount
        case .clear: throw ValidationError(.amount, .cannotClear)
        case .set(let amount): decimal = amount
        }
        new.amount = Money(minorUnits: Int128(try decimal.minorUnits(in: currency)), currency: currency)
        // A person's edit owns every field it sets, even to the value it had (so no rule
        // overrides it later); anyone else owns the fields whose value it changed.
        for field in FieldSources.fields where field.text(in: new) != field.text(in: old) || (actor == .hand && patch.sets(field)) {
            new.sources[field] = actor
        }
        if case .set(let sources) = patch.sources {
            new.sources = sources
        } else if new.payee.isEmpty || (patch.payee == .keep && new.merchant != old.merchant && old.sources[.payee] == .cleaner) {
            new.payee = PayeeCleaner.shared.clean(new.merchant).payee
            new.sources[.payee] = .cleaner
        }
        if new.payee.isEmpty { new.payee = PayeeCleaner.shared.clean(new.merchant).payee }
        return new
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

    /// A text field's value: trimmed, blank as none (an error when the field is required), at
    /// most `limit` characters.
    static func validText(_ text: String?, _ field: TransactionField, limit: Int, isRequired: Bool) throws(ValidationError) -> String? {
        let trimmed = text?.trimmingWhitespace() ?? ""
        if trimmed.isEmpty {
            if isRequired { throw ValidationError(field, .blank) }
            return nil
        }
        // Every character takes at least one byte: count characters only for long texts.
        if trimmed.utf8.count > limit && trimmed.count > limit {
            throw ValidationError(field, .tooLong(limit: limit, unit: "characters"))
        }
        return trimmed
    }

    /// A subcategory needs a category.
    private static func checkSubcategory(of transaction: Transaction) throws(ValidationError) {
        if transaction.subcategory != nil && transaction.category == nil {
            throw ValidationError(.subcategory, .subcategoryWithoutCategory)
        }
    }
}
