/// The column a facet reads its value code from, row by row: a code column, through a
/// translation table when given (a descriptor's category or merchant, a day's month), or the
/// pending flag (1 pending, 0 posted).
struct FacetColumn {
    let codes: UnsafeMutablePointer<UInt32>
    let translation: UnsafeMutablePointer<UInt32>?
    let flags: FlagsReader
    let isStatus: Bool
    /// Each row's currency index and amount.
    let currencies: CurrencyColumn.Reader
    let amounts: AmountColumn.Reader

    init(_ field: FacetField, view: RowView) {
        flags = view.flags
        currencies = view.currency
        amounts = view.amount
        isStatus = field == .status
        switch field {
        case .category: (codes, translation) = (view.descriptor, view.categoryOfDescriptor)
        case .merchant: (codes, translation) = (view.descriptor, view.merchantOfDescriptor)
        case .card: (codes, translation) = (view.cardAccount, view.cardOfPair)
        case .account: (codes, translation) = (view.cardAccount, view.accountOfPair)
        case .payee: (codes, translation) = (view.descriptor, view.payeeOfDescriptor)
        case .month: (codes, translation) = (view.dayCode, view.monthOfDay)
        case .status: (codes, translation) = (view.cardAccount, nil)
        }
    }

    @inline(__always)
    func code(_ row: Int) -> Int {
        if isStatus { return flags[row] & RowFlags.pending.rawValue != 0 ? 1 : 0 }
        let code = codes[row]
        if let translation { return Int(translation[Int(code)]) }
        return Int(code)
    }
}

/// What a facet is counted from, in two steps: first the rows of every value (to order them
/// and pick those shown), then the count and sums per currency of only the values shown, the
/// "none" value and the rest together (`other`).
///
/// A field with few values (cards, categories, accounts, months, status: value codes times
/// currencies up to `denseSlots`) is counted per value and currency at once, all such facets
/// of a query in one pass over the rows (`counting(_:columns:)`). A field with thousands of
/// values (merchants) counts rows per value first, then sums only the values shown, so it
/// never lays out a count and a sum per merchant and currency.
struct FacetTally {
    /// Rows per value code; codes past the end have none.
    private(set) var rowCounts: [Int32]
    /// The codes with rows, in no order.
    private(set) var valueCodes: [UInt32] = []
    private let detail: Detail

    private enum Detail {
        /// Counts and sums per value and currency (`code * stride + currency`), with totals.
        case dense(counts: [Int32], sums: [Int128], stride: Int, totalCounts: [Int32], totalSums: [Int128])
        /// The matching rows themselves.
        case rows([UInt32])
        /// A bucket table per value and currency, with its totals, minus the rows `removed`.
        case table(counts: [Int32], sums: ExactSums, stride: Int, totalCounts: [Int32], totalSums: [Int128], removed: [UInt32])
    }

    /// Value codes times currencies up to which a facet is counted per value and currency
    /// (a few KiB of counters).
    static let denseSlots = 4096

    /// Whether a field of `codeLimit` codes is counted per value and currency at once.
    static func isDense(codeLimit: Int, stride: Int) -> Bool { max(codeLimit, 2) * max(stride, 1) <= denseSlots }

