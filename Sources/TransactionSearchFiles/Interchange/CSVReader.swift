import TransactionSearch

/// An RFC 4180 reader: quoted fields, doubled quotes, commas and line breaks inside quotes,
/// CRLF or LF, an optional UTF-8 BOM. A quote inside an unquoted field is taken literally (bank
/// exports write `5" screen`). Blank lines are skipped. Invalid UTF-8 becomes U+FFFD.
enum CSVReader {
    /// One record and the line it starts on (1-based).
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Every record of the input, the header first.
    /// - Throws: `ImportIssue` for an unterminated quote or text after a closing quote: the
    ///   structure of the rest of the file is then unknown, so that fails the whole input.
    static func records(_ input: [UInt8]) throws(ImportIssue) -> [Record] {
        var records: [Record] = []
        try forEachRecord(input) { records.append($0) }
        return records
    }

    /// Hands every record of the input to `body` as soon as it is read, the header first, so
    /// that no list of the whole file's records is made. Throws like `records(_:)`, after
    /// handing over the records before the problem.
    static func forEachRecord(_ input: [UInt8], _ body: (Record) -> Void) throws(ImportIssue) {
        try input.withByteView { bytes throws(ImportIssue) in
            try parse(bytes, body)
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    private static func parse(_ bytes: ByteView, _ body: (Record) -> Void) throws(ImportIssue) {
        var index = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        var line = 1
        var fields: [String] = []
        var recordLine = 1
        var recordIsBlank = true
        var unescaped: [UInt8] = []
        let count = bytes.count
        while index < count {
            // One field.
            if bytes[index] == quote {
                let openingLine = line
                index += 1
                var start = index
                unescaped.removeAll(keepingCapacity: true)
                var hasDoubledQuotes = false
                while true {
                    guard index < count else { throw ImportIssue(.line(openingLine), .unterminatedQuote) }
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count && bytes[index + 1] == quote {
                            hasDoubledQuotes = true
                            unescaped.append(contentsOf: bytes.view(start ... index))
                            index += 2
                            start = index
                            continue
                        }
                        break
                    }
                    if byte == lineFeed { line += 1 }
                    index += 1
                }
                let tail = bytes.view(start..<index)
                if hasDoubledQuotes {
                    unescaped.append(contentsOf: tail)
                    fields.append(String(decoding: unescaped, as: UTF8.self))
                } else {
                    fields.append(String(decoding: tail, as: UTF8.self))
                }
                index += 1  // the closing quote
                recordIsBlank = false
                if index < count {
                    let next = bytes[index]
                    guard next == comma || next == carriageReturn || next == lineFeed else {
                        throw ImportIssue(.line(line), .textAfterClosingQuote)
                    }
                }
            } else {
                let start = index
                while index < count {
                    let byte = bytes[index]
                    if byte == comma || byte == carriageReturn || byte == lineFeed { break }
                    index += 1
                }
                if index > start { recordIsBlank = false }
                fields.append(String(decoding: bytes.view(start..<index), as: UTF8.self))
            }
            // What ends the field.
            var endsRecord = index >= count
            if index < count {
                let byte = bytes[index]
                index += 1
                if byte == comma {
                    recordIsBlank = false
                    if index >= count {
                        fields.append("")
                        endsRecord = true
                    }
                } else {
                    if byte == carriageReturn && index < count && bytes[index] == lineFeed { index += 1 }
                    line += 1
                    endsRecord = true
                }
            }
            if endsRecord {
                if !recordIsBlank { body(Record(line: recordLine, fields: fields)) }
                fields.removeAll(keepingCapacity: true)
                recordLine = line
                recordIsBlank = true
            }
        }
    }
}
