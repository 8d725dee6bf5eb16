extension [Transaction] {
    /// The ids of the transactions, in order, each read in place. (`map(\.id)` and
    /// `lazy.map(\.id)` copied every transaction to read its id, a retain and release of each
    /// of its strings: 8 % of a long-tail bulk build's samples, perf.)
    var ids: [String] {
        withUnsafeBufferPointer { transactions in
            [String](unsafeUninitializedCapacity: transactions.count) { ids, initialized in
                for index in transactions.indices { (ids.baseAddress! + index).initialize(to: transactions[index].id) }
                initialized = transactions.count
            }
        }
    }
}
