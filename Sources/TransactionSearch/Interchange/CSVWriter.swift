/// Writes RFC 4180 CSV: a field is quoted when it holds a comma, a quote, a line break or
/// leading or trailing white space; quotes are doubled. Lines end with LF.
struct CSVWriter {
    private(set) var text = ""

    /// The interchange columns, in the order of docs/SPEC.md section 1 (`TransactionField`'s).
    static let header = TransactionField.allCases

    mutating func writeRow(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { text += "," }
            text += CSVWriter.escaped(field)
        }
        text += "\n"
    }

    mutating func writeHeader() {
        writeRow(CSVWriter.header.map(\.rawValue))
    }

    mutating func write(_ transaction: Transaction) {
        writeRow(CSVWriter.header.map { $0.text(in: transaction) ?? "" })
    }

    static func escaped(_ field: String) -> String {
        let needsQuotes = field.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || field.first?.isWhitespace == true || field.last?.isWhitespace == true
        guard needsQuotes else { return field }
        var quoted = "\""
        for character in field.unicodeScalars {
            if character == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(character) }
        }
        return quoted + "\""
    }
}
