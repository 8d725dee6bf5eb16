import TransactionSearch

/// Turns one data row into a `StatementEntry`, with what was decided once for the whole file
/// (columns, date order, decimal separators, sign, currency): no per-row decision, dictionary
/// or text search beyond the cells it reads. A row that is not a transaction at all (a
/// declined payment, PayPal's `Memo` authorizations, a bank's zero-amount notice) is skipped
/// with its reason; a bad row is an `ImportIssue`.
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
        /// The file's last day, for a row whose date cell says `Pending` and that has no other date.
        var lastDay: CalendarDay?
        var amount: Int?
        var debit: Int?
        var credit: Int?
        /// The decimal separator of the amount, debit and credit columns.
        var amountDecimal = UInt8(ascii: "."), debitDecimal = UInt8(ascii: "."), creditDecimal = UInt8(ascii: ".")
        var indicator: Int?
        var sign = SignRule.asWritten
        var merchants: [Int] = []
        var descriptions: [Int] = []
        var notes: [Int] = []
        /// A known export's payee by direction: the first non-empty of `outgoing` for money out,
        /// of `incoming` for money in.
        var outgoingMerchants: [Int] = [], incomingMerchants: [Int] = []
        var currency: Int?
        /// The currency a header, the preamble or the known export names (before `$` and `¥`).
        var fileCurrency: Currency?
        /// The options' currency, for rows nothing in the file gives one.
        var defaultCurrency: Currency?
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
        /// A row with a zero amount is a notice from the bank (a known export's convention).
        var zeroAmountIsNotice = false
    }

    /// How a file's amounts are signed, once the columns have given the sign they give.
    enum SignRule: Hashable {
        /// Negative is money out.
        case asWritten
        /// Every sign flipped: a card export that writes purchases as positive.
        case flipped
        /// Amounts carry no sign but a `CR` mark on credits: every unmarked amount is money out.
        case unmarkedAreDebits
        /// Amounts carry no sign; the type column says each row's way (a purchase is money out,
        /// a payment or refund money in).
        case byType
    }

    /// How a status column speaks: status words, or a yes/no flag under `Pending` or `Posted`.
    enum StatusKind { case words, pendingFlag, postedFlag }

    /// What a row becomes.
    enum Outcome {
        case entry(StatementEntry)
        /// Not a transaction: why (`status Declined: never booked`).
        case skipped(String)
    }

    /// Where a row's currency came from, counted for the layout's reason.
    enum CurrencySource: Int, CaseIterable {
        case column, amountText, file, symbol, option, none
    }

    let plan: Plan
    let clock: ZoneClock
    var zones = ZoneResolver()
    var statuses = ValueCache<StatusWord?>()
    var currencies = ValueCache<Currency?>()
    var flows = ValueCache<ValueWords.Flow?>(capacity: 64)
    /// The merchant's or the notes' bytes while a row is read (kept to reuse its storage).
    var text: [UInt8] = []
    /// The status a section line above the row set (`Pending Transactions`), if any.
    var sectionStatus: TransactionStatus?
    /// Where the last row's merchant came from (a continuation line adds to it).
    var lastMerchantSource = MerchantSource.payees
    /// How many rows took their currency from each source.
    private(set) var currencySources = [Int](repeating: 0, count: CurrencySource.allCases.count)
    /// Status words not known, with how many rows wrote each (read as posted).
    private(set) var unknownStatuses: [String: Int] = [:]
    /// Rows whose date cell said they are pending: dated by another date column, or by the
    /// file's last day.
    private(set) var pendingByDate = 0, pendingDatedByLastDay = 0

    /// A converter for a file's plan; `clock` resolves local times with no zone.
    init(plan: Plan, clock: ZoneClock) {
        self.plan = plan
        self.clock = clock
    }

    /// What a data row becomes.
    /// - Throws: `ImportIssue` naming the line, the field and what is wrong with it.
    mutating func convert(_ view: DelimitedTable.View, record: Int, line: Int) throws(ImportIssue) -> Outcome {
        let location = ImportIssue.Location.line(line)

        // Status first: a row that never happened needs nothing else.
        var status = sectionStatus ?? .posted
        if let column = plan.status {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                let kind = plan.statusKind
                switch statuses.value(bytes, { BankCSVRowConverter.statusWord($0, kind) }) {
                case .pending?: status = .pending
                case .posted?: status = .posted
                case .notATransaction?: return .skipped("status \(quoted(ByteText.string(bytes) ?? "")): never booked, not a transaction")
                case nil:
                    unknownStatuses[ByteText.string(bytes) ?? "", default: 0] += 1
                    status = .posted
                }
            }
        }

        // Date, time, zone.
        var dateBytes = ByteText.trimmed(view.field(record, plan.date))
        guard !dateBytes.isEmpty else { throw ImportIssue(location, field: .date, .invalid(.missing)) }
        var scanned = DateScanner.scan(dateBytes)
        var pendingDay: CalendarDay?
        if scanned == nil, BankCSVRowConverter.isPendingWord(dateBytes) {
            // `offen` or `Pending` instead of a booking date: not booked yet; another date
            // column gives its date, else the file's last day.
            status = .pending
            pendingByDate += 1
            if let valueDate = firstOtherDate(view, record) {
                dateBytes = valueDate
                scanned = DateScanner.scan(valueDate)
            } else if let lastDay = plan.lastDay {
                pendingDay = lastDay
                pendingDatedByLastDay += 1
            }
        }
        let date: TransactionDate
        var asOfText: ByteView?
        if let pendingDay {
            date = .day(pendingDay)
        } else {
            guard let scan = scanned, let day = DateScanner.day(of: scan, order: plan.dateOrder) else {
                let like = plan.dateStyle.isEmpty ? "a date this reader knows (like 2023-04-17, 17.04.2023, 04/17/2023, 17 Apr 2023)"
                    : "a date like the column's (\(plan.dateStyle))"
                throw ImportIssue(location, field: .date, .malformed("\(quoted(ByteText.string(dateBytes) ?? "")) is not \(like)"))
            }
            date = try dateTime(view, record, day: day, scan: scan, dateBytes: dateBytes, location)
            if scan.asOfStart >= 0 { asOfText = dateBytes.view(scan.asOfStart...) }
        }

        // Amount and currency.
        var textCurrency: Currency?
        var dollarOrYen: Currency?
        let amount: DecimalAmount
        switch try amountValue(view, record, location, &textCurrency, &dollarOrYen) {
        case .amount(let value): amount = value
        case .notATransaction(let why): return .skipped(why)
        }
        if plan.zeroAmountIsNotice && amount.significand == 0 {
            return .skipped("an amount of 0: a notice from the bank, not a transaction")
        }
        let currency = try rowCurrency(view, record, location, named: textCurrency, symbol: dollarOrYen)

        // Merchant and notes.
        let (merchant, notes, bankID) = try texts(view, record, location, amount: amount, asOf: asOfText)

        var account = plan.fixedAccount
        var accountIdentity = plan.fixedAccountIdentity
        if account == nil, let column = plan.account, let text = BankCSVRowConverter.cellText(view.field(record, column)) {
            account = BankCSVReader.maskedIfNumber(text)
            accountIdentity = text
        }
        var card: String?
        if let column = plan.card, let text = BankCSVRowConverter.cellText(view.field(record, column)) { card = BankCSVReader.maskedIfNumber(text) }

        return .entry(StatementEntry(
            location: location, date: date, amount: amount, currency: currency, merchant: merchant,
            notes: notes, account: account, accountIdentity: accountIdentity, card: card,
            category: plan.category.flatMap { BankCSVRowConverter.cellText(view.field(record, $0)) },
            subcategory: plan.subcategory.flatMap { BankCSVRowConverter.cellText(view.field(record, $0)) },
            status: status, bankID: bankID,
            pendingBankID: plan.pendingReference.flatMap { BankCSVRowConverter.cellText(view.field(record, $0)) },
            transactionType: plan.type.flatMap { BankCSVRowConverter.cellText(view.field(record, $0)) }))
    }

    /// The date with its time of day and zone, when the row has them.
    private mutating func dateTime(_ view: DelimitedTable.View, _ record: Int, day: CalendarDay, scan: DateScanner.Scan,
                                   dateBytes: ByteView, _ location: ImportIssue.Location) throws(ImportIssue) -> TransactionDate {
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
        guard timeOfDay >= 0 else { return .day(day) }
        let local = Int64(day.daysSince1970) * 86_400_000 + Int64(timeOfDay)
        var zoneBytes = ByteView.empty
        if scan.zoneStart >= 0 {
            zoneBytes = dateBytes.view(scan.zoneStart ..< scan.zoneEnd)
        } else if let column = plan.timeZone {
            zoneBytes = ByteText.trimmed(view.field(record, column))
        }
        if zoneBytes.isEmpty { return .instant(millisecondsSince1970: clock.instant(ofLocal: local)) }
        guard let zone = zones.zone(zoneBytes) else {
            throw ImportIssue(location, field: .date, .malformed("\(quoted(String(decoding: zoneBytes, as: UTF8.self))) is not a time zone"))
        }
        return .instant(millisecondsSince1970: ZoneResolver.instant(ofLocal: local, in: zone))
    }

    /// The row's currency: its currency column, a code or `€`/`£` in its amount, the file's
    /// (header, preamble, known export), a `$` (USD) or `¥` (JPY) in its amount, the options';
    /// else none (the store's base).
    private mutating func rowCurrency(_ view: DelimitedTable.View, _ record: Int, _ location: ImportIssue.Location,
                                      named: Currency?, symbol: Currency?) throws(ImportIssue) -> Currency? {
        if let column = plan.currency {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                guard let code = currencies.value(bytes, BankCSVRowConverter.currencyCode) else {
                    throw ImportIssue(location, field: .currency, .invalid(.invalidCurrency(ByteText.string(bytes) ?? "")))
                }
                currencySources[CurrencySource.column.rawValue] += 1
                return code
            }
        }
        let (currency, source): (Currency?, CurrencySource) =
            if let named { (named, .amountText) } else if let file = plan.fileCurrency { (file, .file) }
            else if let symbol { (symbol, .symbol) } else if let option = plan.defaultCurrency { (option, .option) } else { (nil, .none) }
        currencySources[source.rawValue] += 1
        return currency
    }

    /// The first other date column's date of a row, or nil.
    private func firstOtherDate(_ view: DelimitedTable.View, _ record: Int) -> ByteView? {
        for (column, _) in plan.secondaryDates {
            let bytes = ByteText.trimmed(view.field(record, column))
            if DateScanner.scan(bytes) != nil { return bytes }
        }
        return nil
    }

    /// Whether a date cell says the row is not booked yet (`Pending`, `offen`, `Vorgemerkt`, `Varaus`).
    static func isPendingWord(_ bytes: ByteView) -> Bool {
        bytes.count <= 30 && !bytes.isEmpty && DateScanner.isDigit(bytes[0]) == false
            && StatusWord.of(key: ByteText.key(bytes)) == .pending
    }

    /// A currency cell: a known code in any case (withdrawn ones too), or `€`, `£`, `$`, `¥`.
    static func currencyCode(_ bytes: ByteView) -> Currency? {
        if bytes.elementsEqual([0xE2, 0x82, 0xAC]) { return .eur }
        if bytes.elementsEqual([0xC2, 0xA3]) { return .gbp }
        if bytes.elementsEqual([0xC2, 0xA5]) { return .jpy }
        if bytes.count == 1 && bytes[0] == UInt8(ascii: "$") { return .usd }
        return CurrencyCodes.currency(String(decoding: bytes, as: UTF8.self))
    }

    private static func statusWord(_ bytes: ByteView, _ kind: StatusKind) -> StatusWord? {
        let key = ByteText.key(bytes)
        if let word = StatusWord.of(key: key) { return word }
        guard kind != .words, let flag = ValueWords.flag(key: key) else { return nil }
        return (kind == .pendingFlag) == flag ? .pending : .posted
    }

    /// A cell's text as kept: trimmed, without the apostrophes a spreadsheet guard adds
    /// (`'320241100498765432'`, `'30-99-50`); nil when empty.
    static func cellText(_ bytes: ByteView) -> String? {
        ByteText.string(unguarded(ByteText.trimmed(bytes)))
    }

    /// The bytes without a spreadsheet guard: a value wrapped in apostrophes loses both, a
    /// number led by one loses it.
    @inline(__always)
    static func unguarded(_ bytes: ByteView) -> ByteView {
        let apostrophe = UInt8(ascii: "'")
        guard bytes.count >= 2, bytes[0] == apostrophe else { return bytes }
        if bytes[bytes.count - 1] == apostrophe { return ByteText.trimmed(bytes.view(1 ..< bytes.count - 1)) }
        let next = bytes[1]
        if DateScanner.isDigit(next) || next == UInt8(ascii: "+") || next == UInt8(ascii: "-") {
            return bytes.view(1...)
        }
        return bytes
    }

    /// References that name no transaction (`NOTPROVIDED`, `NONREF`, `n/a`, `-`).
    static func isPlaceholder(_ bytes: ByteView) -> Bool {
        guard bytes.count <= 12 else { return false }
        for word: StaticString in ["notprovided", "not provided", "nonref", "none", "n/a", "na", "-", "--", "0", "keine angabe"]
            where ByteText.equalsIgnoringCase(bytes, word) {
            return true
        }
        return false
    }
}
