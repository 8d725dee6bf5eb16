/// The order of a result's groups: date groups by date (newest first unless sorting by date
/// ascending), others by title with the "none" group last; groups with no rows left out.
struct GroupOrder {
    let contents: StoreContents
    let query: CompiledQuery

    /// Group codes with rows, in result order: date groups by date (newest first unless sorting
    /// by date ascending), others by title with the "none" group last.
    func order(of tally: Tally) -> [UInt32] {
        var order: [UInt32] = []
        func keep(_ code: UInt32) {
            if tally.count(ofGroup: code) > 0 { order.append(code) }
        }
        switch query.grouping {
        case .none:
            return [0]
        case .day, .month:
            let pool = query.grouping == .day ? contents.calendar.days : contents.calendar.months
            var lower = 0, upper = pool.sortedValues.count
            if query.grouping == .day, let range = query.dayRange {
                // The tally may be the whole day table: keep only the range's days.
                lower = pool.sortedValues.lowerBound(range.lowerBound)
                upper = range.upperBound == .max ? upper : pool.sortedValues.lowerBound(range.upperBound + 1)
            }
            order.reserveCapacity(upper - lower)
            if query.sort == .dateAscending {
                for index in lower..<upper { keep(pool.sortedCodes[index]) }
            } else {
                for index in stride(from: upper - 1, through: lower, by: -1) { keep(pool.sortedCodes[index]) }
            }
        case .card:
            contents.text[.card].forEachTitle { keep($0) }
            keep(0)
        case .category:
            contents.text[.category].forEachTitle { keep($0) }
            keep(0)
        case .merchant:
            order.reserveCapacity(contents.text[.merchant].titleCount)
            contents.text[.merchant].forEachTitle { keep($0) }
        }
        return order
    }
}
