/// The rows of each class a filter names without text, as bitsets over row numbers: live,
/// pending, expense (amount below zero) and income (above zero). `RowTable` keeps them on
/// every write and free, so a status or kind filter reads a bitset (a word per 64 rows)
/// instead of testing every row, and "posted" or "not an expense" is a word operation
/// against the live rows. One bit a row per class: half a byte a row in all.
///
/// Accessed only under the store's lock, so its properties skip the dynamic exclusivity check
/// (see `StoreContents`).
final class RowClasses: @unchecked Sendable {
    /// A class of rows.
    enum Kind: Int, CaseIterable {
        case live, pending, expense, income
    }

    // One buffer a class, in stored properties (not an array of them: a write would then
    // retain and release the array on every row).
    private let live = ColumnBuffer<UInt64>(filler: 0)
    private let pending = ColumnBuffer<UInt64>(filler: 0)
    private let expense = ColumnBuffer<UInt64>(filler: 0)
    private let income = ColumnBuffer<UInt64>(filler: 0)
    @exclusivity(unchecked) private var liveCount = 0
    @exclusivity(unchecked) private var pendingCount = 0
    @exclusivity(unchecked) private var expenseCount = 0
    @exclusivity(unchecked) private var incomeCount = 0

    @inline(__always)
    private func buffer(_ kind: Kind) -> ColumnBuffer<UInt64> {
        switch kind {
        case .live: live
        case .pending: pending
        case .expense: expense
        case .income: income
        }
    }

    /// Rows in a class.
    @inline(__always)
    func count(_ kind: Kind) -> Int {
        switch kind {
        case .live: liveCount
        case .pending: pendingCount
        case .expense: expenseCount
        case .income: incomeCount
        }
    }

    /// The words of a class's bitset: bit `row & 63` of word `row >> 6`, for rows below the
    /// table's row limit (valid until the next write).
    @inline(__always)
    func words(_ kind: Kind) -> UnsafeMutablePointer<UInt64> { buffer(kind).base }

    /// Makes room for rows `0..<rows`.
    func reserve(_ rows: Int) {
        for column in [live, pending, expense, income] { column.reserve((rows + 63) / 64) }
    }

    /// Puts a live row in the classes its flags and amount give, out of the others.
    @inline(__always)
    func place(_ row: UInt32, flags: RowFlags, amount: Int64) {
        Self.set(live, row, true, &liveCount)
        Self.set(pending, row, flags.contains(.pending), &pendingCount)
        Self.set(expense, row, amount < 0, &expenseCount)
        Self.set(income, row, amount > 0, &incomeCount)
    }

    /// Takes a row out of every class (it was deleted).
    func clear(_ row: UInt32) {
        Self.set(live, row, false, &liveCount)
        Self.set(pending, row, false, &pendingCount)
        Self.set(expense, row, false, &expenseCount)
        Self.set(income, row, false, &incomeCount)
    }

    @inline(__always)
    private static func set(_ bits: ColumnBuffer<UInt64>, _ row: UInt32, _ member: Bool, _ count: inout Int) {
        assert(Int(row >> 6) < bits.capacity, "row \(row) past the class bitsets' capacity")
        let word = bits.base + Int(row >> 6)
        let bit: UInt64 = 1 << UInt64(row & 63)
        let was = word.pointee & bit != 0
        guard was != member else { return }
        word.pointee ^= bit
        count += member ? 1 : -1
    }

    /// Whether a row is in a class.
    @inline(__always)
    func contains(_ kind: Kind, _ row: UInt32) -> Bool {
        let bits = buffer(kind)
        assert(Int(row >> 6) < bits.capacity, "row \(row) past the class bitsets' capacity")
        return bits.base[Int(row >> 6)] & (1 << UInt64(row & 63)) != 0
    }

    var memoryUse: Int { live.memoryUse + pending.memoryUse + expense.memoryUse + income.memoryUse }
}
