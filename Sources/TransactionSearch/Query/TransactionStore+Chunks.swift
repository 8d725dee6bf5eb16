extension TransactionStore {
    /// Answers a query like `search(_:)`, but leaves the page's rows out of the
    /// result (its `rows` is empty) and hands `body` the result with the rows as a sequence of
    /// chunks of at most `chunkSize` rows, in order, each made when it is reached: a page of any
    /// size, such as every matching row, is written out without holding all its transactions at
    /// once. The cache is neither read nor filled; `elapsedMicroseconds` counts the answer
    /// without the rows.
    ///
    /// `body` runs under the store's read lock, so the result and its chunks form one
    /// consistent answer: it must not change the store (that would wait forever), should not
    /// block for long (writers wait for it), and must not keep the chunks (reading them after
    /// it returns traps).
    /// - Parameters:
    ///   - query: the question; its `limit` and `offset` cut the page the chunks hold.
    ///   - chunkSize: rows per chunk, at least 1 (a programmer's mistake traps).
    ///   - body: given the result and the chunks; what it throws, this throws.
    /// - Returns: what `body` returns.
    /// - Complexity: the query's cost, then O(page) over the chunks.
    public func search<Value, Failure: Error>(
        _ query: Query, rowsInChunksOf chunkSize: Int, _ body: (QueryResult, ResultRowChunks) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        precondition(chunkSize > 0, "chunkSize must be at least 1")
        let start = ContinuousClock.now
        return try lock.withReadLock { () throws(Failure) -> Value in
            let compiled = QueryCompiler(contents: contents).compile(query.resolvingRelativeDates(today: today).normalized)
            var (result, page) = QueryExecutor(contents: contents, query: compiled, rates: contents.exchangeRates).run(materializingRows: false)
            result.elapsedMicroseconds = TransactionStore.microseconds(since: start)
            let validity = ResultRowChunks.Validity()
            defer { validity.isValid = false }
            let chunks = ResultRowChunks(
                assembler: ResultAssembler(contents: contents, query: compiled, rates: contents.exchangeRates), page: page,
                chunkSize: chunkSize, highlighter: MatchHighlighter(terms: compiled.highlightTerms), validity: validity)
            return try body(result, chunks)
        }
    }
}
