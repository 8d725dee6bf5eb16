/// The rows of a grouping by period, expenses, income and zero amounts apart: what a report
/// of every row by that grouping reads instead of the rows. The group is 64 bits: a code
/// (a category, card or account, by month or by week) or a pair, (merchant, payee) packed
/// (`group(merchant:payee:)`): a merchant nearly always has one payee, so one table serves
/// both reports, each summing the cells of its half.
///
/// One cell per (group, period, kind, currency) with rows: its key and group in 16 bytes, its
/// rows in 4, its sum in 8, found through an open-addressing table of cell numbers (linear
/// probing, at most three quarters full: 4 to 11 bytes a cell). A pair kept as a hash entry
/// (a map at most half full: 26 to 52 bytes) and a bucket of sparse currencies (26 bytes)
/// took about 60 bytes: the category, card and account pairs by month and week were 9.3 of
/// the 125 bytes a row of the bench's standard data. The bench's 100,000 rows hold about
/// 34,000 (merchant, payee, month) cells, and nearly one a row on long-tail data. (A table
/// for payees and another for merchants cost 25.6 B/row on the bench's standard data and
/// 48.3 on long-tail; this one 14.5 and 27.3.)
///
/// A change finds its cell in one or two probes. (Cells kept in a chain per group, newest
/// month first, walked one cold entry after another: a change of an old row of a busy payee
/// read dozens of cache lines, a fifth of a cold mutation's time, measured with `perf`.)
struct PeriodCells: Sendable, Equatable {
    /// One cell: what it counts (`key(period:currency:amount:)`) and its group. Cell 0 is
    /// never used.
    private struct Cell {
        var key: UInt64
        var group: UInt64
    }

    private var cells: [Cell] = [Cell(key: 0, group: 0)]
    /// Each cell's rows, at the cell's number (0: free, for reuse).
    private var counts: [Int32] = [0]
    /// Each cell's sum, at the cell's number.
    private var sums = ExactSums(count: 1)
    /// Free cells, for reuse.
    private var freeCells: [UInt32] = []
    /// Cell numbers by hash of (group, key); 0: empty. A power of two long.
    private var slots = [UInt32](repeating: 0, count: 16)
    /// Cells with rows.
    private var used = 0

    init() {}

    /// Cells with rows.
    var count: Int { used }

    /// Whether `cells` cells are worth keeping for `rows` rows: in a small store always, else
    /// while a cell holds two rows on average. A report by payee or merchant reads a cell
    /// where it would read its rows, so the cells pay when they are much fewer than the rows;
    /// on text that is mostly distinct (the bench's long-tail data: nearly a cell a row, 27
    /// B/row) they cost as much as the rows and save little.
    static func paysOff(cells: Int, rows: Int) -> Bool { rows < smallStore || cells <= rows / 2 }

    /// Stores smaller than this keep their cells whatever their count.
    static let smallStore = 4_096

    /// The group of a row of `merchant` and `payee` (codes of their fields).
    @inline(__always)
    static func group(merchant: UInt32, payee: UInt32) -> UInt64 { UInt64(merchant) << 32 | UInt64(payee) }

    /// What a row of `amount` in `currency` and `period` (a month code) is counted under: the
    /// period above the kind (0 expense, 1 zero, 2 income) above the currency.
    @inline(__always)
    static func key(period: UInt32, currency: UInt16, amount: Int64) -> UInt64 {
        let kind: UInt64 = amount < 0 ? 0 : amount == 0 ? 1 : 2
        return UInt64(period) << 24 | kind << 16 | UInt64(currency)
    }

    /// Bytes held, at the arrays' capacities.
    var memoryUse: Int {
        cells.capacity * MemoryLayout<Cell>.stride + counts.capacity * 4 + sums.memoryUse + freeCells.capacity * 4 + slots.capacity * 4
    }

    /// Adds a row of `group` in `period`.
    mutating func add(_ group: UInt64, _ period: UInt32, currency: UInt16, amount: Int64) {
        let key = PeriodCells.key(period: period, currency: currency, amount: amount)
        var (slot, cell) = find(group, key)
        if cell == 0 {
            if (used + 1) * 4 > slots.count * 3 {
                grow()
                slot = find(group, key).slot
            }
            cell = newCell(group: group, key: key)
            slots[slot] = cell
            used += 1
        }
        counts[Int(cell)] += 1
        sums.add(amount, at: Int(cell))
    }

    /// Takes a row of `group` in `period` out; a cell left with no row is freed.
    mutating func remove(_ group: UInt64, _ period: UInt32, currency: UInt16, amount: Int64) {
        let key = PeriodCells.key(period: period, currency: currency, amount: amount)
        let (slot, cell) = find(group, key)
        precondition(cell != 0 && counts[Int(cell)] > 0, "PeriodCells.remove of a row it does not hold")
        counts[Int(cell)] -= 1
        sums.subtract(amount, at: Int(cell))
        guard counts[Int(cell)] == 0 else { return }
        sums.set(0, at: Int(cell))
        freeCells.append(cell)
        used -= 1
        vacate(slot)
    }

    /// A row out of its old group and period and into its new ones; nothing when the group,
    /// the period, the currency and the amount are all the same.
    mutating func move(from oldGroup: UInt64, _ oldPeriod: UInt32, to group: UInt64, _ period: UInt32,
                       old: RowRecord, new: RowRecord) {
        guard oldGroup != group || oldPeriod != period || old.currency != new.currency || old.amount != new.amount else { return }
        remove(oldGroup, oldPeriod, currency: old.currency, amount: old.amount)
        add(group, period, currency: new.currency, amount: new.amount)
    }

