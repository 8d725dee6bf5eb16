/// The rows of a store: one contiguous column per field (struct of arrays), the ids, and the
/// free row numbers. A text field with a column of its own (`TextField.keepsPostings`) gets it
/// from its description; merchant, category, subcategory and payee live in the row's
/// descriptor, the month in a per-day table (`StoreCalendar`): 16 + 4 bytes a row saved. Rows are addressed by
/// UInt32 numbers; a deleted row's number goes on a free list and is reused by the next add,
/// so the columns never grow past the largest number of rows the store has held.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class RowTable: @unchecked Sendable {
    /// Milliseconds from the start of the row's local day to its instant (0 for a calendar
    /// date): the instant is `dayStart[dayCode] + timeOfDay`, 4 bytes a row rather than 8 for
    /// a column of instants. A day is at most hours long, never the 49 days a UInt32 holds.
    let timeOfDay = ColumnBuffer<UInt32>(filler: 0)
    let dayCode = ColumnBuffer<UInt32>(filler: 0)
    /// The start of each day code's local day (the calendar's `dayStart`).
    let dayStart: ColumnBuffer<Int64>
    let amount = ColumnBuffer<Int64>(filler: 0)
    let currency = ColumnBuffer<UInt16>(filler: 0)
    /// The (merchant, category, subcategory, payee) combination: those four are read through it.
    let descriptor = ColumnBuffer<UInt32>(filler: 0)
    /// The code columns of the text fields that have one, in `TextField.withColumns` order.
    private let codeColumns: [ColumnBuffer<UInt32>] = TextField.withColumns.map { _ in ColumnBuffer(filler: 0) }
    /// Per `TextField` (by raw value), the base of the column its codes are read from: its own,
    /// or the descriptor column for merchant, category, subcategory and payee
    /// (`RowView.codes(of:)`).
    /// Kept up to date when the columns grow.
    let codeBases = UnsafeMutablePointer<UnsafeMutablePointer<UInt32>>.allocate(capacity: TextField.allCases.count)
    let flags = ColumnBuffer<UInt8>(filler: 0)
    /// Who set each field of the row: a code of the store's `SourcesPool` (0: the input), in
    /// two bytes a row (`SourcesColumn`).
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

    /// An empty table: every column at its first capacity, the code bases pointing at them;
    /// its rows' instants are counted from `dayStart`.
    init(dayStart: ColumnBuffer<Int64>) {
        self.dayStart = dayStart
        codeBases.initialize(repeating: descriptor.base, count: TextField.allCases.count)
        updateCodeBases()
    }

    deinit {
        codeBases.deallocate()
    }

    /// The column of a text field's codes; only for a field with one (`keepsPostings`).
    @inline(__always)
    func codes(of field: TextField) -> ColumnBuffer<UInt32> {
        codeColumns[TextField.columnIndex[field.rawValue]]
    }

    /// Writes the codes of a text field with a column (`keepsPostings`) for rows
    /// `0..<codes.count` at once: a restore writes a snapshot's rows in that order.
    func fillCodes(of field: TextField, from codes: [UInt32]) {
        precondition(codes.count <= rowLimit, "RowTable.fillCodes past the rows written")
        codes.withUnsafeBufferPointer { codes in
            guard let source = codes.baseAddress else { return }
            self.codes(of: field).base.update(from: source, count: codes.count)
        }
    }

    /// Points `codeBases` at the columns as they are now.
    private func updateCodeBases() {
        for field in TextField.allCases {
            codeBases[field.rawValue] = field.keepsPostings ? codes(of: field).base : descriptor.base
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
        guard rows > flags.capacity else { return }  // every column grows together
        amount.reserve(rows)
        for column in [timeOfDay, dayCode, descriptor] + codeColumns { column.reserve(rows) }
        currency.reserve(rows)
        flags.reserve(rows)
        sources.reserve(rows)
        updateCodeBases()
        classes.reserve(flags.capacity)  // every row below the columns' capacity has its bits
    }

    /// A row's instant (milliseconds since 1970).
    @inline(__always)
    func instant(_ row: UInt32) -> Int64 {
        dayStart[dayCode[row]] &+ Int64(timeOfDay[row])
    }

    @inline(__always)
    func isLive(_ row: UInt32) -> Bool {
        Int(row) < rowLimit && flags[row] & RowFlags.live.rawValue != 0
    }

    /// Writes a live row.
    func write(_ record: RowRecord, at row: UInt32) {
        let wasLive = isLive(row)
        let time = record.instant &- dayStart[record.dayCode]
        precondition(time >= 0 && time <= Int64(UInt32.max), "RowTable.write: an instant \(time) ms from its day's start")
        timeOfDay[row] = UInt32(truncatingIfNeeded: time)
        dayCode[row] = record.dayCode
        amount[row] = record.amount
        currency[row] = record.currency
        descriptor[row] = record.descriptor
        TextField.forEach { field in
            if field.keepsPostings { codeBases[field.rawValue][Int(row)] = record.codes[field] }
        }
        flags[row] = record.flags.union(.live).rawValue
        sources[row] = record.sources
        classes.place(row, flags: record.flags, amount: record.amount)
        if !wasLive { liveCount += 1 }
    }

    /// Marks a row dead and frees its number.
    func free(_ row: UInt32) {
        precondition(isLive(row), "RowTable.free: row \(row) is not live")
        flags[row] = 0
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
        var bytes = timeOfDay.memoryUse + dayCode.memoryUse + amount.memoryUse
        bytes += currency.memoryUse + descriptor.memoryUse + flags.memoryUse + sources.memoryUse + classes.memoryUse
        bytes += codeColumns.reduce(0) { $0 + $1.memoryUse }
        return bytes + freeRows.capacity * 4
    }
}
