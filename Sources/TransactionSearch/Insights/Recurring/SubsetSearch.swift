extension RecurringSearcher {
    /// All series of one subset (one payee, one currency, one direction), in four passes:
    ///
    /// 1. Exact amounts: each run of equal amounts is searched alone, so one payee's series at
    ///    different prices never mix (Netflix 15.49 monthly and Prime 89.00 yearly under one
    ///    "Amazon"; three yearly policies of one insurer), and a habit's rows at other amounts
    ///    cannot disturb them.
    /// 2. Each fixed series is extended at both ends with rows of one new amount due in its next
    ///    slots: a price change whose new level is too recent to be a series of its own.
    /// 3. The rows left, clustered by close amounts, are searched for series whose amount varies
    ///    (utilities, hourly wages).
    /// 4. The rows still left, by exact amount again, may form yearly series of two occurrences
    ///    (low confidence); last, so that such a pair never takes rows from a real series.
    ///
    /// Finally series that are one in truth are merged (see `merge`), and series that could be
    /// chance among the rows no series explains are dropped (see `validate`); before the merge,
    /// those that no merge could save (see `dropHopeless`).
    mutating func process(_ subset: LedgerSubset, consumed: inout [Bool]) -> [SeriesFit] {
        guard subset.count >= 2 else { return [] }
        let order = ledger.amountOrder(subset)
        var fits: [SeriesFit] = []
        for bucket in ledger.exactBuckets(order) {
            fits += search(bucket, exactAmount: true)
        }
        for fit in fits {
            for member in fit.segment.members { consumed[Int(member)] = true }
        }
        for index in fits.indices {
            extend(&fits[index], in: subset, consumed: &consumed)
        }
        for cluster in ledger.bandClusters(order, consumed: consumed) {
            let found = search(cluster)
            for fit in found {
                for member in fit.segment.members { consumed[Int(member)] = true }
            }
            fits += found
        }
        acceptsPairs = true
        for bucket in ledger.exactBuckets(order.filter { !consumed[Int($0)] }) {
            let found = search(bucket, cadences: [.yearly])
            for fit in found {
                for member in fit.segment.members { consumed[Int(member)] = true }
            }
            fits += found
        }
        acceptsPairs = false
        dropHopeless(&fits, in: subset, order: order, consumed: &consumed)
        merge(&fits)
        validate(&fits, in: subset, order: order, consumed: &consumed)
        return fits
    }
}
