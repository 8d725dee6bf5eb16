/// The column of each row's amount in minor units, in four bytes a row.
///
/// Nearly every amount a person pays or is paid fits 32 bits: up to 21 million in a currency
/// of two decimals, two billion in one of none. Eight bytes a row were 8 of the 161 bytes a
/// row of the whole store on the bench's long tail. An amount that does not fit (`escape`,
/// `Int32.min`, included) is kept exact in `overflow` by row, and its row holds `escape`; such
/// a row pays a map entry, every other row four bytes. Readers get the full `Int64` either
/// way, through the subscript or a `Reader`.
///
/// Read and written only under the store's lock, like the other columns.
final class AmountColumn: @unchecked Sendable {
    /// The amount of each row, or `escape` for one kept in `overflow`.
    let narrow = ColumnBuffer<Int32>(filler: 0)
    /// The amounts that do not fit 32 bits (or equal `escape`), by row.
    @exclusivity(unchecked) private var overflow: [UInt32: Int64] = [:]

    /// The value a row holds whose amount is in `overflow`.
    static let escape = Int32.min

    init() {}

    /// The amount of a row.
    @inline(__always)
    subscript(row: UInt32) -> Int64 {
        get {
            let amount = narrow[row]
            guard _slowPath(amount == AmountColumn.escape) else { return Int64(amount) }
            return wide(of: row)
        }
        set {
            if _fastPath(newValue > Int64(AmountColumn.escape) && newValue <= Int64(Int32.max)) {
                if _slowPath(narrow[row] == AmountColumn.escape) { overflow[row] = nil }
                narrow[row] = Int32(truncatingIfNeeded: newValue)
            } else {
                narrow[row] = AmountColumn.escape
                overflow[row] = newValue
            }
        }
    }

    /// The amount of a row that holds `escape`.
    @inline(never)
    func wide(of row: UInt32) -> Int64 {
        guard let amount = overflow[row] else { preconditionFailure("AmountColumn: row \(row) escaped with no amount") }
        return amount
    }

    /// Makes room for rows `0..<count` (`ColumnBuffer.reserve`).
    func reserve(_ count: Int) { narrow.reserve(count) }

    /// Rows whose amount is kept in the overflow map.
    var overflowCount: Int { overflow.count }

    /// Bytes held: four a row of capacity, and the overflow map (a key, a value and about a
    /// byte of metadata per bucket).
    var memoryUse: Int { narrow.memoryUse + overflow.capacity * (MemoryLayout<UInt32>.stride + MemoryLayout<Int64>.stride + 1) }

    /// The column as a raw pointer plus the overflow, for loops over many rows
    /// (`RowView.amount`): valid while the lock is held and the column does not grow.
    var reader: Reader { Reader(narrow: narrow.base, column: self) }

    /// Reads amounts by row index with no retain, release or bounds check per row.
    struct Reader {
        let narrow: UnsafeMutablePointer<Int32>
        unowned(unsafe) let column: AmountColumn

        /// The amount of row `index`.
        @inline(__always)
        subscript(index: Int) -> Int64 {
            let amount = narrow[index]
            guard _slowPath(amount == AmountColumn.escape) else { return Int64(amount) }
            return column.wide(of: UInt32(truncatingIfNeeded: index))
        }
    }
}

/// The amounts of some rows in order, read in place from the amount column: every row
/// `0..<count` (`rows` nil), or `rows[i]` for index `i`. A bulk build fills its bucket tables
/// from it with no copy of the amounts (an import's peak memory is judged beside the store).
struct RowAmounts: BulkAmounts {
    let reader: AmountColumn.Reader
    let rows: UnsafeBufferPointer<UInt32>?
    let count: Int

    @inline(__always)
    subscript(index: Int) -> Int64 {
        guard let rows else { return reader[index] }
        return reader[Int(rows[index])]
    }
}
