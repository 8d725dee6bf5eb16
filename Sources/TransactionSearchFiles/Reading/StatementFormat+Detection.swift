import TransactionSearch

extension StatementFormat {
    /// The format of a file, from its content (the file name plays no part), in this order:
    /// 1. OFX/QFX, camt, MT940/MT942 and QIF by their markers; our own JSON by its first
    ///    character (`[` or `{`);
    /// 2. our own CSV: a first line of comma-separated names that are all ours (SPEC section 1)
    ///    and include `date`, `merchant` and `amount`;
    /// 3. a bank CSV export: a line naming a date and an amount column (seven languages),
    ///    followed by a row holding both;
    /// 4. our own CSV again when its first line has two or more names, all ours, but lacks a
    ///    required one (so its error names the missing column);
    /// 5. any other delimited text with a row holding a date and an amount in two cells: a bank
    ///    export whose columns are not recognised, so that its error lists the headers seen,
    ///    the closest columns and the `--map` options that read it.
    /// Nil when it is none of them.
    /// - Complexity: reads the first few kilobytes (a bank CSV's first lines).
    public static func detect(_ bytes: [UInt8]) -> StatementFormat? {
        if OFXReader.looksLike(bytes) { return .ofx }
        if CamtReader.looksLike(bytes) { return .camt }
        if MT940Reader.looksLike(bytes) { return .mt940 }
        if QIFReader.looksLike(bytes) { return .qif }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return .json }
        let ownColumns = TransactionReader.ownCSVColumns(bytes)
        if let ownColumns, [TransactionField.date, .merchant, .amount].allSatisfy(ownColumns.contains) { return .csv }
        let bank = BankCSVReader.resemblance(bytes)
        if bank == .namedLayout { return .bankCSV }
        if let ownColumns, ownColumns.count >= 2 { return .csv }
        if bank == .unnamedTable { return .bankCSV }
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
