import TransactionSearch

/// Splitting the records after the header into transactions and the rest. The footer is every
/// record after the last one that looks like a transaction (a date, or a `Pending` in the date
/// column, and an amount). Inside the data:
/// - empty rows, a repeated header, and balance or total lines at either end are skipped;
/// - a row with no date whose text is a balance, turnover or total (`Anfangssaldo`, `Umsätze
///   Soll`, `Total Pending Checks`) is skipped;
/// - a line whose only text is in its first (or date) cell is a notice (`Posted Transactions`),
///   skipped; one that names pending or posted transactions sets the status of the rows below;
/// - a line with no date and no amount, whose first cell is empty and whose text is in the
///   text columns alone (`,,TESCO EXPRESS LONDON`), continues the row above (also right after
///   the last row);
/// - a row with neither date, amount nor text is skipped;
/// - any other row is a transaction, and a bad one becomes an issue, never silently dropped.
///
/// Two passes over the records, a chunk at a time (`DelimitedChunks`): the first finds the last
/// record that looks like a transaction and the balance lines at either end; the second sorts
/// every record and hands each transaction row to the evidence for the file's decisions.
extension BankCSVReader {
    /// The records after the header, sorted into transactions, continuations, skipped rows and footer.
    struct Sections {
        /// A bit per record (by its number in the file): it is a transaction row.
        var rows = RecordBits()
        /// A bit per record: it continues the row above.
        var continuations = RecordBits()
        /// How many rows are set in `rows`.
        var rowCount = 0
        var skipped: [SkippedPart] = []
        /// The records after the last transaction, with their text (account numbers masked).
        var footer: [BankCSVLayout.Line] = []
        /// Section lines that set the status of the rows after them, in file order.
        var sectionStatuses: [(record: Int, status: TransactionStatus)] = []
    }

    /// Where the records that look like transactions end, and which of them are balance lines.
    struct DataExtent {
        /// The last record with a date and an amount; nil when none has.
        var lastData: Int?
        /// The balance and total lines among those records at either end: the ones before the
        /// first other such record, and the ones after the last.
        var balanceLines: Set<Int> = []

        /// With `records` among the balance lines too.
        func adding(_ records: [Int]) -> DataExtent {
            var extent = self
            extent.balanceLines.formUnion(records)
            return extent
        }
    }

    /// How many of the last records that look like transactions the first pass remembers, to
    /// find the balance lines at the end without asking every row (a key per row is costly).
    static let trailingCandidates = 64

    /// The columns a row's text is looked for in, in order: payees, descriptions, notes.
    static func textColumns(_ roles: ColumnRoles) -> [Int] {
        roles.columns(.merchant) + roles.columns(.description) + roles.columns(.notes)
    }

    /// The amount, debit and credit columns.
    static func amountColumns(_ roles: ColumnRoles) -> [Int] {
        [roles.column(.amount), roles.column(.debit), roles.column(.credit)].compactMap { $0 }
    }

