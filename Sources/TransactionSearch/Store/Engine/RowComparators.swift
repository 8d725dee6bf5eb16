/// An order of the store's rows by their columns with the id as the last tie-break, made over
/// a view of the rows (memberwise: a bulk build's parts share one view).
protocol StoreRowOrder: RowOrder {
    init(rows: RowView, ids: KeyIndex<UInt8>)
}

extension StoreRowOrder {
    /// The order over the store's rows as they are now.
    init(_ contents: StoreContents) {
        self.init(rows: RowView(contents), ids: contents.table.ids)
    }
}

/// The store's date order: by instant ascending, then id ascending. Date-descending results
/// walk it backward one run of equal instants at a time, so ties stay id-ascending.
struct DateRowOrder: StoreRowOrder {
    let rows: RowView
    let ids: KeyIndex<UInt8>

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool { DateRowOrder.precedes(a, b, rows: rows, ids: ids) }

    /// `precedes` over a view and ids passed in (`ChangeOrder` shares it; no struct made, so
    /// no retain of `ids`, per comparison).
    @inline(__always)
    static func precedes(_ a: UInt32, _ b: UInt32, rows: RowView, ids: KeyIndex<UInt8>) -> Bool {
        let left = rows.instant(Int(a)), right = rows.instant(Int(b))
        if left != right { return left < right }
        return ids.compare(a, b) < 0
    }

    /// The instant, its sign bit flipped so that signed order is unsigned order.
    @inline(__always)
    func key(_ row: UInt32) -> UInt64 { DateRowOrder.key(row, rows: rows) }

    /// `key` over a view passed in (`ChangeOrder` shares it).
    @inline(__always)
    static func key(_ row: UInt32, rows: RowView) -> UInt64 { UInt64(bitPattern: rows.instant(Int(row))) ^ (1 << 63) }
}

/// The store's amount order: by magnitude as a plain number (see `CurrencyTable.scaleBuffer`)
/// ascending, then newer first, then id ascending (the tie-breaks of docs/SPEC.md section 3).
/// Amount-descending results walk it backward one run of equal magnitudes at a time.
struct AmountRowOrder: StoreRowOrder {
    let rows: RowView
    let ids: KeyIndex<UInt8>

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool { AmountRowOrder.precedes(a, b, rows: rows, ids: ids) }

    /// `precedes` over a view and ids passed in, as `DateRowOrder.precedes(_:_:rows:ids:)`.
    @inline(__always)
    static func precedes(_ a: UInt32, _ b: UInt32, rows: RowView, ids: KeyIndex<UInt8>) -> Bool {
        let left = rows.magnitude(Int(a)), right = rows.magnitude(Int(b))
        if left != right { return left < right }
        let leftInstant = rows.instant(Int(a)), rightInstant = rows.instant(Int(b))
        if leftInstant != rightInstant { return leftInstant > rightInstant }
        return ids.compare(a, b) < 0
    }

    /// The magnitude.
    @inline(__always)
    func key(_ row: UInt32) -> UInt64 { AmountRowOrder.key(row, rows: rows) }

    /// `key` over a view passed in (`ChangeOrder` shares it).
    @inline(__always)
    static func key(_ row: UInt32, rows: RowView) -> UInt64 { rows.magnitude(Int(row)) }
}

/// The date order or the amount order as one type, for a single change's insert and removal:
/// the paired search over both lists (an add, a delete, a new date or id) and the one-list
/// search (an update that moves only the amount) are each one specialization serving both
/// orders, so a change right after a burst of queries fetches that code from memory once, not
/// a copy per order (about twenty instruction-cache lines a change). Bulk builds, sorts and
/// pages keep `DateRowOrder` and `AmountRowOrder`, where a test of which order in every comparison
/// would cost.
struct ChangeOrder: RowOrder {
    let rows: RowView
    let ids: KeyIndex<UInt8>
    let byAmount: Bool

    init(_ contents: StoreContents, byAmount: Bool) {
        self.init(rows: RowView(contents), ids: contents.table.ids, byAmount: byAmount)
    }

    private init(rows: RowView, ids: KeyIndex<UInt8>, byAmount: Bool) {
        self.rows = rows
        self.ids = ids
        self.byAmount = byAmount
    }

    /// The date order and the amount order over one view of the columns (a change that moves
    /// a row in both takes the view once).
    static func both(_ contents: StoreContents) -> (byDate: ChangeOrder, byAmount: ChangeOrder) {
        let rows = RowView(contents), ids = contents.table.ids
        return (ChangeOrder(rows: rows, ids: ids, byAmount: false), ChangeOrder(rows: rows, ids: ids, byAmount: true))
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        byAmount ? AmountRowOrder.precedes(a, b, rows: rows, ids: ids) : DateRowOrder.precedes(a, b, rows: rows, ids: ids)
    }

    /// `DateRowOrder.key` or `AmountRowOrder.key`.
    @inline(__always)
    func key(_ row: UInt32) -> UInt64 {
        byAmount ? AmountRowOrder.key(row, rows: rows) : DateRowOrder.key(row, rows: rows)
    }
}
