/// Turns one data row into a `StatementEntry`, with what was decided once for the whole file
/// (columns, date order, decimal separators, sign): no per-row decision, dictionary or text
/// search beyond the cells it reads.
struct BankCSVRowConverter {
    /// What was decided for the file.
    struct Plan {
        var date = 0
        var dateOrder = BankCSVOptions.DateOrder.dayMonthYear
        /// How the dates are written, for error messages (`DD.MM.YYYY`).
        var dateStyle = ""
        var time: Int?
        var timeZone: Int?
        /// Other dates (value date, posting date), with their header, for the notes.
        var secondaryDates: [(column: Int, label: String)] = []
        var amount: Int?
        var debit: Int?
        var credit: Int?
        /// The decimal separator of the amount, debit and credit columns.
        var amountDecimal = UInt8(ascii: "."), debitDecimal = UInt8(ascii: "."), creditDecimal = UInt8(ascii: ".")
        var indicator: Int?
        /// Flip every amount's sign at the end.
        var flip = false
        var merchants: [Int] = []
        var descriptions: [Int] = []
        var notes: [Int] = []
        var currency: Int?
        /// The currency a header or the preamble names, else the options' default.
        var fileCurrency: Currency?
        var status: Int?
        var statusKind = StatusKind.words
        var category: Int?
        var subcategory: Int?
        var card: Int?
        var account: Int?
        /// The account for every row (the options', or the preamble's), masked.
        var fixedAccount: String?
        /// That account in full, for import keys only.
        var fixedAccountIdentity: String?
        var reference: Int?
        /// Whether the reference column identifies transactions (its values never repeat);
        /// otherwise it goes to the notes.
        var referenceIsID = true
        var referenceLabel = ""
        var pendingReference: Int?
        var type: Int?
    }

    /// How a status column speaks: status words, or a yes/no flag under `Pending` or `Posted`.
    enum StatusKind { case words, pendingFlag, postedFlag }

    let plan: Plan
    let clock: ZoneClock
    private var zones = ZoneResolver()
    private var statuses = ValueCache<TransactionStatus?>()
    private var currencies = ValueCache<Currency?>()
    /// The merchant's or the notes' bytes while a row is read (kept to reuse its storage).
    private var text: [UInt8] = []

    /// A converter for a file's plan; `clock` resolves local times with no zone.
    init(plan: Plan, clock: ZoneClock) {
        self.plan = plan
        self.clock = clock
    }

    /// The entry of a data row.
    /// - Throws: `ImportIssue` naming the line, the field and what is wrong with it.
    mutating func entry(_ view: DelimitedTable.View, record: Int, line: Int) throws(ImportIssue) -> StatementEntry {
        let location = ImportIssue.Location.line(line)

        // Date, time, zone.
        var dateBytes = ByteText.trimmed(view.field(record, plan.date))
        guard !dateBytes.isEmpty else { throw ImportIssue(location, field: .date, .invalid(.missing)) }
        var scanned = DateScanner.scan(dateBytes)
        var isPendingByDate = false
        if scanned == nil, let valueDate = pendingValueDate(view, record, dateBytes) {
            // `offen` or `pending` instead of a booking date: not booked yet; the value date is its date.
            dateBytes = valueDate
            scanned = DateScanner.scan(valueDate)
            isPendingByDate = true
        }
        guard let scan = scanned, let day = DateScanner.day(of: scan, order: plan.dateOrder) else {
            let like = plan.dateStyle.isEmpty ? "a date this reader knows (like 2023-04-17, 17.04.2023, 04/17/2023, 17 Apr 2023)"
                : "a date like the column's (\(plan.dateStyle))"
            throw ImportIssue(location, field: .date, .malformed("\(quoted(ByteText.string(dateBytes) ?? "")) is not \(like)"))
        }
        var timeOfDay = scan.timeOfDay
        if timeOfDay < 0, let column = plan.time {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                guard let time = TimeText.timeOfDay(bytes) else {
                    throw ImportIssue(location, field: .date, .malformed("\(quoted(ByteText.string(bytes) ?? "")) is not a time of day"))
                }
                timeOfDay = time
            }
        }
        let date: TransactionDate
        if timeOfDay < 0 {
            date = .day(day)
        } else {
            let local = Int64(day.daysSince1970) * 86_400_000 + Int64(timeOfDay)
            var zoneBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            if scan.zoneStart >= 0 {
                zoneBytes = UnsafeBufferPointer(rebasing: dateBytes[scan.zoneStart ..< scan.zoneEnd])
            } else if let column = plan.timeZone {
                zoneBytes = ByteText.trimmed(view.field(record, column))
            }
            if zoneBytes.isEmpty {
                date = .instant(millisecondsSince1970: clock.instant(ofLocal: local))
            } else {
                guard let zone = zones.zone(zoneBytes) else {
                    throw ImportIssue(location, field: .date, .malformed("\(quoted(String(decoding: zoneBytes, as: UTF8.self))) is not a time zone"))
                }
                date = .instant(millisecondsSince1970: ZoneResolver.instant(ofLocal: local, in: zone))
            }
        }

