import TransactionSearch

/// A reader of one statement format that hands each entry to a sink as soon as it is read
/// (what an import uses: no array of the file's entries).
protocol StatementReader {
    /// Reads a whole file, handing each entry to `sink`; the result's `entries` stay empty.
    static func read<Sink: StatementEntrySink>(_ bytes: [UInt8], context: StatementContext,
                                               into sink: Sink) throws(ImportIssue) -> ParsedStatement
}

extension StatementReader {
    /// Reads a whole file with its entries in the result (tests and tools).
    /// - Complexity: O(n) in the file's size; memory is the decoded bytes and the entries.
    static func read(_ bytes: [UInt8], context: StatementContext) throws(ImportIssue) -> ParsedStatement {
        let collector = StatementEntryCollector()
        var parsed = try read(bytes, context: context, into: collector)
        parsed.entries = collector.entries
        return parsed
    }
}
