/// The store's date order: by instant ascending, then id ascending. Date-descending results
/// walk it backward one run of equal instants at a time, so ties stay id-ascending.
struct DateOrder: RowOrder {
    let instants: UnsafeMutablePointer<Int64>
    let ids: IDIndex

    init(columns: ColumnStore, ids: IDIndex) {
        instants = columns.instant.base
        self.ids = ids
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = instants[Int(a)], right = instants[Int(b)]
        if left != right { return left < right }
        return ids.compare(a, b) < 0
    }
}

/// The store's amount order: by magnitude ascending, then newer first, then id ascending (the
/// tie-breaks of SPEC section 3). Amount-descending results walk it backward one run of equal
/// magnitudes at a time.
struct AmountOrder: RowOrder {
    let amounts: UnsafeMutablePointer<Int64>
    let instants: UnsafeMutablePointer<Int64>
    let ids: IDIndex

    init(columns: ColumnStore, ids: IDIndex) {
        amounts = columns.amount.base
        instants = columns.instant.base
        self.ids = ids
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = amounts[Int(a)].magnitude, right = amounts[Int(b)].magnitude
        if left != right { return left < right }
        let leftInstant = instants[Int(a)], rightInstant = instants[Int(b)]
        if leftInstant != rightInstant { return leftInstant > rightInstant }
        return ids.compare(a, b) < 0
    }
}
