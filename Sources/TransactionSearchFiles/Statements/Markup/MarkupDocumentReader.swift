import TransactionSearch

/// A statement format read from markup (OFX, camt): the reader reacts to each element event and
/// collects entries in `output`; this extension walks the events and hands the entries over as
/// soon as their statement is complete, the same for every markup format.
protocol MarkupDocumentReader {
    /// The element events of the decoded bytes.
    var elements: MarkupElementReader { get set }
    /// What has been read: entries not yet handed over, issues, accounts, skipped parts.
    var output: ParsedStatement { get set }
    /// Entries given to the sink so far.
    var handedOver: Int { get set }
    /// Whether no open statement still lacks its currency or account (entries may go now).
    var entriesCanGo: Bool { get }
    mutating func open(_ event: MarkupElementReader.Event)
    mutating func leaf(_ event: MarkupElementReader.Event)
    mutating func close(_ event: MarkupElementReader.Event)
    /// Checks, at the end of the file, that it held a statement.
    mutating func finish() throws(ImportIssue)
}

extension MarkupDocumentReader {
    /// Reads every element, handing each entry to `sink` as soon as it is complete, then
    /// checks that the file held a statement. The entries are not in the result. Entries read
    /// before their statement names its account or currency wait, with those after them,
    /// until the statement closes; all others are handed over at once, so memory holds no
    /// list of the file's entries.
    mutating func read<Sink: StatementEntrySink>(into sink: Sink) throws(ImportIssue) -> ParsedStatement {
        while let event = try elements.next() {
            switch event.kind {
            case .open: open(event)
            case .leaf: leaf(event)
            case .close: close(event)
            }
            if !output.entries.isEmpty && entriesCanGo { handOver(to: sink) }
        }
        try finish()
        handOver(to: sink)
        return output
    }

    /// Gives the entries read so far to the sink (none may wait for its statement).
    private mutating func handOver<Sink: StatementEntrySink>(to sink: Sink) {
        for entry in output.entries { sink.accept(entry) }
        handedOver += output.entries.count
        output.entries.removeAll(keepingCapacity: true)
    }
}
