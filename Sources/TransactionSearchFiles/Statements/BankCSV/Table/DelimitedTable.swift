import TransactionSearch

/// Delimited text split into records and fields without copying them: each field is a span
/// of the text, or of a side buffer for the few fields whose quotes had to be undone. The bank
/// CSV tokenizer (our own CSV schema keeps `CSVReader`). A table holds the records it was asked
/// for (a bounded number at a time over a whole file: `DelimitedChunks`), 8 bytes a field.
///
/// Accepts any one-byte delimiter; quoted fields with doubled quotes and line breaks inside;
/// `="0123"` (a spreadsheet's way of keeping leading zeros) as a quoted field; CRLF, LF and
/// CR-only line ends, each counted as one line. A quote inside an unquoted field is a
/// character; text after a closing quote is kept (`"5" screen` reads `5 screen`). Blank lines
/// are no records; a line of delimiters is a record of empty fields.
struct DelimitedTable {
    /// Where a field's bytes are: `start..<end` of the text, or, when `start` is negative,
    /// `~start..<end` of the side buffer.
    struct Span {
        var start: Int32
        var end: Int32
    }

    /// The UTF-8 text.
    let text: [UInt8]
    /// Unescaped copies of fields that had doubled quotes or text after a closing quote.
    private(set) var side: [UInt8] = []
    private(set) var spans: [Span] = []
    /// The first span of each record, and one past the last record's last span at the end.
    private(set) var recordFirstSpan: [Int32] = [0]
    /// The physical line (1-based) each record starts on.
    private(set) var recordLine: [Int32] = []
    /// How many line ends of each kind the text has.
    private(set) var lineFeeds = 0, carriageReturnLineFeeds = 0, carriageReturns = 0
    /// The line where a quote opens that is never closed (the rest of the text is its field).
    private(set) var unterminatedQuoteLine: Int?
    /// The blank lines (no record), in order.
    private(set) var blankLines: [Int32] = []
    /// Where reading stopped: the byte after the last record read (and its line end), and the
    /// line that starts there. Reading on from here gives the records that follow.
    private(set) var endOffset = 0, endLine = 1

    /// How many records (blank lines are none).
    var recordCount: Int { recordLine.count }