    /// Dense tallies of several fields over the same rows, in one pass: each row's currency
    /// and amount read once.
    static func counting(_ rows: UnsafeBufferPointer<UInt32>, columns: [FacetColumn], codeLimits: [Int], stride: Int) -> [FacetTally] {
        guard let first = columns.first else { return [] }
        let stride = max(stride, 1)
        let sizes = codeLimits.map { max($0, 2) * stride }
        // Raw counters for the pass, one block per facet, turned into arrays after it.
        let countPointers = sizes.map { size -> UnsafeMutablePointer<Int32> in
            let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: size)
            pointer.initialize(repeating: 0, count: size)
            return pointer
        }
        let sumPointers = sizes.map { size -> UnsafeMutablePointer<Int128> in
            let pointer = UnsafeMutablePointer<Int128>.allocate(capacity: size)
            pointer.initialize(repeating: 0, count: size)
            return pointer
        }
        defer {
            for pointer in countPointers { pointer.deallocate() }
            for pointer in sumPointers { pointer.deallocate() }
        }
        let currencies = first.currencies, amounts = first.amounts
        columns.withUnsafeBufferPointer { columns in
            countPointers.withUnsafeBufferPointer { countPointers in
                sumPointers.withUnsafeBufferPointer { sumPointers in
                    for row in rows {
                        let index = Int(row)
                        let currency = Int(currencies[index])
                        let amount = Int128(amounts[index])
                        for facet in columns.indices {
                            let slot = columns[facet].code(index) &* stride &+ currency
                            countPointers[facet][slot] &+= 1
                            sumPointers[facet][slot] &+= amount
                        }
                    }
                }
            }
        }
        return columns.indices.map { facet in
            FacetTally(counts: Array(UnsafeBufferPointer(start: countPointers[facet], count: sizes[facet])),
                       sums: Array(UnsafeBufferPointer(start: sumPointers[facet], count: sizes[facet])), stride: stride)
        }
    }

    /// A dense tally from counts and sums per value and currency.
    init(counts: [Int32], sums: [Int128], stride: Int) {
        let codeLimit = counts.count / max(stride, 1)
        var perCode = [Int32](repeating: 0, count: codeLimit)
        var totalCounts = [Int32](repeating: 0, count: stride)
        var totalSums = [Int128](repeating: 0, count: stride)
        for code in 0..<codeLimit {
            for currency in 0..<stride where counts[code * stride + currency] != 0 {
                perCode[code] += counts[code * stride + currency]
                totalCounts[currency] += counts[code * stride + currency]
                totalSums[currency] &+= sums[code * stride + currency]
            }
        }
        rowCounts = perCode
        valueCodes = perCode.indices.compactMap { perCode[$0] > 0 ? UInt32($0) : nil }
        detail = .dense(counts: counts, sums: sums, stride: stride, totalCounts: totalCounts, totalSums: totalSums)
    }

    /// A bucket table (per value and currency, `stride` currencies) minus a dense tally of the
    /// rows taken out of it (counted with the same stride).
    init(table counts: [Int32], sums: [Int128], stride: Int, minus removed: FacetTally?) {
        var counts = counts, sums = sums
        if case .dense(let removedCounts, let removedSums, _, _, _)? = removed?.detail {
            for slot in 0..<min(counts.count, removedCounts.count) where removedCounts[slot] != 0 {
                counts[slot] &-= removedCounts[slot]
                sums[slot] &-= removedSums[slot]
            }
        }
        self.init(counts: counts, sums: sums, stride: stride)
    }

    /// A tally of matching rows of a field with many values: rows per value now, sums of the
    /// values shown later (`perCurrency`).
    init(rows: [UInt32], column: FacetColumn, codeLimit: Int) {
        var counts = [Int32](repeating: 0, count: max(codeLimit, 2))
        var codes: [UInt32] = []
        counts.withUnsafeMutableBufferPointer { counts in
            rows.withUnsafeBufferPointer { rows in
                for row in rows {
                    let code = column.code(Int(row))
                    if counts[code] == 0 { codes.append(UInt32(code)) }
                    counts[code] &+= 1
                }
            }
        }
        rowCounts = counts
        valueCodes = codes
        detail = .rows(rows)
    }

    /// A bucket table of a field with many values (`rowsPerBucket` its rows per bucket, its
    /// totals given) minus the rows in `removed`.
    init(rowsPerBucket: [Int32], counts: [Int32], sums: ExactSums, stride: Int, totalCounts: [Int32], totalSums: [Int128],
         removed: [UInt32], column: FacetColumn) {
        var perCode = rowsPerBucket
        var totalCounts = totalCounts, totalSums = totalSums
        for row in removed {
            let index = Int(row)
            let code = column.code(index), currency = Int(column.currencies[index])
            if code < perCode.count { perCode[code] -= 1 }
            if currency < totalCounts.count {
                totalCounts[currency] -= 1
                totalSums[currency] &-= Int128(column.amounts[index])
            }
        }
        rowCounts = perCode
        valueCodes = perCode.indices.compactMap { perCode[$0] > 0 ? UInt32($0) : nil }
        detail = .table(counts: counts, sums: sums, stride: stride, totalCounts: totalCounts, totalSums: totalSums, removed: removed)
    }

    /// Rows of a value.
    @inline(__always)
    func rows(of code: UInt32) -> Int { Int(code) < rowCounts.count ? Int(rowCounts[Int(code)]) : 0 }

    /// Per slot (`slots[i]` the codes of slot `i`, the last slot every other code with rows),
    /// the rows and sum of each currency index, as `[slot][currency]`; currencies below
    /// `currencyCount`.
    func perCurrency(shown: [UInt32], currencyCount: Int, column: FacetColumn) -> [[(count: Int, sum: Int128)]] {
        let otherSlot = shown.count
        var result = [[(count: Int, sum: Int128)]](repeating: Array(repeating: (0, 0), count: currencyCount), count: shown.count + 1)
        switch detail {
        case .rows(let rows):
            // A slot per code: shown codes map to their position, the rest to `other`.
            var slotOf = [Int16](repeating: Int16(otherSlot), count: max(rowCounts.count, 1))
            for (slot, code) in shown.enumerated() where Int(code) < slotOf.count { slotOf[Int(code)] = Int16(slot) }
            let stride = max(currencyCount, 1)
            var counts = [Int](repeating: 0, count: (shown.count + 1) * stride)
            var sums = [Int128](repeating: 0, count: (shown.count + 1) * stride)
            let currencies = column.currencies, amounts = column.amounts
            slotOf.withUnsafeBufferPointer { slotOf in
                counts.withUnsafeMutableBufferPointer { counts in
                    sums.withUnsafeMutableBufferPointer { sums in
                        rows.withUnsafeBufferPointer { rows in
                            for row in rows {
                                let index = Int(row)
                                let slot = Int(slotOf[column.code(index)]) &* stride &+ Int(currencies[index])
                                counts[slot] &+= 1
                                sums[slot] &+= Int128(amounts[index])
                            }
                        }
                    }
                }
            }
            for slot in 0...otherSlot {
                for currency in 0..<currencyCount { result[slot][currency] = (counts[slot * stride + currency], sums[slot * stride + currency]) }
            }
        case .dense(let counts, let sums, let stride, let totalCounts, let totalSums):
            FacetTally.fill(&result, shown: shown, counts: counts, sum: { sums[$0] }, stride: stride, totalCounts: totalCounts, totalSums: totalSums)
        case .table(let counts, let sums, let stride, let totalCounts, let totalSums, let removed):
            FacetTally.fill(&result, shown: shown, counts: counts, sum: { sums[$0] }, stride: stride, totalCounts: totalCounts, totalSums: totalSums)
            guard !removed.isEmpty else { break }
            // The shown values lose the removed rows that have them; `other` is again the
            // totals (which lost every removed row) minus the shown values.
            var slotOf = [Int16](repeating: -1, count: max(rowCounts.count, 1))
            for (slot, code) in shown.enumerated() where Int(code) < slotOf.count { slotOf[Int(code)] = Int16(slot) }
            for row in removed {
                let index = Int(row)
                let code = column.code(index), currency = Int(column.currencies[index])
                guard code < slotOf.count, slotOf[code] >= 0, currency < currencyCount else { continue }
                result[Int(slotOf[code])][currency].count -= 1
                result[Int(slotOf[code])][currency].sum &-= Int128(column.amounts[index])
            }
            FacetTally.fillOther(&result, shown: shown.count, totalCounts: totalCounts, totalSums: totalSums)
        }
        return result
    }

    /// The shown values' counts and sums from per-value tables, and `other` as the totals
    /// minus them.
    private static func fill(_ result: inout [[(count: Int, sum: Int128)]], shown: [UInt32], counts: [Int32], sum: (Int) -> Int128, stride: Int,
                             totalCounts: [Int32], totalSums: [Int128]) {
        let currencyCount = result.first?.count ?? 0
        let otherSlot = shown.count
        for (slot, code) in shown.enumerated() {
            for currency in 0..<min(currencyCount, stride) {
                let index = Int(code) * stride + currency
                guard index < counts.count else { continue }
                result[slot][currency] = (Int(counts[index]), sum(index))
            }
        }
        fillOther(&result, shown: otherSlot, totalCounts: totalCounts, totalSums: totalSums)
    }

    /// `other` (the slot after the shown ones) as the totals minus the shown values.
    private static func fillOther(_ result: inout [[(count: Int, sum: Int128)]], shown: Int, totalCounts: [Int32], totalSums: [Int128]) {
        let currencyCount = result.first?.count ?? 0
        for currency in 0..<min(currencyCount, totalCounts.count) {
            var shownCount = 0, shownSum: Int128 = 0
            for slot in 0..<shown {
                shownCount += result[slot][currency].count
                shownSum &+= result[slot][currency].sum
            }
            result[shown][currency] = (Int(totalCounts[currency]) - shownCount, totalSums[currency] &- shownSum)
        }
    }
}
