@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The bank CSV reader as it was before it read in chunks: one `DelimitedTable` of every field
/// of the file, the sections as arrays of record numbers, the evidence gathered over them. Kept
/// as the slow, obvious twin of `BankCSVReader.read` (`BankCSVChunkedReadingTests` compare them
/// on random files: same layout, entries, issues, skipped lines and errors). The decisions made
/// from the evidence (`decide`), the column roles and the row converter are shared: what is
/// compared is which records are read, in which order, and what is found in them.
enum WholeTableBankCSVReader {
    /// The old reading, as it was but for what is shared (see the type's comment).
    static func read(_ bytes: [UInt8], options: BankCSVOptions, context: StatementContext) throws(BankCSVError) -> (ParsedStatement, BankCSVLayout) {
        let sink = StatementEntryCollector()
        let suggesting = true
        guard bytes.count < Int(Int32.max) - 16 else { throw BankCSVError(.tooLarge) }
        if let skip = options.skipLines, skip < 0 { throw BankCSVError(.invalidOption("the lines to skip cannot be negative (\(skip))")) }
        var notes: [String] = []
        let decoded = TextDecoding.decode(bytes, declared: options.encoding)
        if let wanted = options.encoding, wanted != decoded.encoding, !(wanted == .utf8 && decoded.encoding == .utf8WithBOM) {
            notes.append("the file reads as \(decoded.encoding), so the given encoding \(wanted) was not used")
        }
        let text = decoded.bytes
        guard text.contains(where: { $0 > 0x20 }) else { throw BankCSVError(.empty) }

        // The delimiter.
        let explicitNames = options.columns.values.compactMap { reference -> String? in
            if case .header(let name) = reference { return name }
            return nil
        }
        var start = 0, firstLine = 1
        let declaration = BankCSVReader.delimiterDeclaration(text)
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
            let detected = BankCSVReader.detectDelimiter(text, start: start, firstLine: firstLine, explicitNames: explicitNames)
            (delimiter, delimiterReason) = (detected.0, "detected: " + detected.1)
            if detected.1.contains("a header is found with") { notes.append("delimiter " + delimiterReason) }
        }

        let table = DelimitedTable(text, delimiter: delimiter, start: start, firstLine: firstLine)
        if let line = table.unterminatedQuoteLine { throw BankCSVError(.unterminatedQuote(line: line)) }
        guard table.recordCount > 0 else { throw BankCSVError(.empty) }

        // The header (or a known headerless export's names), and the export it is.
        var headerRecord: Int?
        var tableFirst: Int
        if let skip = options.skipLines {
            guard let first = (0..<table.recordCount).first(where: { table.line(of: $0) > skip }) else {
                throw BankCSVError(.invalidOption("the file has nothing after line \(skip), the lines to skip"))
            }
            tableFirst = first
        } else if let found = (0..<min(table.recordCount, BankCSVReader.headerSearchRecords)).first(where: {
            BankCSVReader.headerQualifies(table.strings(of: $0), explicitNames: explicitNames)
        }) {
            tableFirst = found
            headerRecord = found
        } else {
            tableFirst = tableStart(table, from: 0) ?? 0
        }
        if headerRecord == nil {
            // A line found by position is the header unless it is a transaction itself.
            let isData = table.withView { BankCSVReader.looksLikeDataAnywhere($0, tableFirst) }
            if !isData || !explicitNames.isEmpty { headerRecord = tableFirst }
        }
        let headerStrings = headerRecord.map { table.strings(of: $0) } ?? []
        var headers = headerStrings.map(HeaderName.init)
        var export: KnownExport?
        if headerRecord != nil {
            export = KnownExport.recognise(headers)
        } else if let found = KnownExport.recognise(headerlessRow: table.strings(of: tableFirst), delimiter: delimiter), let shape = found.headerless {
            export = found
            headers = shape.names.map(HeaderName.init)
        }
        let headerLine = headerRecord.map(table.line(of:))
        let firstData = headerRecord.map { $0 + 1 } ?? tableFirst
        var columnCount = headers.count
        for record in firstData..<table.recordCount { columnCount = max(columnCount, table.fieldCount(of: record)) }
        if let export { notes.append("the layout of \(export.name)'s export" + (headerRecord == nil ? " (no header: its columns are known by their place)" : "")) }

        // What the options name.
        let explicit = try BankCSVReader.explicitColumns(options, headers: headerRecord == nil ? [] : headers, columnCount: columnCount,
                                                         headerLine: headerLine, headerStrings: headerStrings)

        // Roles from names, checked against the cells of the rows that look like transactions.
        var proposals = ColumnRoles.proposals(headers: headers, columnCount: columnCount, explicit: explicit, export: export)
        let proposedDates = proposals.filter { $0.value.role == .date || $0.value.role == .valueDate }.map(\.key).sorted()
        let proposedAmounts = proposals.filter { [.amount, .debit, .credit].contains($0.value.role) }.map(\.key).sorted()
        let (profiles, profiledTransactions, amountRows) = profile(table, from: firstData, columnCount: columnCount) { view, record in
            proposedDates.isEmpty || proposedAmounts.isEmpty
                ? BankCSVReader.looksLikeDataAnywhere(view, record)
                : BankCSVReader.looksLikeData(view, record, dateColumns: proposedDates, amountColumns: proposedAmounts)
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
            throw BankCSVReader.missingColumnsError(missing, bytes: bytes, options: options, context: context, suggesting: suggesting,
                                      headerLine: headerLine ?? table.line(of: tableFirst),
                                      headers: headerStrings, roles: roles, profiles: profiles)
        }

