/// A column of values a row holds in fewer bytes than their type: nearly every value fits
/// `Narrow`, and one that does not (or equals `escape`) is kept exact in `overflow` by row
/// while its row holds `escape`. Such a row pays a map entry, every other row
/// `Narrow`'s bytes. Readers get the full `Value` either way, through the subscript or a
/// `Reader`.
///
/// The store's three (0.6.10; the columns were 37.5 B/row, now 26.5 with the others' cuts):
/// - `AmountColumn`: minor units in 4 bytes, not 8. Nearly every amount fits 32 bits: up to
///   21 million in a currency of two decimals, two billion in one of none.
/// - `CurrencyColumn`: a `CurrencyTable` index in 1 byte, not 2. A store seeing more than
///   255 currencies (indexes are given out first come and never reused) is not expected.
/// - `SourcesColumn`: a `SourcesPool` code in 1 byte (4 before 0.6.7, 2 before 0.6.10).
///   Nearly every row holds 0 (every field the input's) or 1 (a payee the cleaner made); a
///   store has as many other codes as combinations of rules and hands, which are few.
///
/// Read and written only under the store's lock, like the other columns.
final class NarrowColumn<Narrow: FixedWidthInteger & BitwiseCopyable, Value: FixedWidthInteger>: @unchecked Sendable {
    /// The value of each row, or `escape` for one kept in `overflow`.
    private let narrow = ColumnBuffer<Narrow>(filler: 0)
    /// The values that do not fit `Narrow` (or equal `escape`), by row.
    @exclusivity(unchecked) private var overflow: [UInt32: Value] = [:]

    /// The value a row holds whose value is in `overflow`: `Narrow`'s lowest when signed
    /// (`Int32.min`), else its highest (`UInt8.max`).
    static var escape: Narrow { Narrow.isSigned ? Narrow.min : Narrow.max }

    init() {}

    /// The value of a row.
    @inline(__always)
    subscript(row: UInt32) -> Value {
        get {
            let value = narrow[row]
            guard _slowPath(value == Self.escape) else { return Value(truncatingIfNeeded: value) }
            return wide(of: row)
        }
        set {
            if _fastPath(newValue != Value(truncatingIfNeeded: Self.escape)), let value = Narrow(exactly: newValue) {
                if _slowPath(narrow[row] == Self.escape) { overflow[row] = nil }
                narrow[row] = value
            } else {
                narrow[row] = Self.escape
                overflow[row] = newValue
            }
        }
    }

    /// The value of a row that holds `escape`.
    @inline(never)
    func wide(of row: UInt32) -> Value {
        guard let value = overflow[row] else { preconditionFailure("NarrowColumn: row \(row) escaped with no value") }
        return value
    }

    /// Makes room for rows `0..<count` (`ColumnBuffer.reserve`).
    func reserve(_ count: Int) { narrow.reserve(count) }

    /// Rows whose value is kept in the overflow map.
    var overflowCount: Int { overflow.count }

    /// Bytes held: the narrow values at capacity, and the overflow map (a key, a value and
    /// about a byte of metadata per bucket).
    var memoryUse: Int {
        narrow.memoryUse + overflow.capacity * (MemoryLayout<UInt32>.stride + MemoryLayout<Value>.stride + 1)
    }

    /// The column as a raw pointer plus the overflow, for loops over many rows (`RowView`):
    /// valid while the lock is held and the column does not grow.
    var reader: Reader { Reader(narrow: narrow.base, column: self) }

    /// Reads values by row index with no retain, release or bounds check per row.
    struct Reader {
        let narrow: UnsafeMutablePointer<Narrow>
        unowned(unsafe) let column: NarrowColumn

        /// The value of row `index`.
        @inline(__always)
        subscript(index: Int) -> Value {
            let value = narrow[index]
            guard _slowPath(value == NarrowColumn.escape) else { return Value(truncatingIfNeeded: value) }
            return column.wide(of: UInt32(truncatingIfNeeded: index))
        }
    }

    /// The values of some rows in order, read in place: every row `0..<count` (`rows` nil),
    /// or `rows[i]` for index `i`. A bulk build fills its bucket tables from the amount and
    /// currency columns so, with no copy of either (an import's peak memory is judged beside
    /// the store).
    struct Rows {
        let reader: Reader
        let rows: UnsafeBufferPointer<UInt32>?
        let count: Int

        @inline(__always)
        subscript(index: Int) -> Value {
            guard let rows else { return reader[index] }
            return reader[Int(rows[index])]
        }
    }
}

/// Amounts in minor units, 4 bytes a row.
typealias AmountColumn = NarrowColumn<Int32, Int64>
/// Currency indexes, 1 byte a row.
typealias CurrencyColumn = NarrowColumn<UInt8, UInt16>
/// `SourcesPool` codes, 1 byte a row.
typealias SourcesColumn = NarrowColumn<UInt8, UInt32>

extension NarrowColumn.Rows: BulkAmounts where Value == Int64 {}
extension NarrowColumn.Rows: BulkCurrencies where Value == UInt16 {}
