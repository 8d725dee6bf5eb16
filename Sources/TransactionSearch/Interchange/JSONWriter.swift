/// Writes JSON text: strings escaped per RFC 8259 (non-ASCII kept as UTF-8).
enum JSONWriter {
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A transaction as one JSON object with the interchange fields (none as `null`).
    static func object(_ transaction: Transaction) -> String {
        var out = "{"
        for (index, field) in CSVWriter.header.enumerated() {
            if index > 0 { out += "," }
            out += quoted(field.rawValue) + ":"
            out += field.text(in: transaction).map(quoted) ?? "null"
        }
        return out + "}"
    }
}