        let columns = BankCSVReader.columnPlan(roles: roles, headers: headers, export: export)
        var evidence = RowEvidence(plan: columns, evidenceColumns: BankCSVReader.evidenceColumns(of: columns, roles: roles))
        let sections = sections(table, firstData: firstData, header: headerStrings, roles: roles, delimiter: delimiter)
        var statement = ParsedStatement(format: .bankCSV, encoding: decoded.encoding)
        let preambleEnd = headerRecord ?? firstData
        let preamble = BankCSVReader.preambleFacts(table, records: 0..<preambleEnd)
        let tableLine = table.line(of: preambleEnd)
        let blankBefore = table.blankLines.map(Int.init).filter { $0 < tableLine }
        for line in blankBefore { statement.skipped.append(SkippedPart(.line(line), "a blank line before the header")) }
        if declaration != nil { statement.skipped.append(SkippedPart(.line(1), "the delimiter declaration (sep=)")) }
        for record in 0..<preambleEnd {
            let text = BankCSVReader.maskedLineText(table.strings(of: record), delimiter: delimiter)
            statement.skipped.append(SkippedPart(.line(table.line(of: record)), "before the header: " + text))
        }
        statement.skipped += sections.skipped
        var footerLines: [BankCSVLayout.Line] = []
        for record in sections.footer {
            let text = BankCSVReader.maskedLineText(table.strings(of: record), delimiter: delimiter)
            footerLines.append(BankCSVLayout.Line(line: table.line(of: record), text: text))
            statement.skipped.append(SkippedPart(.line(table.line(of: record)), "after the last transaction: " + text))
        }

        // Decisions for the whole file, then the rows.
        table.withView { view in
            for record in sections.rows { evidence.add(view, record, line: Int(view.line(record))) }
        }
        let decided = BankCSVReader.decide(plan: columns, evidence: evidence, headers: headers, roles: roles, options: options,
                                           export: export, preamble: preamble)
        notes += decided.notes
        var assembler = BankCSVRowAssembler(plan: decided.plan, clock: context.clock, sectionStatuses: sections.sectionStatuses, sink: sink)
        let continuations = Set(sections.continuations)
        table.withView { view in
            for record in (sections.rows + sections.continuations).sorted() {
                if continuations.contains(record) {
                    assembler.continuation(view, local: record)
                } else {
                    assembler.row(view, local: record, record: record)
                }
            }
        }
        assembler.finish()
        notes += assembler.notes
        statement.issues = assembler.issues
        statement.skipped += assembler.skipped
        statement.skipped.sort { $0.location.order < $1.location.order }
        statement.accounts = assembler.accounts
        statement.warnings = notes
        statement.entries = sink.entries

