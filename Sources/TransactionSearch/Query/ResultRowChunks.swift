/// The rows of a result's page in order, a chunk at a time, made as they are reached (see
/// `TransactionStore.search(_:rowsInChunksOf:_:)`). Valid only inside that call's body.
public struct ResultRowChunks: Sequence, IteratorProtocol {
    /// Cleared when the body returns, so that a kept copy traps instead of reading rows the
    /// store may have changed.
    final class Validity {
        var isValid = true
    }

    private let assembler: ResultAssembler
    private let page: [(row: UInt32, group: UInt32)]
    private let chunkSize: Int
    private var highlighter: MatchHighlighter
    private let validity: Validity
    private var position = 0

    init(assembler: ResultAssembler, page: [(row: UInt32, group: UInt32)], chunkSize: Int, highlighter: MatchHighlighter,
         validity: Validity) {
        self.assembler = assembler
        self.page = page
        self.chunkSize = chunkSize
        self.highlighter = highlighter
        self.validity = validity
    }

    /// How many rows the page has in all.
    public var rowCount: Int { page.count }

    /// The next chunk (never empty), or nil after the last.
    public mutating func next() -> [ResultRow]? {
        precondition(validity.isValid, "ResultRowChunks read after the search's body returned")
        guard position < page.count else { return nil }
        let end = position + Swift.min(chunkSize, page.count - position)
        defer { position = end }
        return assembler.rows(page[position..<end], highlighter: &highlighter)
    }
}
