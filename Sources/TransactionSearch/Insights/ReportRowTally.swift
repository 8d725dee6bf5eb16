/// The cells of a report tallied from rows. A cell's place is computed from the row's day code
/// (through a table of periods made once per report), its group code and its currency, and
/// the rows are counted one of two ways:
/// - in flat arrays when the possible cells (periods × the group field's codes × currencies)
///   are at most `maximumCells`: two array additions a row (a report of a million rows by
///   card: 125 ms with a dictionary);
/// - else by one packed key a row (period, group, currency), radix-sorted and summed run by
///   run: a report by week and payee over a million rows has 254,000 cells among 200 weeks ×
///   tens of thousands of payees, and a dictionary update a row took 342 ms.
/// Sums are exact: the arrays hold `Int64` and the sorted runs `Int128`; when an array's sum
/// would overflow, the rows are counted the sorted way instead.
struct ReportRowTally {
    /// The most cells the arrays may have (two arrays of this many: 12 MiB at most).
    static let maximumCells = 1 << 20

    private let periodIndexOfDayCode: [Int32]
    private let periodValues: [Int32]
    private let groupLimit: Int
    private let currencyLimit: Int

    /// A tally for `contents` with periods numbered by `periodValue` (of a day, days since
    /// 1970) and group codes below `groupLimit` (1 without groups).
    init(contents: StoreContents, groupLimit: Int, periodValue: (Int32) -> Int32) {
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
        periodIndexOfDayCode = indexOfDayCode
        periodValues = values
        self.groupLimit = max(groupLimit, 1)
        currencyLimit = max(contents.currencies.count, 1)
    }

    /// Whether the flat arrays hold every possible cell.
    private var fitsArrays: Bool {
        let (cells, overflow) = periodValues.count.multipliedReportingOverflow(by: groupLimit)
        return !overflow && cells <= ReportRowTally.maximumCells / currencyLimit
    }

    /// The tallies of `rows` by (period, group, currency). `grouping` is the column of a row's
    /// group code (below the limit, `RowView.groupCode`); nil: no groups, every cell keyed
    /// `noGroup`. Only the day, currency, amount and group columns are read (making each row's
    /// whole record read every column: most of a report by payee over a million rows).
    func tally(_ rows: [UInt32], contents: StoreContents, grouping: Grouping?, noGroup: UInt32) -> [ReportBuilder.Tally] {
        if fitsArrays, let counted = tallyInArrays(rows, contents: contents, grouping: grouping, noGroup: noGroup) { return counted }
        return tallySorted(rows, contents: contents, grouping: grouping, noGroup: noGroup)
    }

    /// The cell of a row: its period's index, group code and currency; nil for a row outside
    /// the table (a day or code the table was not made for: never for a live row).
    @inline(__always)
    private func cell(of index: Int, _ view: RowView, _ grouping: Grouping?) -> (period: Int, group: Int, currency: Int)? {
        let period = Int(periodIndexOfDayCode[Int(view.dayCode[index])])
        let group = grouping.map { Int(view.groupCode(index, $0)) } ?? 0
        let currency = Int(view.currency[index])
        guard period >= 0, group < groupLimit, currency < currencyLimit else { return nil }
        return (period, group, currency)
    }

    private func key(period: Int, group: Int, currency: Int, noGroup: UInt32, grouped: Bool) -> ReportBuilder.CellKey {
        ReportBuilder.CellKey(period: periodValues[period], group: grouped ? UInt32(group) : noGroup, currency: UInt16(currency))
    }

    /// In flat arrays of `Int64` sums; nil when a sum would overflow.
    func tallyInArrays(_ rows: [UInt32], contents: StoreContents, grouping: Grouping?, noGroup: UInt32) -> [ReportBuilder.Tally]? {
        let cellCount = periodValues.count * groupLimit * currencyLimit
        var counts = [Int32](repeating: 0, count: cellCount)
        var sums = [Int64](repeating: 0, count: cellCount)
        let view = contents.rows
        for row in rows {
            let index = Int(row)
            guard let (period, group, currency) = cell(of: index, view, grouping) else { preconditionFailure("a live row outside the report's table") }
            let cell = (period * groupLimit + group) * currencyLimit + currency
            let (sum, overflow) = sums[cell].addingReportingOverflow(view.amount[index])
            guard !overflow, counts[cell] < Int32.max else { return nil }
            sums[cell] = sum
            counts[cell] += 1
        }
        var tallies: [ReportBuilder.Tally] = []
        for cell in 0..<cellCount where counts[cell] > 0 {
            let rest = cell / currencyLimit
            tallies.append(ReportBuilder.Tally(
                key: key(period: rest / groupLimit, group: rest % groupLimit, currency: cell % currencyLimit, noGroup: noGroup, grouped: grouping != nil),
                count: Int(counts[cell]), sum: Int128(sums[cell])))
        }
        return tallies
    }

    /// By the rows' cells in order (`RadixSort.order`), each run of one cell summed in `Int128`.
    func tallySorted(_ rows: [UInt32], contents: StoreContents, grouping: Grouping?, noGroup: UInt32) -> [ReportBuilder.Tally] {
        let view = contents.rows
        func parts(_ position: Int) -> (Int, Int, Int) {
            guard let cell = cell(of: Int(rows[position]), view, grouping) else { preconditionFailure("a live row outside the report's table") }
            return cell
        }
        let order = RadixSort.order(count: rows.count, limits: (periodValues.count, groupLimit, currencyLimit), parts)
        var tallies: [ReportBuilder.Tally] = []
        var start = 0
        while start < order.count {
            let (period, group, currency) = parts(Int(order[start]))
            var end = start
            var sum: Int128 = 0
            while end < order.count && parts(Int(order[end])) == (period, group, currency) {
                sum += Int128(view.amount[Int(rows[Int(order[end])])])
                end += 1
            }
            tallies.append(ReportBuilder.Tally(key: key(period: period, group: group, currency: currency, noGroup: noGroup, grouped: grouping != nil),
                                               count: end - start, sum: sum))
            start = end
        }
        return tallies
    }
}