        var layoutSections = BankCSVReader.Sections()
        layoutSections.footer = footerLines
        layoutSections.rowCount = sections.rows.count
        let layout = BankCSVReader.makeLayout(
            delimiter: delimiter, delimiterReason: delimiterReason, encoding: decoded.encoding, encodingReason: decoded.guessReason,
            lineEnds: table.lineEndStyle, headerLine: headerLine, headerStrings: headerStrings, names: headers, roles: roles,
            columnCount: columnCount, decided: decided,
            currencyReason: assembler.currencyReason(headers: headers, fileCurrencySource: decided.fileCurrencySource),
            preambleLines: Array(1..<max(1, table.line(of: preambleEnd))), sections: layoutSections, export: export,
            inferred: inferred, notes: notes)
        return (statement, layout)
    }

    /// Profiles of the columns over the first rows that look like transactions (over the first
    /// non-empty rows when none does, so that the error can still propose columns), whether
    /// they are transactions, and the amount columns of each profiled row.
    static func profile(_ table: DelimitedTable, from first: Int, columnCount: Int,
                        looksLikeData: (DelimitedTable.View, Int) -> Bool) -> ([ColumnProfile], Bool, [UInt64]) {
        table.withView { view in
            var chosen: [Int] = []
            for record in first..<table.recordCount where chosen.count < BankCSVReader.profiledRows && looksLikeData(view, record) {
                chosen.append(record)
            }
            let areTransactions = !chosen.isEmpty
            if chosen.isEmpty {
                chosen = Array((first..<table.recordCount).lazy.filter { !view.isEmpty($0) }.prefix(BankCSVReader.profiledRows))
            }
            var profiles = Array(repeating: ColumnProfile(), count: columnCount)
            var amountRows: [UInt64] = []
            for record in chosen {
                var amounts: UInt64 = 0
                for column in 0..<min(columnCount, view.fieldCount(of: record)) {
                    let before = profiles[column].amounts
                    profiles[column].add(ByteText.trimmed(view.field(record, column)), line: Int(view.line(record)))
                    if column < 64 && profiles[column].amounts > before { amounts |= 1 << UInt64(column) }
                }
                amountRows.append(amounts)
            }
            return (profiles, areTransactions, amountRows)
        }
    }

    /// The records after the header, sorted into transactions, continuations, skipped rows and footer.
    struct WholeSections {
        /// The records to convert, in order.
        var rows: [Int] = []
        /// The records that continue the row above them.
        var continuations: [Int] = []
        var skipped: [SkippedPart] = []
        /// The records after the last transaction.
        var footer: [Int] = []
        var sectionStatuses: [(record: Int, status: TransactionStatus)] = []
    }

    /// Sorts the records after the header (see `BankCSVReader+Sections`).
    static func sections(_ table: DelimitedTable, firstData: Int, header: [String], roles: ColumnRoles,
                         delimiter: UInt8) -> WholeSections {
        guard let dateColumn = roles.column(.date) else { return WholeSections() }
        let amountColumns = BankCSVReader.amountColumns(roles)
        let textColumns = BankCSVReader.textColumns(roles)
        let headerFirst = Array((header.first ?? "").utf8)
        return table.withView { view in
            var sections = WholeSections()
            let records = firstData..<table.recordCount
            let dataLike = records.filter {
                BankCSVReader.looksLikeData(view, $0, dateColumns: [dateColumn], amountColumns: amountColumns)
                    || (BankCSVRowConverter.isPendingWord(ByteText.trimmed(view.field($0, dateColumn)))
                        && BankCSVReader.hasAmount(view, $0, amountColumns))
            }
            guard let lastData = dataLike.last else {
                // Nothing reads as a transaction. A row with digits in its date cell is one whose
                // date cannot be read: it is a row, so that it names its problem; the others
                // (`Total`, a disclaimer) are footer.
                for record in records where !view.isEmpty(record) {
                    let hasDigits = ByteText.trimmed(view.field(record, dateColumn)).contains { $0 >= 0x30 && $0 <= 0x39 }
                    if hasDigits { sections.rows.append(record) } else { sections.footer.append(record) }
                }
                return sections
            }
            // Balance and total lines at either end of the data.
            var balanceLines: Set<Int> = []
            var leading = 0
            while leading < dataLike.count, BankCSVReader.isBalanceLine(view, dataLike[leading], textColumns) {
                balanceLines.insert(dataLike[leading])
                leading += 1
            }
            var trailing = dataLike.count - 1
            while trailing > leading, BankCSVReader.isBalanceLine(view, dataLike[trailing], textColumns) {
                balanceLines.insert(dataLike[trailing])
                trailing -= 1
            }
            var continuing = false
            for record in records {
                let line = Int(view.line(record))
                let continued = continuing
                continuing = false
                func skip(_ why: String) {
                    sections.skipped.append(SkippedPart(.line(line), why + ": " + BankCSVReader.maskedLineText(table.strings(of: record), delimiter: delimiter)))
                }
                if record > lastData {
                    if continued && BankCSVReader.otherRow(view, record, dateColumn: dateColumn, amountColumns: amountColumns,
                                                           textColumns: textColumns, afterRow: true) == .continuation {
                        sections.continuations.append(record)
                        continuing = true
                    } else if !view.isEmpty(record) {
                        sections.footer.append(record)
                    }
                } else if view.isEmpty(record) {
                    sections.skipped.append(SkippedPart(.line(line), "an empty row"))
                } else if balanceLines.contains(record) {
                    skip("a balance or total line")
                } else if !header.isEmpty && view.fieldCount(of: record) == header.count
                            && view.field(record, 0).elementsEqual(headerFirst) && table.strings(of: record) == header {
                    sections.skipped.append(SkippedPart(.line(line), "the header again"))
                } else if BankCSVReader.looksLikeData(view, record, dateColumns: [dateColumn], amountColumns: amountColumns) {
                    sections.rows.append(record)
                    continuing = true
                } else {
                    switch BankCSVReader.otherRow(view, record, dateColumn: dateColumn, amountColumns: amountColumns, textColumns: textColumns,
                                                  afterRow: continued) {
                    case .row:
                        sections.rows.append(record)
                        continuing = true
                    case .summary: skip("a balance or total line")
                    case .notice(let status):
                        skip("a notice line")
                        if let status { sections.sectionStatuses.append((record, status)) }
                    case .continuation:
                        sections.continuations.append(record)
                        continuing = true
                    case .blank: skip("a row with no date, amount or text")
                    }
                }
            }
            return sections
        }
    }

    /// The first record of the longest run of records with the same field count (two or
    /// more): where a table starts when no header can be named.
    static func tableStart(_ table: DelimitedTable, from first: Int) -> Int? {
        var best: (start: Int, length: Int)?
        var record = first
        while record < table.recordCount {
            let count = table.fieldCount(of: record)
            var end = record + 1
            while end < table.recordCount && table.fieldCount(of: end) == count { end += 1 }
            if count >= 2 && (best == nil || end - record > best!.length) { best = (record, end - record) }
            record = end
        }
        return best?.start
    }
}
