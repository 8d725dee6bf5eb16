/// Walking rows in a sort order. The date order holds (instant, id) ascending and the amount
/// order (magnitude, newer first, id); descending sorts walk them backward one run of equal
/// keys at a time, emitting each run forward, so ties keep the SPEC's tie-break.
extension StoreState {
    /// Visits every live row in `order` while `body` returns true.
    func forEachRow(in order: ResultOrder, _ body: (UInt32) -> Bool) {
        switch order {
        case .dateAscending:
            dateOrder.forEach(from: dateOrder.startPosition, body)
        case .amountAscending:
            amountOrder.forEach(from: amountOrder.startPosition, body)
        case .dateDescending:
            let instants = columns.instant.base
            StoreState.forEachDescending(dateOrder, before: dateOrder.endPosition,
                                         key: { UInt64(bitPattern: instants[Int($0)]) }, body)
        case .amountDescending:
            let magnitudes = self.magnitudes
            StoreState.forEachDescending(amountOrder, before: amountOrder.endPosition,
                                         key: { magnitudes[$0] }, body)
        }
    }

    /// Visits the rows whose instant lies in `window`, by date, while `body` returns true.
    func forEachRow(instantsIn window: ClosedRange<Int64>, descending: Bool, _ body: (UInt32) -> Bool) {
        let instants = columns.instant.base
        if descending {
            let end = dateOrder.lowerBound { instants[Int($0)] <= window.upperBound }
            StoreState.forEachDescending(dateOrder, before: end, key: { UInt64(bitPattern: instants[Int($0)]) }) { row in
                instants[Int(row)] >= window.lowerBound && body(row)
            }
        } else {
            let start = dateOrder.lowerBound { instants[Int($0)] < window.lowerBound }
            dateOrder.forEach(from: start) { row in
                instants[Int(row)] <= window.upperBound && body(row)
            }
        }
    }

    /// Walks `list` backward from `position`, buffering each run of equal keys and emitting it
    /// forward.
    static func forEachDescending(_ list: OrderedRowList, before position: OrderedRowList.Position,
                                  key: (UInt32) -> UInt64, _ body: (UInt32) -> Bool) {
        var run: [UInt32] = []
        var runKey: UInt64 = 0
        var stopped = false
        func flush() -> Bool {
            for index in stride(from: run.count - 1, through: 0, by: -1) where !body(run[index]) {
                stopped = true
                return false
            }
            run.removeAll(keepingCapacity: true)
            return true
        }
        list.forEachBackward(before: position) { row in
            let rowKey = key(row)
            if !run.isEmpty && rowKey != runKey && !flush() { return false }
            run.append(row)
            runKey = rowKey
            return true
        }
        if !stopped && !run.isEmpty { _ = flush() }
    }
}
