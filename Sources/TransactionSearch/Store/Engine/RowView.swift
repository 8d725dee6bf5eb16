/// The one handle on the store's columns as raw pointers: query loops, row orders, bulk
/// builds and walks read rows through it, with no retain, release or bounds check per row.
///
/// Valid while the store's lock is held and no column grows: take one per operation (a query,
/// an insert into an order), never keep one across a mutation.
struct RowView {
    /// Milliseconds past the start of the row's day (with its flags above them:
    /// `RowTable.timeAndFlags`), and the start of each day code's day: a row's instant is
    /// `instant(_:)`.
    let timeAndFlags: UnsafeMutablePointer<UInt32>
    let dayStart: UnsafeMutablePointer<Int64>
    let dayCode: UnsafeMutablePointer<UInt32>
    let amount: AmountColumn.Reader
    let currency: CurrencyColumn.Reader
    let descriptor: UnsafeMutablePointer<UInt32>
    /// Per descriptor code: its merchant, category and payee.
    let merchantOfDescriptor: UnsafeMutablePointer<UInt32>
    let categoryOfDescriptor: UnsafeMutablePointer<UInt32>
    let payeeOfDescriptor: UnsafeMutablePointer<UInt32>
    /// Per day code: its month code.
    let monthOfDay: UnsafeMutablePointer<UInt32>
    /// The (card, account) pair of each row, and per pair its card and account
    /// (`CardAccountColumn`).
    let cardAccount: UnsafeMutablePointer<UInt32>
    let cardOfPair: UnsafeMutablePointer<UInt32>
    let accountOfPair: UnsafeMutablePointer<UInt32>
    /// The notes' codes.
    let notes: UnsafeMutablePointer<UInt32>
    /// Each row's `RowFlags`, read from `timeAndFlags`.
    let flags: FlagsReader
    let scales: UnsafePointer<UInt64>

    init(_ contents: StoreContents) {
        let columns = contents.table
        timeAndFlags = columns.timeAndFlags.base
        dayStart = contents.calendar.dayStart.base
        dayCode = columns.dayCode.base
        amount = columns.amount.reader
        currency = columns.currency.reader
        descriptor = columns.descriptor.base
        merchantOfDescriptor = contents.text.descriptors.merchantOf.base
        categoryOfDescriptor = contents.text.descriptors.categoryOf.base
        payeeOfDescriptor = contents.text.descriptors.payeeOf.base
        monthOfDay = contents.calendar.monthOfDay.base
        cardAccount = columns.cardAccount.pairs.base
        cardOfPair = columns.cardAccount.cardOf.base
        accountOfPair = columns.cardAccount.accountOf.base
        notes = columns.notes.base
        flags = FlagsReader(words: columns.timeAndFlags.base)
        scales = UnsafePointer(contents.currencies.scaleBuffer.base)
    }

    /// A row's instant (milliseconds since 1970; a calendar date's is its day's start).
    @inline(__always)
    func instant(_ row: Int) -> Int64 {
        dayStart[Int(dayCode[row])] &+ Int64(timeAndFlags[row] & RowTable.timeMask)
    }

    @inline(__always)
    func category(_ row: Int) -> UInt32 { categoryOfDescriptor[Int(descriptor[row])] }

    @inline(__always)
    func card(_ row: Int) -> UInt32 { cardOfPair[Int(cardAccount[row])] }

    @inline(__always)
    func account(_ row: Int) -> UInt32 { accountOfPair[Int(cardAccount[row])] }

    /// A row's amount magnitude scaled to 10^-4 units, comparable across currencies. Amounts
    /// under 10^15 minor units scale to under 10^19, which fits a UInt64.
    @inline(__always)
    func magnitude(_ row: Int) -> UInt64 {
        amount[row].magnitude &* scales[Int(currency[row])]
    }

    /// A row's magnitude, by row number.
    @inline(__always)
    subscript(magnitudeOf row: UInt32) -> UInt64 { magnitude(Int(row)) }

    /// The row's group code for a grouping: a day or month code, a week's or year's group
    /// (`periodOfDay`, by day code: `PeriodGroups`), or a pool code (0 for none).
    @inline(__always)
    func groupCode(_ row: Int, _ grouping: Grouping, periodOfDay: UnsafeMutablePointer<UInt32>? = nil) -> UInt32 {
        switch grouping {
        case .none: 0
        case .day: dayCode[row]
        case .month: monthOfDay[Int(dayCode[row])]
        case .card: card(row)
        case .category: category(row)
        case .merchant: merchantOfDescriptor[Int(descriptor[row])]
        case .week, .year: periodOfDay.map { $0[Int(dayCode[row])] } ?? 0
        case .account: account(row)
        case .payee: payeeOfDescriptor[Int(descriptor[row])]
        }
    }
}

/// Reads each row's flags byte from `RowTable.timeAndFlags` by row index, with no retain,
/// release or bounds check per row.
struct FlagsReader {
    let words: UnsafeMutablePointer<UInt32>

    @inline(__always)
    subscript(index: Int) -> UInt8 { UInt8(truncatingIfNeeded: words[index] >> RowTable.timeBits) }
}
