/// The store's date order: by instant ascending, then id ascending. Date-descending results
/// walk it backward one run of equal instants at a time, so ties stay id-ascending.
struct DateOrder: RowOrder {
    let rows: RowView
    let ids: KeyIndex<UInt8>

    init(_ contents: StoreContents) {
        rows = RowView(contents)
        ids = contents.table.ids
    }

    /// The order over a view taken already (a bulk build's parts share one).
    init(rows: RowView, ids: KeyIndex<UInt8>) {
        self.rows = rows
        self.ids = ids
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = rows.instant(Int(a)), right = rows.instant(Int(b))
        if left != right { return left < right }
        return ids.compare(a, b) < 0
    }

    /// The instant, its sign bit flipped so that signed order is unsigned order.
    @inline(__always)
    func key(_ row: UInt32) -> UInt64 { UInt64(bitPattern: rows.instant(Int(row))) ^ (1 << 63) }
}

/// The store's amount order: by magnitude as a plain number (see `CurrencyTable.scaleBuffer`)
/// ascending, then newer first, then id ascending (the tie-breaks of docs/SPEC.md section 3).
/// Amount-descending results walk it backward one run of equal magnitudes at a time.
struct AmountOrder: RowOrder {
    let rows: RowView
    let ids: KeyIndex<UInt8>

    init(_ contents: StoreContents) {
        rows = RowView(contents)
        ids = contents.table.ids
    }

    /// The order over a view taken already (a bulk build's parts share one).
    init(rows: RowView, ids: KeyIndex<UInt8>) {
        self.rows = rows
        self.ids = ids
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = rows.magnitude(Int(a)), right = rows.magnitude(Int(b))
        if left != right { return left < right }
        let leftInstant = rows.instant(Int(a)), rightInstant = rows.instant(Int(b))
        if leftInstant != rightInstant { return leftInstant > rightInstant }
        return ids.compare(a, b) < 0
    }

    /// The magnitude.
    @inline(__always)
    func key(_ row: UInt32) -> UInt64 { rows.magnitude(Int(row)) }
}
