/// The rows of one subset that no series explains (not consumed), indexed for the questions the
/// final validation asks of every series: how many lie between two days, and how many have an
/// amount in a range. Built once per validation round, so that each series is judged in
/// logarithmic time instead of a pass over the subset (a payee's thousands of chance yearly
/// pairs among its tens of thousands of rows made those passes quadratic).
struct UnexplainedRows {
    /// The subset indexed.
    let subset: LedgerSubset
    /// The magnitudes of the unexplained rows, ascending (as `Double`, the validation's unit).
    private let magnitudes: [Double]
    /// `unexplainedBefore[i]`: the unexplained rows among the subset's first `i` positions.
    private let unexplainedBefore: [Int32]

    /// The unexplained rows of `subset`; `order` is the subset's positions in amount order
    /// (`RecurringLedger.amountOrder`).
    init(_ subset: LedgerSubset, order: [Int32], ledger: RecurringLedger, consumed: [Bool]) {
        self.subset = subset
        var magnitudes: [Double] = []
        magnitudes.reserveCapacity(order.count)
        for position in order where !consumed[Int(position)] {
            magnitudes.append(Double(ledger.amount[Int(position)].magnitude))
        }
        self.magnitudes = magnitudes
        var before = [Int32](repeating: 0, count: subset.count + 1)
        for offset in 0..<subset.count {
            before[offset + 1] = before[offset] + (consumed[subset.start + offset] ? 0 : 1)
        }
        unexplainedBefore = before
    }

    /// All unexplained rows.
    var count: Int { magnitudes.count }

    /// The unexplained rows of positions `range` (inside the subset).
    func count(positions range: Range<Int>) -> Int {
        Int(unexplainedBefore[range.upperBound - subset.start] - unexplainedBefore[range.lowerBound - subset.start])
    }

    /// The unexplained rows whose magnitude lies in any of `ranges` (closed, possibly overlapping).
    func count(magnitudesIn ranges: [(low: Double, high: Double)]) -> Int {
        var total = 0
        var covered = -Double.infinity
        for range in ranges.sorted(by: { $0.low < $1.low }) {
            // Rows at or below `covered` were counted by an earlier range.
            let from = covered == -Double.infinity ? firstIndex(atLeast: range.low) : max(firstIndex(atLeast: range.low), firstIndex(above: covered))
            let to = firstIndex(above: range.high)
            if to > from { total += to - from }
            covered = max(covered, range.high)
        }
        return total
    }

    /// The first index of `magnitudes` whose value is at least `value`.
    private func firstIndex(atLeast value: Double) -> Int {
        var low = 0, high = magnitudes.count
        while low < high {
            let middle = (low + high) / 2
            if magnitudes[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index of `magnitudes` whose value is above `value`.
    private func firstIndex(above value: Double) -> Int {
        var low = 0, high = magnitudes.count
        while low < high {
            let middle = (low + high) / 2
            if magnitudes[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension RecurringLedger {
    /// The first position of `subset` whose day is at least `day` (the subset is in day order).
    func firstPosition(in subset: LedgerSubset, onOrAfter day: Int) -> Int {
        var low = subset.start, high = subset.end
        while low < high {
            let middle = (low + high) / 2
            if Int(self.day[middle]) < day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
