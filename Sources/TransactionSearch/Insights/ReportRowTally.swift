/// The cells of a report tallied from rows in flat arrays: a cell's place is computed from the
/// row's day code (through a table of periods made once per report), its group code and its
/// currency, so a row costs two array additions instead of a dictionary update (a report of a
/// million rows by card: 125 ms with the dictionary).
///
/// Only for reports with few enough possible cells (`maximumCells`): periods × the group
/// field's codes × currencies. Sums are `Int64`; if one would overflow, `tally` returns nil
/// and the caller uses its `Int128` dictionary.
struct ReportRowTally {
    /// The most cells the arrays may have (two arrays of this many: 12 MiB at most).
    static let maximumCells = 1 << 20

    private let periodIndexOfDayCode: [Int32]
    private let periodValues: [Int32]
    private let groupLimit: Int
    private let currencyLimit: Int

    /// A tally for `contents` with periods numbered by `periodValue` (of a day, days since
    /// 1970) and group codes below `groupLimit` (1 without groups); nil when it would need
    /// more than `maximumCells` cells.
    init?(contents: StoreContents, groupLimit: Int, periodValue: (Int32) -> Int32) {
        let days = contents.calendar.days
        var indexOfDayCode = [Int32](repeating: -1, count: days.codeLimit)
        var indexOfValue: [Int32: Int32] = [:]
        var values: [Int32] = []
        for code in days.sortedCodes {
            let value = periodValue(days.value(code))
            if let known = indexOfValue[value] {
                indexOfDayCode[Int(code)] = known
            } else {
                indexOfValue[value] = Int32(values.count)
                indexOfDayCode[Int(code)] = Int32(values.count)
                values.append(value)
            }
        }
        let currencies = max(contents.currencies.count, 1)
        let (cells, overflow) = values.count.multipliedReportingOverflow(by: groupLimit)
        guard !overflow, cells <= ReportRowTally.maximumCells / currencies else { return nil }
        periodIndexOfDayCode = indexOfDayCode
        periodValues = values
        self.groupLimit = groupLimit
        currencyLimit = currencies
    }

    /// The tallies of `rows` by (period, group, currency), or nil when a sum would overflow
    /// `Int64`. `grouping` is the column of a row's group code (below the limit,
    /// `RowView.groupCode`); nil: no groups, every cell keyed `noGroup`. Only the day, currency,
    /// amount and group columns are read (making each row's whole record read every column:
    /// most of a report by payee over a million rows).
    func tally(_ rows: [UInt32], contents: StoreContents, grouping: Grouping?, noGroup: UInt32)
        -> [ReportBuilder.Tally]?
    {
        let cellCount = periodValues.count * groupLimit * currencyLimit
        var counts = [Int32](repeating: 0, count: cellCount)
        var sums = [Int64](repeating: 0, count: cellCount)
        let view = contents.rows
        for row in rows {
            let index = Int(row)
            let period = Int(periodIndexOfDayCode[Int(view.dayCode[index])])
            let groupCode = grouping.map { Int(view.groupCode(index, $0)) } ?? 0
            let currency = Int(view.currency[index])
            guard period >= 0, groupCode < groupLimit, currency < currencyLimit else { return nil }
            let cell = (period * groupLimit + groupCode) * currencyLimit + currency
            let (sum, overflow) = sums[cell].addingReportingOverflow(view.amount[index])
            guard !overflow, counts[cell] < Int32.max else { return nil }
            sums[cell] = sum
            counts[cell] += 1
        }
        var tallies: [ReportBuilder.Tally] = []
        for cell in 0..<cellCount where counts[cell] > 0 {
            let rest = cell / currencyLimit
            let key = ReportBuilder.CellKey(
                period: periodValues[rest / groupLimit], group: grouping == nil ? noGroup : UInt32(rest % groupLimit),
                currency: UInt16(cell % currencyLimit))
            tallies.append(ReportBuilder.Tally(key: key, count: Int(counts[cell]), sum: Int128(sums[cell])))
        }
        return tallies
    }
}
