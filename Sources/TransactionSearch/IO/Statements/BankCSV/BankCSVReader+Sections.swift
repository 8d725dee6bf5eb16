/// Splitting the records after the header into transactions and the rest: the footer is every
/// record after the last one with a date and an amount; inside the data, empty rows, a repeated
/// header, and opening or closing balance lines at either end are skipped (and listed); any
/// other row there is a transaction, and a bad one becomes an issue, never silently dropped.
///
/// Two passes over the records, a chunk at a time (`DelimitedChunks`): the first finds the last
/// record with a date and an amount and the balance lines at either end of those; the second
/// sorts every record and hands each transaction row to the evidence for the file's decisions.
extension BankCSVReader {
    /// The records after the header, sorted into transactions, skipped rows and footer.
    struct Sections {
        /// A bit per record (by its number in the file): it is a transaction row.
        var rows = RecordBits()
        /// How many rows are set in `rows`.
        var rowCount = 0
        var skipped: [SkippedPart] = []
        /// The records after the last transaction, with their text (account numbers masked).
        var footer: [BankCSVLayout.Line] = []
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

    /// Texts that start a balance or total line (folded).
    private static let balancePhrases: [String] = [
        "opening balance", "closing balance", "starting balance", "ending balance", "previous balance", "new balance",
        "balance", "total", "totals", "transactions total", "anfangssaldo", "endsaldo", "saldo", "kontostand",
        "alter kontostand", "neuer kontostand", "summe", "gesamt", "solde", "solde initial", "solde final",
        "saldo inicial", "saldo final", "saldo iniziale", "saldo finale", "beginsaldo", "eindsaldo", "saldo anterior",
        "saldo atual",
    ]

    /// How many of the last records that look like transactions the first pass remembers, to
    /// find the balance lines at the end without asking every row (a key per row is costly).
    static let trailingCandidates = 64

    /// The first pass: the last record that looks like a transaction, and the balance lines at
    /// either end of the records that do. The leading ones are found as they come; the
    /// trailing ones among the last `trailingCandidates` such records, read again at the end
    /// (and when all of those are balance lines, in a pass that asks every such record).
    static func dataExtent(_ file: DelimitedChunks, from first: DelimitedChunks.Position, in structure: DelimitedChunks.Structure,
                           roles: ColumnRoles) -> DataExtent {
        var extent = DataExtent()
        guard let dateColumn = roles.column(.date) else { return extent }
        let amountColumns = [roles.column(.amount), roles.column(.debit), roles.column(.credit)].compactMap { $0 }
        let textColumns = roles.columns(.merchant) + roles.columns(.description) + roles.columns(.notes)
        func looksLikeTransaction(_ view: DelimitedTable.View, _ record: Int) -> Bool {
            looksLikeData(view, record, dateColumns: [dateColumn], amountColumns: amountColumns)
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
        guard let dateColumn = roles.column(.date) else { return sections }
        let headerFirst = Array((header.first ?? "").utf8)
        let delimiter = file.delimiter
        file.forEach(from: first) { chunk, firstRecord in
            chunk.withView { view in
                for local in 0..<chunk.recordCount {
                    let record = firstRecord + local
                    let line = Int(view.line(local))
                    let isRow: Bool
                    if let lastData = extent.lastData {
                        if record > lastData {
                            if !view.isEmpty(local) { sections.footer.append(footerLine(chunk, local, delimiter: delimiter)) }
                            isRow = false
                        } else if view.isEmpty(local) {
                            sections.skipped.append(SkippedPart(.line(line), "an empty row"))
                            isRow = false
                        } else if extent.balanceLines.contains(record) {
                            let text = maskedLineText(chunk.strings(of: local), delimiter: delimiter)
                            sections.skipped.append(SkippedPart(.line(line), "a balance or total line: " + text))
                            isRow = false
                        } else if !header.isEmpty && view.fieldCount(of: local) == header.count
                                    && view.field(local, 0).elementsEqual(headerFirst) && chunk.strings(of: local) == header {
                            sections.skipped.append(SkippedPart(.line(line), "the header again"))
                            isRow = false
                        } else {
                            isRow = true
                        }
                    } else if view.isEmpty(local) {
                        isRow = false
                    } else {
                        // Nothing reads as a transaction. A row with digits in its date cell is one whose
                        // date cannot be read: it is a row, so that it names its problem; the others
                        // (`Total`, a disclaimer) are footer.
                        isRow = ByteText.trimmed(view.field(local, dateColumn)).contains { $0 >= 0x30 && $0 <= 0x39 }
                        if !isRow { sections.footer.append(footerLine(chunk, local, delimiter: delimiter)) }
                    }
                    if isRow {
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

    /// A footer record as the layout lists it.
    private static func footerLine(_ chunk: DelimitedTable, _ record: Int, delimiter: UInt8) -> BankCSVLayout.Line {
        BankCSVLayout.Line(line: chunk.line(of: record), text: maskedLineText(chunk.strings(of: record), delimiter: delimiter))
    }

    /// Whether a row's first text is a balance or total (`Opening balance`, `Anfangssaldo`, `Solde`).
    static func isBalanceLine(_ view: DelimitedTable.View, _ record: Int, _ textColumns: [Int]) -> Bool {
        for column in textColumns {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { continue }
            guard bytes.count <= 60 else { return false }
            let key = ByteText.key(bytes)
            return balancePhrases.contains { key == $0 || key.hasPrefix($0 + " ") }
        }
        return false
    }
}
