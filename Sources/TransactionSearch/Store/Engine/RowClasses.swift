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

    private let bits: [ColumnBuffer<UInt64>] = RowClasses.Kind.allCases.map { _ in ColumnBuffer<UInt64>(filler: 0) }
    @exclusivity(unchecked) private var counts = [Int](repeating: 0, count: RowClasses.Kind.allCases.count)

    /// Rows in a class.
    @inline(__always)
    func count(_ kind: Kind) -> Int { counts[kind.rawValue] }

    /// The words of a class's bitset: bit `row & 63` of word `row >> 6`, for rows below the
    /// table's row limit (valid until the next write).
    @inline(__always)
    func words(_ kind: Kind) -> UnsafeMutablePointer<UInt64> { bits[kind.rawValue].base }

    /// Makes room for rows `0..<rows`.
    func reserve(_ rows: Int) {
        for column in bits { column.reserve((rows + 63) / 64) }
    }

    /// Puts a live row in the classes its flags and amount give, out of the others.
    @inline(__always)
    func place(_ row: UInt32, flags: RowFlags, amount: Int64) {
        set(.live, row, true)
        set(.pending, row, flags.contains(.pending))
        set(.expense, row, amount < 0)
        set(.income, row, amount > 0)
    }

    /// Takes a row out of every class (it was deleted).
    func clear(_ row: UInt32) {
        for kind in Kind.allCases { set(kind, row, false) }
    }

    @inline(__always)
    private func set(_ kind: Kind, _ row: UInt32, _ member: Bool) {
        assert(Int(row >> 6) < bits[kind.rawValue].capacity, "row \(row) past the class bitsets' capacity")
        let word = bits[kind.rawValue].base + Int(row >> 6)
        let bit: UInt64 = 1 << UInt64(row & 63)
        let was = word.pointee & bit != 0
        guard was != member else { return }
        word.pointee ^= bit
        counts[kind.rawValue] += member ? 1 : -1
    }

    /// Whether a row is in a class.
    @inline(__always)
    func contains(_ kind: Kind, _ row: UInt32) -> Bool {
        assert(Int(row >> 6) < bits[kind.rawValue].capacity, "row \(row) past the class bitsets' capacity")
        return bits[kind.rawValue].base[Int(row >> 6)] & (1 << UInt64(row & 63)) != 0
    }

    var memoryUse: Int { bits.reduce(0) { $0 + $1.memoryUse } }
}