    /// Calls `body` with every cell of the rows of `kind` (nil: every row), in no particular
    /// order: its group, period (month code), currency, rows and sum.
    func forEachEntry(of kind: TransactionKind?,
                      _ body: (_ group: UInt64, _ period: UInt32, _ currency: UInt16, _ count: Int, _ sum: Int128) -> Void) {
        for index in cells.indices.dropFirst() where counts[index] > 0 {
            let key = cells[index].key
            let cellKind = (key >> 16) & 0xFF
            if kind == nil || (kind == .expense && cellKind == 0) || (kind == .income && cellKind == 2) {
                body(cells[index].group, UInt32(key >> 24), UInt16(truncatingIfNeeded: key), Int(counts[index]), sums[index])
            }
        }
    }

    /// Every cell as (group, key, rows, sum), by group and then key: equal for two tables that
    /// hold the same rows, however they were added.
    var entries: [Entry] {
        var result: [Entry] = []
        for index in cells.indices.dropFirst() where counts[index] > 0 {
            result.append(Entry(group: cells[index].group, key: cells[index].key, count: Int(counts[index]), sum: sums[index]))
        }
        return result.sorted { ($0.group, $0.key) < ($1.group, $1.key) }
    }

    /// One cell of `entries`.
    struct Entry: Equatable {
        var group: UInt64
        var key: UInt64
        var count: Int
        var sum: Int128
    }

    /// Equal when they hold the same cells (free cells, slots and capacities aside).
    static func == (left: PeriodCells, right: PeriodCells) -> Bool { left.entries == right.entries }

    /// Traps unless every cell with rows is found from its own hash, the slots hold exactly
    /// those cells, and every other cell is free and empty.
    func checkInvariants() {
        var withRows = 0
        for index in cells.indices.dropFirst() where counts[index] > 0 {
            withRows += 1
            invariant(find(cells[index].group, cells[index].key).cell == UInt32(index), "period cell \(index) is not found from its hash")
        }
        invariant(withRows == used, "period cells: \(withRows) with rows, \(used) counted")
        invariant(slots.count { $0 != 0 } == used, "period cells: the slots hold \(slots.count { $0 != 0 }) cells, not \(used)")
        invariant(freeCells.allSatisfy { counts[Int($0)] == 0 }, "a free period cell has rows")
        invariant(used + freeCells.count + 1 == cells.count, "period cells lost cells: \(used) used, \(freeCells.count) free of \(cells.count - 1)")
    }

    /// Gives the arrays' spare room back (one copy each): the end of a bulk build, where
    /// doubling left up to half of each array empty.
    mutating func trim() {
        if cells.capacity > cells.count { cells = cells.withUnsafeBufferPointer { Array($0) } }
        if counts.capacity > counts.count { counts = counts.withUnsafeBufferPointer { Array($0) } }
        sums.shrinkToFit()
    }

    // MARK: The table

    /// The home slot of (group, key) in a table of `count` slots (a power of two).
    @inline(__always)
    private static func home(_ group: UInt64, _ key: UInt64, count: Int) -> Int {
        let mixed = (key ^ (group ^ group >> 29) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 32) & (count - 1)
    }

    /// The slot holding the cell of (group, key) and that cell, or the empty slot where it
    /// would go and 0.
    @inline(__always)
    private func find(_ group: UInt64, _ key: UInt64) -> (slot: Int, cell: UInt32) {
        let mask = slots.count - 1
        var slot = PeriodCells.home(group, key, count: slots.count)
        while true {
            let cell = slots[slot]
            if cell == 0 || (cells[Int(cell)].key == key && cells[Int(cell)].group == group) { return (slot, cell) }
            slot = (slot + 1) & mask
        }
    }

    /// Empties a slot and moves later cells of its run back into the gap (backward-shift
    /// deletion: no tombstones, so lookups never lengthen).
    private mutating func vacate(_ slot: Int) {
        let mask = slots.count - 1
        var hole = slot
        var probe = (slot + 1) & mask
        while slots[probe] != 0 {
            let cell = cells[Int(slots[probe])]
            let home = PeriodCells.home(cell.group, cell.key, count: slots.count)
            // The cell may move into the hole when the hole lies between its home and here.
            if (probe - home) & mask >= (probe - hole) & mask {
                slots[hole] = slots[probe]
                hole = probe
            }
            probe = (probe + 1) & mask
        }
        slots[hole] = 0
    }

    /// Doubles the table and places every cell with rows again.
    private mutating func grow() {
        let count = slots.count * 2
        var grown = [UInt32](repeating: 0, count: count)
        for index in cells.indices.dropFirst() where counts[index] > 0 {
            var slot = PeriodCells.home(cells[index].group, cells[index].key, count: count)
            while grown[slot] != 0 { slot = (slot + 1) & (count - 1) }
            grown[slot] = UInt32(index)
        }
        slots = grown
    }

    /// A free or new cell for (group, key) with no row yet.
    private mutating func newCell(group: UInt64, key: UInt64) -> UInt32 {
        if let reused = freeCells.popLast() {
            cells[Int(reused)] = Cell(key: key, group: group)
            return reused
        }
        cells.append(Cell(key: key, group: group))
        counts.append(0)
        sums.append(zeros: 1)
        return UInt32(cells.count - 1)
    }
}