    /// The first pass: the last record that looks like a transaction, and the balance lines at
    /// either end of the records that do. The leading ones are found as they come; the
    /// trailing ones among the last `trailingCandidates` such records, read again at the end
    /// (and when all of those are balance lines, in a pass that asks every such record).
    static func dataExtent(_ file: DelimitedChunks, from first: DelimitedChunks.Position, in structure: DelimitedChunks.Structure,
                           roles: ColumnRoles) -> DataExtent {
        var extent = DataExtent()
        guard let dateColumn = roles.column(.date) else { return extent }
        let amountColumns = amountColumns(roles)
        let textColumns = textColumns(roles)
        func looksLikeTransaction(_ view: DelimitedTable.View, _ record: Int) -> Bool {
            if looksLikeData(view, record, dateColumns: [dateColumn], amountColumns: amountColumns) { return true }
            return BankCSVRowConverter.isPendingWord(ByteText.trimmed(view.field(record, dateColumn)))
                && hasAmount(view, record, amountColumns)
        }
        var leading = true  // no record that looks like a transaction and is no balance line yet
        var dataRecords = 0, leadingCount = 0
        var recent: [Int] = []  // the last such records (at least `trailingCandidates` of them)
        file.forEach(from: first) { chunk, firstRecord in
            chunk.withView { view in
                for local in 0..<chunk.recordCount where looksLikeTransaction(view, local) {
                    let record = firstRecord + local
                    extent.lastData = record
                    dataRecords += 1
                    if leading {
                        if isBalanceLine(view, local, textColumns) {
                            extent.balanceLines.insert(record)
                            leadingCount += 1
                        } else {
                            leading = false
                        }
                    }
                    recent.append(record)
                    if recent.count == 2 * trailingCandidates { recent.removeFirst(trailingCandidates) }
                }
            }
            return true
        }
        guard !leading, let lastData = extent.lastData else { return extent }  // all are leading balance lines, or none is

        // The balance lines at the end: the last records that look like transactions, from the end back to one that is none.
        var trailing: [Int] = []
        var isBalance: [Int: Bool] = [:]
        let candidates = Set(recent)
        file.forEach(from: file.position(ofRecord: recent[0], in: structure)) { chunk, firstRecord in
            chunk.withView { view in
                for local in 0..<chunk.recordCount where candidates.contains(firstRecord + local) {
                    isBalance[firstRecord + local] = isBalanceLine(view, local, textColumns)
                }
            }
            return firstRecord + chunk.recordCount <= lastData
        }
        for record in recent.reversed() {
            guard isBalance[record] == true else { return extent.adding(trailing) }
            trailing.append(record)
        }
        guard dataRecords > recent.count else { return extent.adding(trailing) }

        // More balance lines at the end than were remembered: every such record is asked.
        trailing = []
        var seen = 0
        file.forEach(from: first) { chunk, firstRecord in
            chunk.withView { view in
                for local in 0..<chunk.recordCount where looksLikeTransaction(view, local) {
                    seen += 1
                    guard seen > leadingCount else { continue }
                    if isBalanceLine(view, local, textColumns) {
                        trailing.append(firstRecord + local)
                    } else {
                        trailing.removeAll(keepingCapacity: true)
                    }
                }
            }
            return true
        }
        return extent.adding(trailing)
    }

    /// The second pass: sorts the records from `first` on (see the extension's comment), and
    /// adds each transaction row to `evidence`.
    static func sections(_ file: DelimitedChunks, from first: DelimitedChunks.Position, recordCount: Int, extent: DataExtent,
                         header: [String], roles: ColumnRoles, evidence: inout RowEvidence) -> Sections {
        var sections = Sections()
        sections.rows = RecordBits(count: recordCount)
        sections.continuations = RecordBits(count: recordCount)
        guard let dateColumn = roles.column(.date) else { return sections }
        let headerFirst = Array((header.first ?? "").utf8)
        let delimiter = file.delimiter
        let amountColumns = amountColumns(roles)
        let textColumns = textColumns(roles)
        var continuing = false  // the record before was a row or continued one
        file.forEach(from: first) { chunk, firstRecord in
            chunk.withView { view in
                for local in 0..<chunk.recordCount {
                    let record = firstRecord + local
                    let line = Int(view.line(local))
                    func skip(_ why: String) {
                        sections.skipped.append(SkippedPart(.line(line), why + ": " + maskedLineText(chunk.strings(of: local), delimiter: delimiter)))
                    }
                    var isRow = false
                    let continued = continuing
                    continuing = false
                    if let lastData = extent.lastData {
                        if record > lastData {
                            if continued && otherRow(view, local, dateColumn: dateColumn, amountColumns: amountColumns,
                                                     textColumns: textColumns, afterRow: true) == .continuation {
                                sections.continuations[record] = true
                                continuing = true
                            } else if !view.isEmpty(local) {
                                sections.footer.append(footerLine(chunk, local, delimiter: delimiter))
                            }
                        } else if view.isEmpty(local) {
                            sections.skipped.append(SkippedPart(.line(line), "an empty row"))
                        } else if extent.balanceLines.contains(record) {
                            skip("a balance or total line")
                        } else if !header.isEmpty && view.fieldCount(of: local) == header.count
                                    && view.field(local, 0).elementsEqual(headerFirst) && chunk.strings(of: local) == header {
                            sections.skipped.append(SkippedPart(.line(line), "the header again"))
                        } else if looksLikeData(view, local, dateColumns: [dateColumn], amountColumns: amountColumns) {
                            isRow = true
                        } else {
                            switch otherRow(view, local, dateColumn: dateColumn, amountColumns: amountColumns, textColumns: textColumns,
                                            afterRow: continued) {
                            case .row: isRow = true
                            case .summary: skip("a balance or total line")
                            case .notice(let status):
                                skip("a notice line")
                                if let status { sections.sectionStatuses.append((record, status)) }
                            case .continuation:
                                sections.continuations[record] = true
                                continuing = true
                            case .blank: skip("a row with no date, amount or text")
                            }
                        }
                    } else if !view.isEmpty(local) {
                        // Nothing reads as a transaction. A row with digits in its date cell is one whose
                        // date cannot be read: it is a row, so that it names its problem; the others
                        // (`Total`, a disclaimer) are footer.
                        isRow = ByteText.trimmed(view.field(local, dateColumn)).contains { $0 >= 0x30 && $0 <= 0x39 }
                        if !isRow { sections.footer.append(footerLine(chunk, local, delimiter: delimiter)) }
                    }
                    if isRow {
                        continuing = true
                        sections.rows[record] = true
                        sections.rowCount += 1
                        evidence.add(view, local, line: line)
                    }
                }
            }
            return true
        }
        return sections
    }

