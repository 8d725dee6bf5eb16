/// Walking rows in a sort order. The date order holds (instant, id) ascending and the amount
/// order (magnitude, newer first, id); descending sorts walk them backward one run of equal
/// keys at a time, emitting each run forward, so ties keep the tie-break of docs/SPEC.md section 3.
extension StoreContents {
    /// Visits every live row in `order` while `body` returns true.
    func walkRows(in order: ResultOrder, _ body: (UInt32) -> Bool) {
        switch order {
        case .dateAscending:
            orders.byDate.walk(from: orders.byDate.startPosition, body)
        case .amountAscending:
            orders.byAmount.walk(from: orders.byAmount.startPosition, body)
        case .dateDescending:
            let view = rows
            StoreContents.walkDescending(orders.byDate, before: orders.byDate.endPosition,
                                         key: { UInt64(bitPattern: view.instant(Int($0))) }, body)
        case .amountDescending:
            let view = rows
            StoreContents.walkDescending(orders.byAmount, before: orders.byAmount.endPosition,
                                         key: { view[magnitudeOf: $0] }, body)
        }
    }

    /// Visits the rows whose instant lies in `window`, by date, while `body` returns true.
    func walkRows(instantsIn window: ClosedRange<Int64>, descending: Bool, _ body: (UInt32) -> Bool) {
        let view = rows
        if descending {
            let end = orders.byDate.lowerBound { view.instant(Int($0)) <= window.upperBound }
            StoreContents.walkDescending(orders.byDate, before: end, key: { UInt64(bitPattern: view.instant(Int($0))) }) { row in
                view.instant(Int(row)) >= window.lowerBound && body(row)
            }
        } else {
            let start = orders.byDate.lowerBound { view.instant(Int($0)) < window.lowerBound }
            orders.byDate.walk(from: start) { row in
                view.instant(Int(row)) <= window.upperBound && body(row)
            }
        }
    }

    /// How many rows have their instant in `window`, from the date order's ranks.
    func rowCount(instantsIn window: ClosedRange<Int64>) -> Int {
        let view = rows
        let start = orders.byDate.lowerBound { view.instant(Int($0)) < window.lowerBound }
        let end = orders.byDate.lowerBound { view.instant(Int($0)) <= window.upperBound }
        return orders.byDate.rank(of: end) - orders.byDate.rank(of: start)
    }

    /// Walks `list` backward from `position` one run of equal keys at a time, each run forward.
    @inline(__always)
    static func walkDescending(_ list: OrderedRowList, before position: OrderedRowList.Position,
                                  key: (UInt32) -> UInt64, _ body: (UInt32) -> Bool) {
        list.walkDescendingByRuns(before: position, sameKey: { key($0) == key($1) }, body)
    }
}
