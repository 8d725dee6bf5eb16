/// The store's date order: by instant ascending, then id ascending. Date-descending results
/// walk it backward one run of equal instants at a time, so ties stay id-ascending.
struct DateOrder: RowOrder {
    let instants: UnsafeMutablePointer<Int64>
    let ids: IDIndex

    init(table: RowTable) {
        instants = table.instant.base
        ids = table.ids
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = instants[Int(a)], right = instants[Int(b)]
        if left != right { return left < right }
        return ids.compare(a, b) < 0
    }
}

/// The store's amount order: by magnitude as a plain number (see `CurrencyTable.scales`)
/// ascending, then newer first, then id ascending (the tie-breaks of SPEC section 3).
/// Amount-descending results walk it backward one run of equal magnitudes at a time.
struct AmountOrder: RowOrder {
    let magnitudes: MagnitudeReader
    let instants: UnsafeMutablePointer<Int64>
    let ids: IDIndex

    init(table: RowTable, scales: [UInt64]) {
        magnitudes = MagnitudeReader(table: table, scales: scales)
        instants = table.instant.base
        ids = table.ids
    }

    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = magnitudes[a], right = magnitudes[b]
        if left != right { return left < right }
        let leftInstant = instants[Int(a)], rightInstant = instants[Int(b)]
        if leftInstant != rightInstant { return leftInstant > rightInstant }
        return ids.compare(a, b) < 0
    }
}

/// Reads a row's amount magnitude scaled to 10^-4 units, comparable across currencies.
/// Amounts under 10^15 minor units scale to under 10^19, which fits a UInt64.
struct MagnitudeReader {
    let amounts: UnsafeMutablePointer<Int64>
    let currencies: UnsafeMutablePointer<UInt16>
    let scales: [UInt64]

    init(table: RowTable, scales: [UInt64]) {
        amounts = table.amount.base
        currencies = table.currency.base
        self.scales = scales
    }

    @inline(__always)
    subscript(row: UInt32) -> UInt64 {
        amounts[Int(row)].magnitude &* scales[Int(currencies[Int(row)])]
    }
}