        // Amount and currency.
        var textCurrency: Currency?
        let amount = try amountValue(view, record, location, &textCurrency)

        var currency: Currency?
        if let column = plan.currency {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                guard let code = currencies.value(bytes, BankCSVRowConverter.currencyCode) else {
                    throw ImportIssue(location, field: .currency, .invalid(.invalidCurrency(ByteText.string(bytes) ?? "")))
                }
                currency = code
            }
        }
        currency = currency ?? textCurrency ?? plan.fileCurrency

        // Status.
        var status = isPendingByDate ? TransactionStatus.pending : .posted
        if let column = plan.status {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                let kind = plan.statusKind
                guard let value = statuses.value(bytes, { BankCSVRowConverter.status($0, kind) }) else {
                    throw ImportIssue(location, field: .status, .malformed("\(quoted(ByteText.string(bytes) ?? "")) is neither pending nor posted"))
                }
                status = value
            }
        }

        // Merchant and notes: the payee first; descriptions are the merchant when there is no
        // payee, else they lead the notes. Both are built in one reused buffer.
        text.removeAll(keepingCapacity: true)
        var usedForMerchant = MerchantSource.payees
        if appendCells(view, record, plan.merchants, separator: BankCSVRowConverter.merchantSeparator) == 0 {
            usedForMerchant = .descriptions
            if appendCells(view, record, plan.descriptions, separator: BankCSVRowConverter.merchantSeparator) == 0 {
                usedForMerchant = .firstNotes
                if appendCells(view, record, plan.notes, separator: [], limit: 1) == 0 {
                    throw ImportIssue(location, field: .merchant, .invalid(.missing))
                }
            }
        }
        let merchant = String(decoding: text, as: UTF8.self)

        text.removeAll(keepingCapacity: true)
        let separator = BankCSVRowConverter.notesSeparator
        if usedForMerchant == .payees { appendCells(view, record, plan.descriptions, separator: separator) }
        appendCells(view, record, plan.notes, separator: separator, skippingFirstFound: usedForMerchant == .firstNotes)
        for (column, label) in plan.secondaryDates {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { continue }
            if !text.isEmpty { text += separator }
            text += label.utf8
            text += BankCSVRowConverter.labelSeparator
            text += bytes
        }
        if scan.asOfStart >= 0 {
            if !text.isEmpty { text += separator }
            text += UnsafeBufferPointer(rebasing: dateBytes[scan.asOfStart...])
        }
        var bankID: String?
        if let column = plan.reference {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty && !BankCSVRowConverter.isPlaceholder(bytes) {
                if plan.referenceIsID {
                    bankID = String(decoding: bytes, as: UTF8.self)
                } else {
                    if !text.isEmpty { text += separator }
                    text += plan.referenceLabel.utf8
                    text += BankCSVRowConverter.labelSeparator
                    text += bytes
                }
            }
        }
        let notes = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)

        var account = plan.fixedAccount
        var accountIdentity = plan.fixedAccountIdentity
        if account == nil, let column = plan.account, let text = ByteText.string(view.field(record, column)) {
            account = BankCSVReader.maskedIfNumber(text)
            accountIdentity = text
        }
        var card: String?
        if let column = plan.card, let text = ByteText.string(view.field(record, column)) { card = BankCSVReader.maskedIfNumber(text) }

        return StatementEntry(
            location: location, date: date, amount: amount, currency: currency, merchant: merchant,
            notes: notes, account: account, accountIdentity: accountIdentity, card: card,
            category: plan.category.flatMap { ByteText.string(view.field(record, $0)) },
            subcategory: plan.subcategory.flatMap { ByteText.string(view.field(record, $0)) },
            status: status, bankID: bankID,
            pendingBankID: plan.pendingReference.flatMap { ByteText.string(view.field(record, $0)) },
            transactionType: plan.type.flatMap { ByteText.string(view.field(record, $0)) })
    }

    /// The first value date of a row whose date cell says the row is pending (`offen`,
    /// `pending`, `vorgemerkt`), or nil.
    private func pendingValueDate(_ view: DelimitedTable.View, _ record: Int,
                                  _ dateBytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard !plan.secondaryDates.isEmpty, dateBytes.count <= 30,
              ValueWords.status(key: ByteText.key(dateBytes)) == .pending
        else { return nil }
        for (column, _) in plan.secondaryDates {
            let bytes = ByteText.trimmed(view.field(record, column))
            if DateScanner.scan(bytes) != nil { return bytes }
        }
        return nil
    }

    /// The signed amount: one signed column, or debit and credit columns, with an indicator
    /// and the file's sign convention applied.
    private func amountValue(_ view: DelimitedTable.View, _ record: Int, _ location: ImportIssue.Location,
                             _ currency: inout Currency?) throws(ImportIssue) -> DecimalAmount {
        var value: DecimalAmount
        if let column = plan.amount {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { throw ImportIssue(location, field: .amount, .invalid(.missing)) }
            value = try BankCSVRowConverter.parse(bytes, decimal: plan.amountDecimal, location, &currency)
        } else {
            var debit: DecimalAmount?, credit: DecimalAmount?
            if let column = plan.debit {
                let bytes = ByteText.trimmed(view.field(record, column))
                if !bytes.isEmpty { debit = try BankCSVRowConverter.parse(bytes, decimal: plan.debitDecimal, location, &currency) }
            }
            if let column = plan.credit {
                let bytes = ByteText.trimmed(view.field(record, column))
                if !bytes.isEmpty { credit = try BankCSVRowConverter.parse(bytes, decimal: plan.creditDecimal, location, &currency) }
            }
            switch (debit, credit) {
            case (nil, nil):
                throw ImportIssue(location, field: .amount, .invalid(.missing))
            case (let debit?, let credit?) where debit.significand != 0 && credit.significand != 0:
                throw ImportIssue(location, field: .amount, .malformed("both the debit (\(debit)) and the credit (\(credit)) have an amount"))
            case (let debit?, let credit?):
                value = debit.significand != 0 ? BankCSVRowConverter.outgoing(debit) : credit
            case (let debit?, nil):
                value = BankCSVRowConverter.outgoing(debit)
            case (nil, let credit?):
                value = credit
            }
        }
        if let column = plan.indicator {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                switch ValueWords.indicator(bytes) {
                case .debit?: value = BankCSVRowConverter.outgoing(value)
                case .credit?: break
                case nil:
                    throw ImportIssue(location, field: .amount, .malformed("\(quoted(ByteText.string(bytes) ?? "")) says neither debit nor credit"))
                }
            }
        }
        if plan.flip { value = DecimalAmount(significand: -value.significand, fractionDigits: value.fractionDigits) }
        return value
    }

    /// Money out: negative, whether written unsigned or already negative (never flipped twice).
    private static func outgoing(_ amount: DecimalAmount) -> DecimalAmount {
        amount.significand > 0 ? DecimalAmount(significand: -amount.significand, fractionDigits: amount.fractionDigits) : amount
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimal: UInt8, _ location: ImportIssue.Location,
                              _ currency: inout Currency?) throws(ImportIssue) -> DecimalAmount {
        if let scan = AmountScanner.scan(bytes), scan.digits > DecimalAmount.maximumDigits {
            throw ImportIssue(location, field: .amount, .invalid(.tooManyDigits(ByteText.string(bytes) ?? "")))
        }
        guard let scan = AmountScanner.scan(bytes), let amount = AmountScanner.parse(bytes, scan, decimal: decimal) else {
            let style = decimal == UInt8(ascii: ",") ? "a decimal comma (like -1.234,56)" : "a decimal point (like -1,234.56)"
            throw ImportIssue(location, field: .amount, .malformed("\(quoted(ByteText.string(bytes) ?? "")) is not an amount with \(style)"))
        }
        if let named = scan.currency { currency = named }
        return amount
    }

    /// Appends the non-empty cells of some columns (trimmed) to `text`, `separator` between
    /// them and after what `text` already holds; at most `limit` cells, the first one found left
    /// out when `skippingFirstFound`. How many were appended.
    @discardableResult
    private mutating func appendCells(_ view: DelimitedTable.View, _ record: Int, _ columns: [Int], separator: [UInt8],
                                      limit: Int = .max, skippingFirstFound: Bool = false) -> Int {
        var appended = 0
        var skip = skippingFirstFound
        for column in columns where appended < limit {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { continue }
            if skip {
                skip = false
                continue
            }
            if !text.isEmpty { text += separator }
            text += bytes
            appended += 1
        }
        return appended
    }

    /// Where the merchant came from.
    private enum MerchantSource { case payees, descriptions, firstNotes }

    private static let merchantSeparator = Array(" · ".utf8)
    private static let notesSeparator = Array("; ".utf8)
    private static let labelSeparator = Array(": ".utf8)

    /// A currency cell: a known code in any case, or `€` or `£`.
    private static func currencyCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Currency? {
        if bytes.elementsEqual([0xE2, 0x82, 0xAC]) { return .eur }
        if bytes.elementsEqual([0xC2, 0xA3]) { return .gbp }
        return CurrencyCodes.currency(String(decoding: bytes, as: UTF8.self))
    }

    private static func status(_ bytes: UnsafeBufferPointer<UInt8>, _ kind: StatusKind) -> TransactionStatus? {
        let key = ByteText.key(bytes)
        if let status = ValueWords.status(key: key) { return status }
        guard kind != .words, let flag = ValueWords.flag(key: key) else { return nil }
        return (kind == .pendingFlag) == flag ? .pending : .posted
    }

    /// References that name no transaction (`NOTPROVIDED`, `NONREF`, `n/a`, `-`).
    static func isPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 12 else { return false }
        for word: StaticString in ["notprovided", "not provided", "nonref", "none", "n/a", "na", "-", "--", "0", "keine angabe"]
            where ByteText.equalsIgnoringCase(bytes, word) {
            return true
        }
        return false
    }
}
