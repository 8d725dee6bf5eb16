/// The rows of a store: one contiguous column per field (struct of arrays), the ids, and the
/// free row numbers. Merchant, category, subcategory and payee live in the row's descriptor,
/// card and account in their pair (`CardAccountColumn`), the month in a per-day table
/// (`StoreCalendar`): 24 bytes a row saved; the notes have a column. Rows are addressed by
/// UInt32 numbers; a deleted row's number goes on a free list and is reused by the next add,
/// so the columns never grow past the largest number of rows the store has held.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class RowTable: @unchecked Sendable {
    /// Per row, one word: in its low `timeBits` bits the milliseconds from the start of the
    /// row's local day to its instant (0 for a calendar date; the instant is
    /// `dayStart[dayCode] + time`), and its `RowFlags` above them. 28 bits hold 74 hours: a
    /// local day is 24 hours give or take its offset changes, and the longest any zone has
    /// had is about 48 (Pacific/Kwajalein on 1969-09-30, going from +11 to -12; Alaska's zones
    /// on 1867-10-18). So 4 bytes a row hold both, where a column of instants took 8 and the
    /// flags one more.
    let timeAndFlags = ColumnBuffer<UInt32>(filler: 0)
    /// The bits of `timeAndFlags` that hold the time (the three flag bits above them).
    static let timeBits: UInt32 = 28
    static let timeMask: UInt32 = 1 << timeBits - 1
    let dayCode = ColumnBuffer<UInt32>(filler: 0)
    /// The start of each day code's local day (the calendar's `dayStart`).
    let dayStart: ColumnBuffer<Int64>
    /// In four bytes a row, the rare wider amount kept apart (`AmountColumn`).
    let amount = AmountColumn()
    /// In one byte a row, the rare higher index kept apart (`CurrencyColumn`).
    let currency = CurrencyColumn()
    /// The (merchant, category, subcategory, payee) combination: those four are read through it.
    let descriptor = ColumnBuffer<UInt32>(filler: 0)
    /// The card and the account, as the code of their pair (`CardAccountColumn`).
    let cardAccount = CardAccountColumn()
    /// The notes' codes.
    let notes = ColumnBuffer<UInt32>(filler: 0)
    /// Each row's `RowFlags` (read from `timeAndFlags`).
    var flags: FlagsColumn { FlagsColumn(words: timeAndFlags) }
    /// Who set each field of the row: a code of the store's `SourcesPool` (0: the input), in
    /// one byte a row (`SourcesColumn`).
    let sources = SourcesColumn()
    /// Live, pending, expense and income rows as bitsets, kept with the flags and amounts.
    let classes = RowClasses()
    /// The id of each row, and the row of each id.
    let ids = KeyIndex<UInt8>()
    /// The import key of each row that has one, and the row of each key.
    let importKeys = KeyIndex<UInt16>()
    /// How many of the import keys are of the scheme of earlier versions (`ImportKeys.isLegacy`):
    /// while there are any, an import also looks for a record's key of that scheme.
    @exclusivity(unchecked) var legacyImportKeyCount = 0
    /// The counter behind generated ids (`tx_1`, `tx_2`...).
    @exclusivity(unchecked) private var generatedIDCounter: UInt64 = 0

    /// Rows `0..<rowLimit` have been used; the dead ones among them are on `freeRows`.
    @exclusivity(unchecked) private(set) var rowLimit = 0
    @exclusivity(unchecked) private var freeRows: [UInt32] = []
    @exclusivity(unchecked) private(set) var liveCount = 0

    /// An empty table: every column at its first capacity; its rows' instants are counted
    /// from `dayStart`.
    init(dayStart: ColumnBuffer<Int64>) {
        self.dayStart = dayStart
    }

    /// A live row's code of a text field with postings of its own (`TextField.keepsPostings`:
    /// card, account, notes).
    @inline(__always)
    func code(of field: TextField, row: UInt32) -> UInt32 {
        switch field {
        case .card: cardAccount.card(of: row)
        case .account: cardAccount.account(of: row)
        case .notes: notes[row]
        default: preconditionFailure("RowTable.code(of:row:): \(field) is read through the descriptor")
        }
    }

    /// A row number for a new row: a freed one if any, else the next.
    func allocateRow() -> UInt32 {
        if let row = freeRows.popLast() { return row }
        let row = UInt32(rowLimit)
        reserve(rowLimit + 1)
        rowLimit += 1
        return row
    }

    /// The row numbers the next `count` allocations will return, in order, without taking them.
    func peekRows(_ count: Int) -> [UInt32] {
        var rows = Array(freeRows.suffix(count).reversed())
        var next = UInt32(rowLimit)
        while rows.count < count {
            rows.append(next)
            next += 1
        }
        return rows
    }

    func reserve(_ rows: Int) {
        guard rows > timeAndFlags.capacity else { return }  // every column grows together
        amount.reserve(rows)
        for column in [timeAndFlags, dayCode, descriptor, notes] { column.reserve(rows) }
        cardAccount.reserve(rows)
        currency.reserve(rows)
        sources.reserve(rows)
        classes.reserve(timeAndFlags.capacity)  // every row below the columns' capacity has its bits
    }

    /// A row's instant (milliseconds since 1970).
    @inline(__always)
    func instant(_ row: UInt32) -> Int64 {
        dayStart[dayCode[row]] &+ Int64(timeAndFlags[row] & RowTable.timeMask)
    }

    @inline(__always)
    func isLive(_ row: UInt32) -> Bool {
        Int(row) < rowLimit && timeAndFlags[row] & UInt32(RowFlags.live.rawValue) << RowTable.timeBits != 0
    }

    /// Writes a live row.
    func write(_ record: RowRecord, at row: UInt32) {
        let wasLive = isLive(row)
        let time = record.instant &- dayStart[record.dayCode]
        precondition(time >= 0 && time <= Int64(RowTable.timeMask), "RowTable.write: an instant \(time) ms from its day's start")
        timeAndFlags[row] = UInt32(truncatingIfNeeded: time) | UInt32(record.flags.union(.live).rawValue) << RowTable.timeBits
        dayCode[row] = record.dayCode
        amount[row] = record.amount
        currency[row] = record.currency
        descriptor[row] = record.descriptor
        cardAccount.set(row, card: record.card, account: record.account, wasLive: wasLive)
        notes[row] = record.codes.notes
        sources[row] = record.sources
        classes.place(row, flags: record.flags, amount: record.amount)
        if !wasLive { liveCount += 1 }
    }

    /// Marks a row dead and frees its number.
    func free(_ row: UInt32) {
        precondition(isLive(row), "RowTable.free: row \(row) is not live")
        timeAndFlags[row] = 0
        cardAccount.clear(row)
        classes.clear(row)
        freeRows.append(row)
        liveCount -= 1
    }

    /// A fresh id (`tx_N`) used by no row and not in `reserved`. No set is made when none is
    /// given: an empty `StringSet` draws a random hash seed (a system call), once per id.
    func generateID(avoiding reserved: StringSet? = nil) -> String {
        while true {
            generatedIDCounter += 1
            let id = "tx_" + String(generatedIDCounter)
            if ids.row(of: id) == nil && reserved?.contains(id) != true { return id }
        }
    }

    /// The bytes of the next `count` generated ids when none is skipped (`tx_N`: 3 bytes and
    /// the digits of N), to reserve room for them.
    func generatedIDBytes(count: Int) -> Int {
        var bytes = 0
        var number = generatedIDCounter + 1
        let last = generatedIDCounter + UInt64(max(count, 0))
        var digits = 1
        var nextPower: UInt64 = 10
        while nextPower <= number {
            digits += 1
            nextPower *= 10
        }
        while number <= last {
            let runEnd = min(last, nextPower - 1)
            bytes += Int(runEnd - number + 1) * (3 + digits)
            number = runEnd + 1
            digits += 1
            nextPower = nextPower.multipliedReportingOverflow(by: 10).overflow ? .max : nextPower * 10
        }
        return bytes
    }

    /// Bytes of the columns and the free list (the ids count apart).
    var memoryUse: Int {
        var bytes = timeAndFlags.memoryUse + dayCode.memoryUse + amount.memoryUse
        bytes += currency.memoryUse + descriptor.memoryUse + sources.memoryUse + classes.memoryUse
        bytes += cardAccount.memoryUse + notes.memoryUse
        return bytes + freeRows.capacity * 4
    }
}

/// The flags byte of each row, read from `RowTable.timeAndFlags`.
struct FlagsColumn {
    let words: ColumnBuffer<UInt32>

    @inline(__always)
    subscript(row: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: words[row] >> RowTable.timeBits) }
}
