/// The column of who set each row's fields: a `SourcesPool` code per row, in one byte.
///
/// Nearly every row holds code 0 (every field the input's) or 1 (a payee the cleaner made);
/// a store has as many other codes as distinct combinations of rules and hands, which are
/// few. Four bytes a row were 4 of the 125 bytes a row of the whole store on the bench's
/// data, two were 2 of 153 on its long tail. A code too large for one byte (`escape` or
/// more: past the first 255 distinct combinations in use) is kept in `overflow` by row,
/// and its row holds `escape`; such a row pays a map entry, every other row one byte.
///
/// Read and written only under the store's lock, like the other columns.
final class SourcesColumn: @unchecked Sendable {
    /// The code of each row, or `escape` for a code kept in `overflow`.
    private let codes = ColumnBuffer<UInt8>(filler: 0)
    /// The codes of `escape` or more, by row.
    @exclusivity(unchecked) private var overflow = IntMap()

    /// The value a row holds whose code is in `overflow`.
    static let escape = UInt8.max

    init() {}

    /// The code of a row.
    @inline(__always)
    subscript(row: UInt32) -> UInt32 {
        get {
            let code = codes[row]
            guard _slowPath(code == SourcesColumn.escape) else { return UInt32(code) }
            guard let large = overflow[UInt64(row)] else { preconditionFailure("SourcesColumn: row \(row) escaped with no code") }
            return large
        }
        set {
            if _fastPath(newValue < UInt32(SourcesColumn.escape)) {
                if _slowPath(codes[row] == SourcesColumn.escape) { overflow.remove(UInt64(row)) }
                codes[row] = UInt8(newValue)
            } else {
                codes[row] = SourcesColumn.escape
                overflow.set(UInt64(row), newValue)
            }
        }
    }

    /// Makes room for rows `0..<count` (`ColumnBuffer.reserve`).
    func reserve(_ count: Int) { codes.reserve(count) }

    /// Rows whose code is kept in the overflow map.
    var overflowCount: Int { overflow.count }

    /// Bytes held: one a row of capacity, and the overflow map.
    var memoryUse: Int { codes.memoryUse + overflow.memoryUse }
}
