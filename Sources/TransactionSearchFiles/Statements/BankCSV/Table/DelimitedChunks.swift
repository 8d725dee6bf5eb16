import TransactionSearch

/// A whole delimited text read a bounded number of records at a time, so that reading a file
/// never holds a field table of all of it: each pass over the records tokenizes them again, a
/// chunk of `recordsPerChunk` records at a time (`DelimitedTable`, 8 bytes a field), and keeps
/// only what it gathers. Tokenizing is the cheap part of reading a bank file (about 10 ms for
/// 100,000 rows here); a table of every field was 1.2x the file, and the largest part of the
/// memory a bank CSV import took beyond its store.
///
/// A first pass (`Structure`) counts the records and line ends, finds an unclosed quote, and
/// notes where each chunk starts, so that a later pass can start at any record.
struct DelimitedChunks {
    /// Where reading starts: a byte offset at the start of a line, the line's number, and the
    /// number of the record read first from there (blank lines before it are skipped).
    struct Position: Equatable {
        var offset: Int
        var line: Int
        var record: Int
    }

    /// Records per chunk: 4,096 records of ten fields take 330 KB of table, and a pass makes
    /// about 25 chunks over 100,000 rows.
    static let defaultRecordsPerChunk = 4096

    let text: [UInt8]
    let delimiter: UInt8
    /// Where the records start (after a `sep=` line).
    let start: Position
    let recordsPerChunk: Int

    /// The records of `text` from byte `start` (which begins line `firstLine`).
    /// - Precondition: `recordsPerChunk` is at least 1.
    init(_ text: [UInt8], delimiter: UInt8, start: Int, firstLine: Int, recordsPerChunk: Int = defaultRecordsPerChunk) {
        precondition(recordsPerChunk >= 1, "DelimitedChunks: a chunk holds at least one record")
        self.text = text
        self.delimiter = delimiter
        self.start = Position(offset: start, line: firstLine, record: 0)
        self.recordsPerChunk = recordsPerChunk
    }

    /// Hands each chunk from `position` on to `body` with the number of its first record, until
    /// the text ends, a quote is left open, or `body` returns false.
    /// - Complexity: O(n) in the bytes read; holds one chunk at a time.
    func forEach(from position: Position, _ body: (_ chunk: DelimitedTable, _ firstRecord: Int) -> Bool) {
        var position = position
        while position.offset < text.count {
            let chunk = DelimitedTable(text, delimiter: delimiter, start: position.offset, firstLine: position.line,
                                       maxRecords: recordsPerChunk)
            if chunk.recordCount > 0 && !body(chunk, position.record) { return }
            if chunk.unterminatedQuoteLine != nil { return }
            position = Position(offset: chunk.endOffset, line: chunk.endLine, record: position.record + chunk.recordCount)
        }
    }

    /// The records `position.record ..< position.record + count` (fewer at the end of the text).
    func table(from position: Position, records count: Int) -> DelimitedTable {
        DelimitedTable(text, delimiter: delimiter, start: position.offset, firstLine: position.line, maxRecords: max(count, 1))
    }

    /// What a first pass over every record finds.
    struct Structure {
        /// How many records (blank lines are none).
        var recordCount = 0
        /// The line where a quote opens that is never closed.
        var unterminatedQuoteLine: Int?
        /// How many line ends of each kind the text has.
        var lineFeeds = 0, carriageReturnLineFeeds = 0, carriageReturns = 0
        /// Where each chunk of the pass starts, with the most fields a record of it has.
        var chunks: [(position: Position, maxFields: Int)] = []
        /// The first record of the longest run of records with the same field count (two or
        /// more), the first such run when several are longest: where a table starts when no
        /// header can be named.
        var longestRunStart: Int?
        /// The first record that starts after line `skip`, when a skip was given.
        var firstRecordAfterSkip: Int?

        /// `LF`, `CRLF`, `CR`, `mixed` or `none`.
        var lineEndStyle: String {
            DelimitedTable.lineEndStyle(lineFeeds: lineFeeds, carriageReturnLineFeeds: carriageReturnLineFeeds, carriageReturns: carriageReturns)
        }
    }

    /// The first pass: counts, the open quote, chunk starts, the longest run of equal field
    /// counts and, when `skip` is given, the first record after that line.
    func structure(skip: Int?) -> Structure {
        var structure = Structure()
        var run: (start: Int, fields: Int, length: Int)?
        var best: (start: Int, length: Int)?
        func close(_ run: (start: Int, fields: Int, length: Int)?) {
            guard let run, run.fields >= 2, best == nil || run.length > best!.length else { return }
            best = (run.start, run.length)
        }
        var position = start
        while position.offset < text.count {
            let chunk = DelimitedTable(text, delimiter: delimiter, start: position.offset, firstLine: position.line,
                                       maxRecords: recordsPerChunk)
            var maxFields = 0
            for local in 0..<chunk.recordCount {
                let record = position.record + local
                let fields = chunk.fieldCount(of: local)
                maxFields = max(maxFields, fields)
                if let current = run, current.fields == fields {
                    run = (current.start, fields, current.length + 1)
                } else {
                    close(run)
                    run = (record, fields, 1)
                }
                if let skip, structure.firstRecordAfterSkip == nil, chunk.line(of: local) > skip {
                    structure.firstRecordAfterSkip = record
                }
            }
            if chunk.recordCount > 0 { structure.chunks.append((position, maxFields)) }
            structure.recordCount += chunk.recordCount
            structure.lineFeeds += chunk.lineFeeds
            structure.carriageReturnLineFeeds += chunk.carriageReturnLineFeeds
            structure.carriageReturns += chunk.carriageReturns
            if let line = chunk.unterminatedQuoteLine {
                structure.unterminatedQuoteLine = line
                break
            }
            position = Position(offset: chunk.endOffset, line: chunk.endLine, record: position.record + chunk.recordCount)
        }
        close(run)
        structure.longestRunStart = best?.start
        return structure
    }

    /// Where record `record` starts (the end of the text when there are no more records), read
    /// on from the chunk it is in.
    /// - Complexity: tokenizes at most one chunk.
    func position(ofRecord record: Int, in structure: Structure) -> Position {
        guard let chunk = structure.chunks.last(where: { $0.position.record <= record })?.position else { return start }
        guard record > chunk.record else { return chunk }
        let before = table(from: chunk, records: record - chunk.record)
        return Position(offset: before.endOffset, line: before.endLine, record: chunk.record + before.recordCount)
    }

    /// The most fields a record from `record` on has (0 when there is none).
    /// - Complexity: tokenizes at most one chunk.
    func maxFieldCount(from record: Int, in structure: Structure) -> Int {
        var most = 0
        for (position, maxFields) in structure.chunks where position.record > record { most = max(most, maxFields) }
        let first = position(ofRecord: record, in: structure)
        let next = structure.chunks.first { $0.position.record > record }?.position.record ?? structure.recordCount
        guard next > first.record else { return most }
        let rest = table(from: first, records: next - first.record)
        for local in 0..<rest.recordCount { most = max(most, rest.fieldCount(of: local)) }
        return most
    }

    /// One record as a table of one record (its line: `line(of: 0)`).
    func record(_ record: Int, in structure: Structure) -> DelimitedTable {
        table(from: position(ofRecord: record, in: structure), records: 1)
    }
}
