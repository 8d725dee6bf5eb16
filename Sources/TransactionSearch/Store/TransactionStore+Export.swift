extension TransactionStore {
    /// Every transaction in an interchange format, oldest first: CSV with the header of docs/SPEC.md section 1, or
    /// JSON Lines (`jsonLines`) or a JSON array (one object a line). Importing the output into
    /// a store with the same zone and base currency gives back the same transactions.
    /// - Complexity: O(n).
    public func export(as format: InterchangeFormat, jsonLines: Bool = false) -> String {
        TransactionStore.render(transactions(in: .dateAscending), as: format, jsonLines: jsonLines)
    }

    /// Writes transactions in an interchange format (see `export(as:jsonLines:)`). CSV without
    /// its header (`includingHeader: false`) continues an earlier rendering, for writing rows
    /// a chunk at a time.
    public static func render(_ transactions: [Transaction], as format: InterchangeFormat, jsonLines: Bool = false,
                              includingHeader: Bool = true) -> String {
        switch format {
        case .csv:
            var writer = CSVWriter()
            if includingHeader { writer.writeHeader() }
            for transaction in transactions { writer.write(transaction) }
            return writer.text
        case .json:
            if jsonLines {
                return transactions.map { JSONWriter.object($0) + "\n" }.joined()
            }
            guard !transactions.isEmpty else { return "[]\n" }
            return "[\n" + transactions.map { JSONWriter.object($0) }.joined(separator: ",\n") + "\n]\n"
        }
    }
}
