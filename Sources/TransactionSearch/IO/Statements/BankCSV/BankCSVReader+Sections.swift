/// Splitting the records after the header into transactions and the rest: the footer is every
/// record after the last one with a date and an amount; inside the data, empty rows, a repeated
/// header, and opening or closing balance lines at either end are skipped (and listed); any
/// other row there is a transaction, and a bad one becomes an issue, never silently dropped.
extension BankCSVReader {
    /// The records after the header, sorted into transactions, skipped rows and footer.
    struct Sections {
        /// The records to convert, in order.
        var rows: [Int] = []
        var skipped: [SkippedPart] = []
        /// The records after the last transaction.
        var footer: [Int] = []
    }

    /// Texts that start a balance or total line (folded).
    private static let balancePhrases: [String] = [
        "opening balance", "closing balance", "starting balance", "ending balance", "previous balance", "new balance",
        "balance", "total", "totals", "transactions total", "anfangssaldo", "endsaldo", "saldo", "kontostand",
        "alter kontostand", "neuer kontostand", "summe", "gesamt", "solde", "solde initial", "solde final",
        "saldo inicial", "saldo final", "saldo iniziale", "saldo finale", "beginsaldo", "eindsaldo", "saldo anterior",
        "saldo atual",
    ]

    /// Sorts the records after the header (see the extension's comment).
    static func sections(_ table: DelimitedTable, firstData: Int, header: [String], roles: ColumnRoles,
                         delimiter: UInt8) -> Sections {
        guard let dateColumn = roles.column(.date) else { return Sections() }
        let amountColumns = [roles.column(.amount), roles.column(.debit), roles.column(.credit)].compactMap { $0 }
        let textColumns = roles.columns(.merchant) + roles.columns(.description) + roles.columns(.notes)
        let headerFirst = Array((header.first ?? "").utf8)
        return table.withView { view in
            var sections = Sections()
            let records = firstData..<table.recordCount
            let dataLike = records.filter { looksLikeData(view, $0, dateColumns: [dateColumn], amountColumns: amountColumns) }
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
            while leading < dataLike.count, isBalanceLine(view, dataLike[leading], textColumns) {
                balanceLines.insert(dataLike[leading])
                leading += 1
            }
            var trailing = dataLike.count - 1
            while trailing > leading, isBalanceLine(view, dataLike[trailing], textColumns) {
                balanceLines.insert(dataLike[trailing])
                trailing -= 1
            }
            for record in records {
                let line = Int(view.line(record))
                if record > lastData {
                    if !view.isEmpty(record) { sections.footer.append(record) }
                } else if view.isEmpty(record) {
                    sections.skipped.append(SkippedPart(.line(line), "an empty row"))
                } else if balanceLines.contains(record) {
                    let text = maskedLineText(table.strings(of: record), delimiter: delimiter)
                    sections.skipped.append(SkippedPart(.line(line), "a balance or total line: " + text))
                } else if !header.isEmpty && view.fieldCount(of: record) == header.count
                            && view.field(record, 0).elementsEqual(headerFirst) && table.strings(of: record) == header {
                    sections.skipped.append(SkippedPart(.line(line), "the header again"))
                } else {
                    sections.rows.append(record)
                }
            }
            return sections
        }
    }

    /// Whether a row's first text is a balance or total (`Opening balance`, `Anfangssaldo`, `Solde`).
    private static func isBalanceLine(_ view: DelimitedTable.View, _ record: Int, _ textColumns: [Int]) -> Bool {
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
