/// The column of each row's currency: its index in the store's `CurrencyTable`, in one byte.
///
/// A person's transactions come in a handful of currencies; a store that has seen more than
/// 255 (indexes are given out first come and never reused, `CurrencyTable`) is not expected.
/// Two bytes a row were 2 of the 151 bytes a row of the bench's long tail, after the other
/// narrowings of 0.6.10. An index that does not fit (`escape` or more) is
/// kept in `overflow` by row, and its row holds `escape`; such a row pays a map entry, every
/// other row one byte. Readers get the full `UInt16` either way, through the subscript or a
/// `Reader`.
///
/// Read and written only under the store's lock, like the other columns.
final class CurrencyColumn: @unchecked Sendable {
    /// The index of each row, or `escape` for one kept in `overflow`.
    private let narrow = ColumnBuffer<UInt8>(filler: 0)
    /// The indexes of `escape` or more, by row.
    @exclusivity(unchecked) private var overflow = IntMap()

    /// The value a row holds whose index is in `overflow`.
    static let escape = UInt8.max

    init() {}

    /// The currency index of a row.
    @inline(__always)
    subscript(row: UInt32) -> UInt16 {
        get {
            let index = narrow[row]
            guard _slowPath(index == CurrencyColumn.escape) else { return UInt16(index) }
            return wide(of: row)
        }
        set {
            if _fastPath(newValue < UInt16(CurrencyColumn.escape)) {
                if _slowPath(narrow[row] == CurrencyColumn.escape) { overflow.remove(UInt64(row)) }
                narrow[row] = UInt8(truncatingIfNeeded: newValue)
            } else {
                narrow[row] = CurrencyColumn.escape
                overflow.set(UInt64(row), UInt32(newValue))
            }
        }
    }

    /// The index of a row that holds `escape`.
    @inline(never)
    func wide(of row: UInt32) -> UInt16 {
        guard let index = overflow[UInt64(row)] else { preconditionFailure("CurrencyColumn: row \(row) escaped with no currency") }
        return UInt16(truncatingIfNeeded: index)
    }

    /// Makes room for rows `0..<count` (`ColumnBuffer.reserve`).
    func reserve(_ count: Int) { narrow.reserve(count) }

    /// Rows whose index is kept in the overflow map.
    var overflowCount: Int { overflow.count }

    /// Bytes held: one a row of capacity, and the overflow map.
    var memoryUse: Int { narrow.memoryUse + overflow.memoryUse }

    /// The column as a raw pointer plus the overflow, for loops over many rows
    /// (`RowView.currency`): valid while the lock is held and the column does not grow.
    var reader: Reader { Reader(narrow: narrow.base, column: self) }

    /// Reads currency indexes by row index with no retain, release or bounds check per row.
    struct Reader {
        let narrow: UnsafeMutablePointer<UInt8>
        unowned(unsafe) let column: CurrencyColumn

        /// The currency index of row `index`.
        @inline(__always)
        subscript(index: Int) -> UInt16 {
            let value = narrow[index]
            guard _slowPath(value == CurrencyColumn.escape) else { return UInt16(value) }
            return column.wide(of: UInt32(truncatingIfNeeded: index))
        }
    }
}

/// The currency indexes of some rows in order, read in place from the currency column: every
/// row `0..<count` (`rows` nil), or `rows[i]` for index `i` (as `RowAmounts`).
struct RowCurrencies: BulkCurrencies {
    let reader: CurrencyColumn.Reader
    let rows: UnsafeBufferPointer<UInt32>?
    let count: Int

    @inline(__always)
    subscript(index: Int) -> UInt16 {
        guard let rows else { return reader[index] }
        return reader[Int(rows[index])]
    }
}