    /// Splits `text` from byte `start` (which begins line `firstLine`), stopping after
    /// `maxRecords` records.
    /// - Complexity: O(n) in the bytes read.
    init(_ text: [UInt8], delimiter: UInt8, start: Int = 0, firstLine: Int = 1, maxRecords: Int = .max) {
        self.text = text
        spans.reserveCapacity(maxRecords == .max ? text.count / 8 : min(maxRecords, 1 << 16) &* 4)
        text.withByteView { bytes in
            split(bytes, delimiter: delimiter, start: start, firstLine: firstLine, maxRecords: maxRecords)
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let equals = UInt8(ascii: "=")

    private mutating func split(_ bytes: ByteView, delimiter: UInt8, start: Int, firstLine: Int, maxRecords: Int) {
        let quote = DelimitedTable.quote, lineFeed = DelimitedTable.lineFeed, carriageReturn = DelimitedTable.carriageReturn
        let count = bytes.count
        var index = start
        var line = firstLine
        while index < count && recordLine.count < maxRecords && unterminatedQuoteLine == nil {
            let recordStartLine = line
            let firstSpan = spans.count
            var sawQuote = false
            while true {
                // One field.
                let opensQuote = bytes[ifPresent: index] == quote
                    || (bytes[ifPresent: index] == DelimitedTable.equals && bytes[ifPresent: index + 1] == quote)
                if index < count && opensQuote {
                    sawQuote = true
                    if bytes[index] == DelimitedTable.equals { index += 1 }
                    let openingLine = line
                    index += 1
                    var segmentStart = index
                    var sideStart = -1
                    while true {
                        guard index < count else {
                            unterminatedQuoteLine = openingLine
                            break
                        }
                        let byte = bytes[index]
                        if byte == quote {
                            guard index + 1 < count && bytes[index + 1] == quote else { break }
                            if sideStart < 0 { sideStart = side.count }
                            side.append(contentsOf: bytes.view(segmentStart ... index))
                            index += 2
                            segmentStart = index
                            continue
                        }
                        if byte == lineFeed {
                            line += 1
                            lineFeeds += 1
                        } else if byte == carriageReturn {
                            if index + 1 < count && bytes[index + 1] == lineFeed {
                                carriageReturnLineFeeds += 1
                                index += 1
                            } else {
                                carriageReturns += 1
                            }
                            line += 1
                        }
                        index += 1
                    }
                    let contentEnd = index
                    if index < count { index += 1 }  // the closing quote
                    // Text after the closing quote, up to the delimiter or line end, is kept.
                    let trailingStart = index
                    while index < count {
                        let byte = bytes[index]
                        if byte == delimiter || byte == lineFeed || byte == carriageReturn { break }
                        index += 1
                    }
                    if sideStart < 0 && trailingStart == index {
                        spans.append(Span(start: Int32(segmentStart), end: Int32(contentEnd)))
                    } else {
                        if sideStart < 0 { sideStart = side.count }
                        side.append(contentsOf: bytes.view(segmentStart ..< contentEnd))
                        side.append(contentsOf: bytes.view(trailingStart ..< index))
                        spans.append(Span(start: ~Int32(sideStart), end: Int32(side.count)))
                    }
                } else {
                    let fieldStart = index
                    while index < count {
                        let byte = bytes[index]
                        if byte == delimiter || byte == lineFeed || byte == carriageReturn { break }
                        index += 1
                    }
                    spans.append(Span(start: Int32(fieldStart), end: Int32(index)))
                }
                // What ends the field.
                if index < count && bytes[index] == delimiter {
                    index += 1
                    if index == count { spans.append(Span(start: Int32(index), end: Int32(index))) } else { continue }
                } else if index < count {
                    if bytes[index] == carriageReturn {
                        if index + 1 < count && bytes[index + 1] == lineFeed {
                            carriageReturnLineFeeds += 1
                            index += 1
                        } else {
                            carriageReturns += 1
                        }
                    } else {
                        lineFeeds += 1
                    }
                    index += 1
                    line += 1
                }
                break
            }
            let isBlankLine = !sawQuote && spans.count == firstSpan + 1 && spans[firstSpan].start == spans[firstSpan].end
            if isBlankLine {
                spans.removeLast()
                blankLines.append(Int32(truncatingIfNeeded: recordStartLine))
            } else {
                recordLine.append(Int32(truncatingIfNeeded: recordStartLine))
                recordFirstSpan.append(Int32(spans.count))
            }
        }
        (endOffset, endLine) = (index, line)
    }

    /// `LF`, `CRLF`, `CR`, `mixed` or `none`.
    var lineEndStyle: String {
        DelimitedTable.lineEndStyle(lineFeeds: lineFeeds, carriageReturnLineFeeds: carriageReturnLineFeeds, carriageReturns: carriageReturns)
    }

    /// The line ends a file uses, from how many of each kind it has: `LF`, `CRLF`, `CR`,
    /// `mixed` or `none` (what `inspect` shows; the chunked reader counts them the same way).
    static func lineEndStyle(lineFeeds: Int, carriageReturnLineFeeds: Int, carriageReturns: Int) -> String {
        let kinds = [(lineFeeds, "LF"), (carriageReturnLineFeeds, "CRLF"), (carriageReturns, "CR")].filter { $0.0 > 0 }
        switch kinds.count {
        case 0: return "none"
        case 1: return kinds[0].1
        default: return "mixed"
        }
    }

    /// How many fields a record has.
    func fieldCount(of record: Int) -> Int {
        Int(recordFirstSpan[record + 1] - recordFirstSpan[record])
    }

    /// The physical line (1-based) a record starts on.
    func line(of record: Int) -> Int { Int(recordLine[record]) }

    /// The text of a field, or "" when the record has no such column.
    func string(_ record: Int, _ column: Int) -> String {
        withView { $0.string(record, column) }
    }

    /// Every field of a record as text.
    func strings(of record: Int) -> [String] {
        withView { view in (0..<fieldCount(of: record)).map { view.string(record, $0) } }
    }

    /// Runs `body` with unsafe views of the buffers, valid only inside it.
    func withView<Result>(_ body: (View) throws -> Result) rethrows -> Result {
        try text.withByteView { text in
            try side.withByteView { side in
                try spans.withUnsafeBufferPointer { spans in
                    try recordFirstSpan.withUnsafeBufferPointer { firsts in
                        try recordLine.withUnsafeBufferPointer { lines in
                            try body(View(text: text, side: side, spans: spans, firsts: firsts, lines: lines))
                        }
                    }
                }
            }
        }
    }

    /// The fields as byte buffers, for the loops over rows.
    struct View {
        let text: ByteView
        let side: ByteView
        let spans: UnsafeBufferPointer<Span>
        let firsts: UnsafeBufferPointer<Int32>
        let lines: UnsafeBufferPointer<Int32>

        /// The physical line a record starts on.
        func line(_ record: Int) -> Int32 { lines[record] }

        /// How many fields a record has.
        func fieldCount(of record: Int) -> Int { Int(firsts[record + 1] - firsts[record]) }

        /// The bytes of a field; empty when the record has no such column.
        @inline(__always)
        func field(_ record: Int, _ column: Int) -> ByteView {
            let first = Int(firsts[record])
            guard column >= 0, column < Int(firsts[record + 1]) - first else { return ByteView.empty }
            let span = spans[first + column]
            if span.start >= 0 {
                return text.view(Int(span.start) ..< Int(span.end))
            }
            return side.view(Int(~span.start) ..< Int(span.end))
        }

        /// The text of a field ("" when absent).
        func string(_ record: Int, _ column: Int) -> String {
            String(decoding: field(record, column), as: UTF8.self)
        }

        /// Whether every field of the record is empty or white space.
        func isEmpty(_ record: Int) -> Bool {
            for column in 0..<fieldCount(of: record) where !ByteText.trimmed(field(record, column)).isEmpty { return false }
            return true
        }
    }
}