    /// What a record inside the data that has no readable date and amount is.
    enum OtherRow: Equatable {
        /// A transaction after all (a `Pending` date, or a date or amount it will say is bad).
        case row
        case summary
        /// A line of text, which may say the status of the rows below it.
        case notice(TransactionStatus?)
        case continuation
        case blank
    }

    /// Classifies a record with no readable date and amount (see the extension's comment);
    /// `afterRow`: a transaction row (or its continuation) comes right before it.
    static func otherRow(_ view: DelimitedTable.View, _ record: Int, dateColumn: Int, amountColumns: [Int], textColumns: [Int],
                         afterRow: Bool) -> OtherRow {
        let dateCell = ByteText.trimmed(view.field(record, dateColumn))
        let amount = hasAmount(view, record, amountColumns)
        if BankCSVRowConverter.isPendingWord(dateCell) && amount { return .row }
        var filled: [Int] = []
        for column in 0..<view.fieldCount(of: record) where !ByteText.trimmed(view.field(record, column)).isEmpty {
            filled.append(column)
        }
        // The row's text: its first text column's, else its first non-empty cell's.
        if let textColumn = textColumns.first(where: { !ByteText.trimmed(view.field(record, $0)).isEmpty }) ?? filled.first {
            let bytes = ByteText.trimmed(view.field(record, textColumn))
            if bytes.count <= 80 {
                let key = ByteText.key(bytes)
                let firstWord = key.split(separator: " ").first.map(String.init) ?? ""
                if SummaryWords.strength(key: key) != nil || SummaryWords.strength(key: firstWord) == .alone { return .summary }
            }
        }
        if dateCell.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) || amount { return .row }
        let hasLetters = filled.contains { column in
            ByteText.trimmed(view.field(record, column)).contains { $0 >= 0x80 || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }
        }
        guard hasLetters, let first = filled.first else { return .blank }
        // `,,more text`: the line starts empty, and its text sits in the text columns alone.
        if afterRow && first != 0 && first != dateColumn && filled.allSatisfy({ textColumns.contains($0) }) { return .continuation }
        return .notice(SummaryWords.sectionStatus(key: ByteText.key(ByteText.trimmed(view.field(record, first)))))
    }

    /// Whether any amount column of the row holds an amount.
    static func hasAmount(_ view: DelimitedTable.View, _ record: Int, _ amountColumns: [Int]) -> Bool {
        amountColumns.contains { column in
            let bytes = ByteText.trimmed(view.field(record, column))
            return !bytes.isEmpty && AmountScanner.scan(bytes) != nil && DateScanner.scan(bytes) == nil
        }
    }

    /// A footer record as the layout lists it.
    private static func footerLine(_ chunk: DelimitedTable, _ record: Int, delimiter: UInt8) -> BankCSVLayout.Line {
        BankCSVLayout.Line(line: chunk.line(of: record), text: maskedLineText(chunk.strings(of: record), delimiter: delimiter))
    }

    /// Whether a row's first text is a balance or total (`Opening balance`, `Anfangssaldo`,
    /// `Solde`, `Abschlusssaldo`, `Sākuma atlikums`).
    static func isBalanceLine(_ view: DelimitedTable.View, _ record: Int, _ textColumns: [Int]) -> Bool {
        for column in textColumns {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { continue }
            guard bytes.count <= 80 else { return false }
            return SummaryWords.strength(key: ByteText.key(bytes)) != nil
        }
        return false
    }
}
