extension StatementFormat {
    /// The format of a file, from its content (the file name plays no part): OFX/QFX, camt,
    /// MT940/MT942 and QIF by their markers; our own JSON by its first character; our own CSV
    /// by a header naming date, merchant and amount; any other delimited text with a date and
    /// an amount column is a bank CSV export. Nil when it is none of them.
    /// - Complexity: reads the first few kilobytes (a bank CSV's first lines).
    public static func detect(_ bytes: [UInt8]) -> StatementFormat? {
        if OFXReader.looksLike(bytes) { return .ofx }
        if CamtReader.looksLike(bytes) { return .camt }
        if MT940Reader.looksLike(bytes) { return .mt940 }
        if QIFReader.looksLike(bytes) { return .qif }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return .json }
        if TransactionReader.hasOwnCSVHeader(bytes) { return .csv }
        if BankCSVReader.looksLike(bytes) { return .bankCSV }
        return nil
    }

    /// The format a file name suggests, as a fallback for content that says nothing:
    /// `.csv`, `.json`/`.jsonl`/`.ndjson`, `.ofx`/`.qfx`, `.qif`, `.xml` (camt), `.sta`/`.940`/`.942`/`.mt940`.
    public init?(pathExtension path: String) {
        let lower = path.lowercased()
        let suffixes: [(String, StatementFormat)] = [
            (".csv", .csv), (".json", .json), (".jsonl", .json), (".ndjson", .json), (".ofx", .ofx), (".qfx", .ofx),
            (".qif", .qif), (".xml", .camt), (".sta", .mt940), (".940", .mt940), (".942", .mt940), (".mt940", .mt940),
        ]
        guard let match = suffixes.first(where: { lower.hasSuffix($0.0) }) else { return nil }
        self = match.1
    }
}
