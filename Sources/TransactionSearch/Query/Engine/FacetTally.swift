/// The column a facet reads its value code from, row by row: a code column, through a
/// translation table when given (a descriptor's category or merchant, a day's month), or the
/// pending flag (1 pending, 0 posted).
struct FacetColumn {
    let codes: UnsafeMutablePointer<UInt32>
    let translation: UnsafeMutablePointer<UInt32>?
    let flags: UnsafeMutablePointer<UInt8>
    let isStatus: Bool
    /// Each row's currency index and amount.
    let currencies: UnsafeMutablePointer<UInt16>
    let amounts: UnsafeMutablePointer<Int64>

    init(_ field: FacetField, view: RowView) {
        flags = view.flags
        currencies = view.currency
        amounts = view.amount
        isStatus = field == .status
        switch field {
        case .category: (codes, translation) = (view.descriptor, view.categoryOfDescriptor)
        case .merchant: (codes, translation) = (view.descriptor, view.merchantOfDescriptor)
        case .card: (codes, translation) = (view.card, nil)
        case .account: (codes, translation) = (view.account, nil)
        case .month: (codes, translation) = (view.dayCode, view.monthOfDay)
        case .status: (codes, translation) = (view.card, nil)
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
/// "none" value and the rest together (`other`). So a facet over thousands of merchants never
/// lays out a count and a sum per merchant and currency.
struct FacetTally {
    /// Rows per value code; codes past the end have none.
    private(set) var rowCounts: [Int32]
    /// The codes with rows, in no order.
    private(set) var valueCodes: [UInt32] = []
    private let detail: Detail

    private enum Detail {
        /// The matching rows themselves.
        case rows([UInt32])
        /// A bucket table per value and currency, with its totals and the rows taken out.
        case table(currencyCounts: [Int32], sums: [Int128], stride: Int, totalCounts: [Int32], totalSums: [Int128], removed: [UInt32])
    }

    /// Value codes times currencies up to which matching rows are counted per value and
    /// currency in one pass (a few KiB of counters: cards, categories, accounts, months,
    /// status); above it (merchants), rows per value first, then sums for the values shown.
    static let denseSlots = 4096

    /// A tally of matching rows.
    init(rows: [UInt32], column: FacetColumn, codeLimit: Int, currencyCount: Int) {
        let stride = max(currencyCount, 1)
        if max(codeLimit, 2) * stride <= FacetTally.denseSlots {
            self = FacetTally(denseRows: rows, column: column, codeLimit: max(codeLimit, 2), stride: stride)
            return
        }
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

    /// Rows counted per value and currency in one pass.
    private init(denseRows rows: [UInt32], column: FacetColumn, codeLimit: Int, stride: Int) {
        var currencyCounts = [Int32](repeating: 0, count: codeLimit * stride)
        var sums = [Int128](repeating: 0, count: codeLimit * stride)
        let currencies = column.currencies, amounts = column.amounts
        currencyCounts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                rows.withUnsafeBufferPointer { rows in
                    for row in rows {
                        let index = Int(row)
                        let slot = column.code(index) &* stride &+ Int(currencies[index])
                        counts[slot] &+= 1
                        sums[slot] &+= Int128(amounts[index])
                    }
                }
            }
        }
        var perCode = [Int32](repeating: 0, count: codeLimit)
        var totalCounts = [Int32](repeating: 0, count: stride)
        var totalSums = [Int128](repeating: 0, count: stride)
        for code in 0..<codeLimit {
            for currency in 0..<stride where currencyCounts[code * stride + currency] != 0 {
                perCode[code] += currencyCounts[code * stride + currency]
                totalCounts[currency] += currencyCounts[code * stride + currency]
                totalSums[currency] &+= sums[code * stride + currency]
            }
        }
        rowCounts = perCode
        valueCodes = perCode.indices.compactMap { perCode[$0] > 0 ? UInt32($0) : nil }
        detail = .table(currencyCounts: currencyCounts, sums: sums, stride: stride, totalCounts: totalCounts, totalSums: totalSums, removed: [])
    }

    /// A tally of a bucket table (buckets are value codes; `rowsPerBucket` its rows per
    /// bucket) whose totals are given, minus the rows in `removed`.
    init(rowsPerBucket: [Int32], currencyCounts: [Int32], sums: [Int128], stride: Int, totalCounts: [Int32], totalSums: [Int128],
         removed: [UInt32], column: FacetColumn) {
        var counts = rowsPerBucket
        var totalCounts = totalCounts, totalSums = totalSums
        for row in removed {
            let code = column.code(Int(row))
            if code < counts.count { counts[code] -= 1 }
        }
        if !removed.isEmpty {
            // The removed rows' currencies are found per slot in `perCurrency`; the totals
            // lose them here.
            FacetTally.forEachRow(removed, column: column) { _, currency, amount in
                if currency < totalCounts.count {
                    totalCounts[currency] -= 1
                    totalSums[currency] &-= amount
                }
            }
        }
        rowCounts = counts
        valueCodes = counts.indices.compactMap { counts[$0] > 0 ? UInt32($0) : nil }
        detail = .table(currencyCounts: currencyCounts, sums: sums, stride: stride, totalCounts: totalCounts, totalSums: totalSums,
                        removed: removed)
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
        case .table(let currencyCounts, let tableSums, let stride, let totalCounts, let totalSums, let removed):
            var shownTotals = [(count: Int, sum: Int128)](repeating: (0, 0), count: currencyCount)
            for (slot, code) in shown.enumerated() {
                for currency in 0..<min(currencyCount, stride) {
                    let index = Int(code) * stride + currency
                    guard index < currencyCounts.count else { continue }
                    result[slot][currency] = (Int(currencyCounts[index]), tableSums[index])
                }
            }
            if !removed.isEmpty {
                var slotOf: [Int: Int] = [:]
                for (slot, code) in shown.enumerated() { slotOf[Int(code)] = slot }
                FacetTally.forEachRow(removed, column: column) { code, currency, amount in
                    guard let slot = slotOf[code], currency < currencyCount else { return }
                    result[slot][currency].count -= 1
                    result[slot][currency].sum &-= amount
                }
            }
            for slot in 0..<shown.count {
                for currency in 0..<currencyCount {
                    shownTotals[currency].count += result[slot][currency].count
                    shownTotals[currency].sum &+= result[slot][currency].sum
                }
            }
            for currency in 0..<min(currencyCount, totalCounts.count) {
                result[otherSlot][currency] = (Int(totalCounts[currency]) - shownTotals[currency].count,
                                               totalSums[currency] &- shownTotals[currency].sum)
            }
        }
        return result
    }

    /// Calls `body` with each row's value code, currency index and amount.
    private static func forEachRow(_ rows: [UInt32], column: FacetColumn, _ body: (Int, Int, Int128) -> Void) {
        let currencies = column.currencies, amounts = column.amounts
        rows.withUnsafeBufferPointer { rows in
            for row in rows {
                let index = Int(row)
                body(column.code(index), Int(currencies[index]), Int128(amounts[index]))
            }
        }
    }
}
