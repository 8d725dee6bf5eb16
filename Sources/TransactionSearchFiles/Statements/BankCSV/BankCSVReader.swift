import TransactionSearch

/// Reads any bank's CSV export: finds its delimiter, encoding, preamble, header and footer,
/// gives each column a role from its name (seven languages) and its cells, decides date order,
/// decimal separators and sign convention once per file, then turns every data row into a
/// `StatementEntry`. `BankCSVLayout` says what was understood and why; `BankCSVOptions` decide
/// what the file cannot. How it works: docs/bank-csv.md.
enum BankCSVReader {
    /// How much of a bank CSV export a file shows, from its first 64 KiB.
    enum Resemblance: Hashable {
        /// Not a table of transactions (or not text).
        case none
        /// Delimited text with a row holding a date and an amount in two of its cells, whose
        /// header (if any) names no date or no amount column the reader knows: reading it fails
        /// with a `BankCSVError` that says which options would read it.
        case unnamedTable
        /// A header naming a date and an amount (or a debit or credit), followed by a row
        /// holding both: a layout the reader recognises.
        case namedLayout
    }

    /// Whether the bytes look like a bank CSV export: delimited text with a header that names a
    /// date and an amount (or a debit or credit), followed by a row holding both. Our own CSV
    /// (`date,merchant,amount`) passes too: check for it first.
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        resemblance(bytes) == .namedLayout
    }

    /// How much the bytes look like a bank CSV export (see `Resemblance`). A file with control
    /// characters other than tab, line ends, form feed and a DOS end-of-file mark is not text,
    /// so never an unnamed table.
    /// - Complexity: reads the first 64 KiB, tokenizing 80 lines with each candidate delimiter.
    static func resemblance(_ bytes: [UInt8]) -> Resemblance {
        var prefix = Array(bytes.prefix(64 * 1024))
        if prefix.count < bytes.count, let lastLineEnd = prefix.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            prefix.removeSubrange((lastLineEnd + 1)...)  // whole lines only, so UTF-8 is not cut
        }
        let text = TextDecoding.decode(prefix).bytes
        var start = 0, firstLine = 1
        let delimiter: UInt8
        if let declaration = delimiterDeclaration(text) {
            (delimiter, start, firstLine) = (declaration.delimiter, declaration.next, 2)
        } else {
            delimiter = detectDelimiter(text, start: 0, firstLine: 1, explicitNames: []).0
        }
        let table = DelimitedTable(text, delimiter: delimiter, start: start, firstLine: firstLine, maxRecords: detectionRecords)
        if let header = (0..<table.recordCount).first(where: { headerQualifies(table.strings(of: $0), explicitNames: []) }) {
            let names = table.strings(of: header).map(HeaderName.init)
            var dates: [Int] = [], amounts: [Int] = []
            for (index, name) in names.enumerated() {
                switch HeaderVocabulary.meaning(of: name)?.role {
                case .date?, .valueDate?: dates.append(index)
                case .amount?, .debit?, .credit?: amounts.append(index)
                default: break
                }
            }
            let named = table.withView { view in
                ((header + 1)..<table.recordCount).contains { looksLikeData(view, $0, dateColumns: dates, amountColumns: amounts) }
            }
            if named { return .namedLayout }
        }
        let isText = !text.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C && $0 != 0x1A }
        guard isText else { return .none }
        let holdsTransactions = table.withView { view in
            (0..<table.recordCount).contains { view.fieldCount(of: $0) >= 2 && looksLikeDataAnywhere(view, $0) }
        }
        return holdsTransactions ? .unnamedTable : .none
    }

    /// Reads a bank CSV export.
    /// - Returns: the transactions (bad rows as issues, preamble and footer as skipped parts),
    ///   and what was understood.
    /// - Throws: `BankCSVError` when the file as a whole cannot be read: no text, an unclosed
    ///   quote, a required column that cannot be found (with the headers seen, the closest
    ///   columns and the options that would read it), an option that names no column.
    static func read(_ bytes: [UInt8], options: BankCSVOptions = BankCSVOptions(),
                     context: StatementContext) throws(BankCSVError) -> (ParsedStatement, BankCSVLayout) {
        try read(bytes, options: options, context: context, suggesting: true)
    }

    /// Reads like `read(_:options:context:)`, handing each entry to `sink` as soon as its row
    /// is converted instead of keeping it in the result (whose `entries` stay empty).
    static func read<Sink: StatementEntrySink>(_ bytes: [UInt8], options: BankCSVOptions, context: StatementContext,
                                               into sink: Sink) throws(BankCSVError) -> (ParsedStatement, BankCSVLayout) {
        try read(bytes, options: options, context: context, suggesting: true, into: sink)
    }

    /// `read`, with suggestions in errors only when `suggesting` (the suggestion's own trial
    /// turns them off).
    static func read(_ bytes: [UInt8], options: BankCSVOptions, context: StatementContext, suggesting: Bool,
                     recordsPerChunk: Int = DelimitedChunks.defaultRecordsPerChunk) throws(BankCSVError) -> (ParsedStatement, BankCSVLayout) {
        let collector = StatementEntryCollector()
        var (statement, layout) = try read(bytes, options: options, context: context, suggesting: suggesting,
                                           recordsPerChunk: recordsPerChunk, into: collector)
        statement.entries = collector.entries
        return (statement, layout)
    }

    /// The reading itself: each converted row's entry goes to `sink`.
    ///
    /// Memory: the file's text is the caller's bytes when they are UTF-8 (with or without a byte
    /// order mark), a decoded copy otherwise. The records are read a chunk at a time
    /// (`DelimitedChunks`), in passes: the structure (record count, an unclosed quote, the
    /// widest record); the column profiles (the first rows); which records are transactions
    /// (`dataExtent`, `sections`, which also gather the evidence for the decisions); then
    /// the rows converted one at a time into `sink`. Beyond the sink, a read holds a bit per
    /// record and what it reports (skipped lines, footer).
    static func read<Sink: StatementEntrySink>(_ bytes: [UInt8], options: BankCSVOptions, context: StatementContext,
                                               suggesting: Bool, recordsPerChunk: Int = DelimitedChunks.defaultRecordsPerChunk,
                                               into sink: Sink) throws(BankCSVError) -> (ParsedStatement, BankCSVLayout) {
        guard bytes.count < Int(Int32.max) - 16 else { throw BankCSVError(.tooLarge) }
        if let skip = options.skipLines, skip < 0 { throw BankCSVError(.invalidOption("the lines to skip cannot be negative (\(skip))")) }
        var notes: [String] = []
        let (text, textStart, encoding, encodingReason) = textOf(bytes, declared: options.encoding)
        if let wanted = options.encoding, wanted != encoding, !(wanted == .utf8 && encoding == .utf8WithBOM) {
            notes.append("the file reads as \(encoding), so the given encoding \(wanted) was not used")
        }
        guard text[textStart...].contains(where: { $0 > 0x20 }) else { throw BankCSVError(.empty) }

        // The delimiter.
        let explicitNames = options.columns.values.compactMap { reference -> String? in
            if case .header(let name) = reference { return name }
            return nil
        }
        var start = textStart, firstLine = 1
        let declaration = delimiterDeclaration(text, from: textStart)
        if let declaration { (start, firstLine) = (declaration.next, 2) }
        let delimiter: UInt8
        let delimiterReason: String
        if let given = options.delimiter {
            guard given.utf8.count == 1, let byte = given.utf8.first, byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D else {
                throw BankCSVError(.invalidOption("the delimiter must be one ASCII character other than a quote or a line end, not \(quoted(given))"))
            }
            (delimiter, delimiterReason) = (byte, "given")
        } else if let declaration, declaration.delimiter < 0x80, declaration.delimiter != UInt8(ascii: "\"") {
            (delimiter, delimiterReason) = (declaration.delimiter, "declared on line 1 (sep=)")
        } else {
            let detected = detectDelimiter(text, start: start, firstLine: firstLine, explicitNames: explicitNames)
            (delimiter, delimiterReason) = (detected.0, "detected: " + detected.1)
            if detected.1.contains("a header is found with") { notes.append("delimiter " + delimiterReason) }
        }

        let file = DelimitedChunks(text, delimiter: delimiter, start: start, firstLine: firstLine, recordsPerChunk: recordsPerChunk)
        let structure = file.structure(skip: options.skipLines)
        if let line = structure.unterminatedQuoteLine { throw BankCSVError(.unterminatedQuote(line: line)) }
        guard structure.recordCount > 0 else { throw BankCSVError(.empty) }

        // The header (or a known headerless export's names), and the export it is.
        let table = try tableStart(file, structure: structure, options: options, explicitNames: explicitNames)
        let headerRecord = table.headerRecord
        let headerStrings = table.headerStrings
        let headerLine = headerRecord.map { _ in file.record(table.tableFirst, in: structure).line(of: 0) }
        let headers = table.names
        let export = table.export
        let firstData = table.firstData
        let columnCount = max(headers.count, file.maxFieldCount(from: firstData, in: structure))
        let dataStart = file.position(ofRecord: firstData, in: structure)
        if let export { notes.append("the layout of \(export.name)'s export" + (headerRecord == nil ? " (no header: its columns are known by their place)" : "")) }

        // What the options name.
        let explicit = try explicitColumns(options, headers: headerRecord == nil ? [] : headers, columnCount: columnCount,
                                           headerLine: headerLine, headerStrings: headerStrings)

        // Roles from names (the export's conventions first), checked against the cells of the
        // rows that look like transactions; from the cells alone when the file has no names.
        var proposals = ColumnRoles.proposals(headers: headers, columnCount: columnCount, explicit: explicit, export: export)
        let proposedDates = proposals.filter { $0.value.role == .date || $0.value.role == .valueDate }.map(\.key).sorted()
        let proposedAmounts = proposals.filter { [.amount, .debit, .credit].contains($0.value.role) }.map(\.key).sorted()
        let (profiles, profiledTransactions, amountRows) = profile(file, from: dataStart, columnCount: columnCount) { view, record in
            proposedDates.isEmpty || proposedAmounts.isEmpty
                ? looksLikeDataAnywhere(view, record)
                : looksLikeData(view, record, dateColumns: proposedDates, amountColumns: proposedAmounts)
        }
        let inferred = headers.isEmpty && profiledTransactions
        if inferred {
            let (found, inferredNotes) = HeaderlessRoles.proposals(profiles: profiles, amountRows: amountRows)
            for (index, proposal) in found where proposals[index] == nil && !explicit.values.contains(index)
                && !(explicit.keys.contains(proposal.role) && ColumnRoles.singleRoles.contains(proposal.role)) {
                proposals[index] = proposal
            }
            notes.append("no header: the columns' roles are read from their cells")
            notes += inferredNotes
        }
        var roles = ColumnRoles(headers: headers, columnCount: columnCount, explicit: explicit, export: export)
        roles.decide(proposals: proposals, headers: headers, profiles: profiles, checkingCells: profiledTransactions)
        notes += roles.notes

        var missing: [ColumnRole] = []
        if roles.column(.date) == nil { missing.append(.date) }
        if roles.column(.amount) == nil && roles.column(.debit) == nil && roles.column(.credit) == nil { missing.append(.amount) }
        if roles.columns(.merchant).isEmpty && roles.columns(.description).isEmpty && roles.columns(.notes).isEmpty { missing.append(.merchant) }
        if !missing.isEmpty {
            throw missingColumnsError(missing, bytes: bytes, options: options, context: context, suggesting: suggesting,
                                      headerLine: headerLine ?? file.record(table.tableFirst, in: structure).line(of: 0),
                                      headers: headerStrings, roles: roles, profiles: profiles)
        }

        // Which records are transactions, and what they say for the decisions.
        let columns = columnPlan(roles: roles, headers: headers, export: export)
        var evidence = RowEvidence(plan: columns, evidenceColumns: evidenceColumns(of: columns, roles: roles))
        let extent = dataExtent(file, from: dataStart, in: structure, roles: roles)
        let sections = sections(file, from: dataStart, recordCount: structure.recordCount, extent: extent,
                                header: headerStrings, roles: roles, evidence: &evidence)

        // What comes before the table.
        var statement = ParsedStatement(format: .bankCSV, encoding: encoding)
        let preambleEnd = headerRecord ?? firstData
        let head = file.table(from: file.start, records: preambleEnd + 1)
        let preamble = preambleFacts(head, records: 0..<preambleEnd)
        let tableLine = head.line(of: preambleEnd)
        let blankBefore = head.blankLines.map(Int.init).filter { $0 < tableLine }
        for line in blankBefore { statement.skipped.append(SkippedPart(.line(line), "a blank line before the header")) }
        if declaration != nil { statement.skipped.append(SkippedPart(.line(1), "the delimiter declaration (sep=)")) }
        for record in 0..<preambleEnd {
            let text = maskedLineText(head.strings(of: record), delimiter: delimiter)
            statement.skipped.append(SkippedPart(.line(head.line(of: record)), "before the header: " + text))
        }
        statement.skipped += sections.skipped
        for footer in sections.footer {
            statement.skipped.append(SkippedPart(.line(footer.line), "after the last transaction: " + footer.text))
        }

        // Decisions for the whole file, then the rows.
        let decided = decide(plan: columns, evidence: evidence, headers: headers, roles: roles, options: options, export: export,
                             preamble: preamble)
        notes += decided.notes
        var assembler = BankCSVRowAssembler(plan: decided.plan, clock: context.clock, sectionStatuses: sections.sectionStatuses, sink: sink)
        file.forEach(from: dataStart) { chunk, firstRecord in
            chunk.withView { view in
                for local in 0..<chunk.recordCount {
                    let record = firstRecord + local
                    if sections.rows[record] {
                        assembler.row(view, local: local, record: record)
                    } else if sections.continuations[record] {
                        assembler.continuation(view, local: local)
                    }
                }
            }
            return true
        }
        assembler.finish()
        notes += assembler.notes
        statement.issues = assembler.issues
        statement.skipped += assembler.skipped
        statement.skipped.sort { $0.location.order < $1.location.order }
        statement.accounts = assembler.accounts
        statement.warnings = notes

        let layout = makeLayout(
            delimiter: delimiter, delimiterReason: delimiterReason, encoding: encoding, encodingReason: encodingReason,
            lineEnds: structure.lineEndStyle, headerLine: headerLine, headerStrings: headerStrings, names: headers, roles: roles,
            columnCount: columnCount, decided: decided,
            currencyReason: assembler.currencyReason(headers: headers, fileCurrencySource: decided.fileCurrencySource),
            preambleLines: Array(1..<max(1, tableLine)), sections: sections, export: export, inferred: inferred, notes: notes)
        return (statement, layout)
    }

    /// The file's text as UTF-8, where it starts, and its encoding: the caller's bytes
    /// themselves when they are UTF-8 (after a byte order mark, if any), so that no copy of the
    /// file is made; else `TextDecoding`'s decoded copy.
    static func textOf(_ bytes: [UInt8], declared: TextEncoding?) -> (text: [UInt8], start: Int, encoding: TextEncoding, reason: String?) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (bytes, 3, .utf8WithBOM, nil) }
        let decoded = TextDecoding.decode(bytes, declared: declared)
        return (decoded.bytes, 0, decoded.encoding, decoded.guessReason)
    }

    /// How many rows the column profiles look at (enough to tell dates from currencies; the
    /// decisions that need every row — date order, decimal separator, sign — read them all).
    static let profiledRows = 1000

    /// Profiles of the columns over the first rows from `first` that look like transactions
    /// (over the first non-empty rows when none does, so that the error can still propose
    /// columns), whether they are transactions, and for each profiled row a bit per column (of
    /// the first 64) that holds an amount.
    static func profile(_ file: DelimitedChunks, from first: DelimitedChunks.Position, columnCount: Int,
                        looksLikeData: (DelimitedTable.View, Int) -> Bool) -> ([ColumnProfile], Bool, [UInt64]) {
        var profiles = Array(repeating: ColumnProfile(), count: columnCount)
        var amountRows: [UInt64] = []
        var chosen = 0
        func add(_ view: DelimitedTable.View, _ record: Int) {
            var amounts: UInt64 = 0
            for column in 0..<min(columnCount, view.fieldCount(of: record)) {
                let bytes = ByteText.trimmed(view.field(record, column))
                let before = profiles[column].amounts
                profiles[column].add(bytes, line: Int(view.line(record)))
                if column < 64 && profiles[column].amounts > before { amounts |= 1 << UInt64(column) }
            }
            amountRows.append(amounts)
            chosen += 1
        }
        file.forEach(from: first) { chunk, _ in
            chunk.withView { view in
                for record in 0..<chunk.recordCount where chosen < profiledRows && looksLikeData(view, record) { add(view, record) }
            }
            return chosen < profiledRows
        }
        let areTransactions = chosen > 0
        if !areTransactions {
            file.forEach(from: first) { chunk, _ in
                chunk.withView { view in
                    for record in 0..<chunk.recordCount where chosen < profiledRows && !view.isEmpty(record) { add(view, record) }
                }
                return chosen < profiledRows
            }
        }
        return (profiles, areTransactions, amountRows)
    }
}
