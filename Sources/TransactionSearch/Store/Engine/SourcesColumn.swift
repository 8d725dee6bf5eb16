/// The column of who set each row's fields: a `SourcesPool` code per row, in two bytes.
///
/// Nearly every row holds code 0 (every field the input's) or 1 (a payee the cleaner made);
/// a store has as many other codes as distinct combinations of rules and hands, which are
/// few. Four bytes a row were 4 of the 125 bytes a row of the whole store on the bench's
/// data. A code too large for two bytes (`escape` or more: 65,535 distinct combinations in
/// use at once, which no store is expected to reach) is kept in `overflow` by row, and its
/// row holds `escape`; such a row pays a map entry, every other row two bytes.
///
/// Read and written only under the store's lock, like the other columns.
final class SourcesColumn: @unchecked Sendable {
    /// The code of each row, or `escape` for a code kept in `overflow`.
    private let codes = ColumnBuffer<UInt16>(filler: 0)
    /// The codes of `escape` or more, by row.
    @exclusivity(unchecked) private var overflow = IntMap()

    /// The value a row holds whose code is in `overflow`.
    static let escape = UInt16.max

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
                codes[row] = UInt16(newValue)
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

    /// Bytes held: two a row of capacity, and the overflow map.
    var memoryUse: Int { codes.memoryUse + overflow.memoryUse }
}
