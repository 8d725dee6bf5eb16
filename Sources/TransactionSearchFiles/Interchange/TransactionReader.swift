import TransactionSearch

/// Turns CSV or JSON bytes into drafts, each with its location, and the problems of the rows
/// that could not become drafts. A local date-time resolves in the store's zone.
struct TransactionReader {
    struct Row {
        var location: ImportIssue.Location
        var draft: TransactionDraft
    }

    struct Output {
        var rows: [Row] = []
        var issues: [ImportIssue] = []
        var warnings: [String] = []
    }

    let clock: ZoneClock

    /// - Throws: `ImportIssue` when the input as a whole cannot be read (no header, a required
    ///   column missing, an unclosed quote, malformed JSON array).
    func read(_ bytes: [UInt8], format: InterchangeFormat) throws(ImportIssue) -> Output {
        var rows: [Row] = []
        var output = try read(bytes, format: format) { rows.append($0) }
        output.rows = rows
        return output
    }

    /// Reads like `read(_:format:)`, handing each row to `body` instead of keeping it in the
    /// result (whose `rows` stay empty): a CSV row as soon as it is read, so that the import
    /// path never holds the file's rows (JSON rows once the document is parsed).
    func read(_ bytes: [UInt8], format: InterchangeFormat, rows body: (Row) -> Void) throws(ImportIssue) -> Output {
        switch format {
        case .csv:
            return try readCSV(bytes, body)
        case .json:
            var output = try readJSON(bytes)
            for row in output.rows { body(row) }
            output.rows = []
            return output
        }
    }

    // MARK: CSV

    /// The columns of the first line when every name on it is one of our own fields (SPEC
    /// section 1: `id`, `date`, `merchant`, ..., case-insensitive, quotes and spaces around
    /// names ignored); nil when any name is not (a bank's export names others) or the line is
    /// longer than a header of ours can be.
    static func ownCSVColumns(_ bytes: [UInt8]) -> [TransactionField]? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let limit = min(bytes.count, start + 4096)
        let end = bytes[start..<limit].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? limit
        guard end < limit || limit == bytes.count else { return nil }
        let names = String(decoding: bytes[start..<end], as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.filter { $0 != "\"" }).trimmingWhitespace().lowercased() }
        let fields = names.compactMap { TransactionField(rawValue: $0) }
        return fields.count == names.count ? fields : nil
    }

    private func readCSV(_ bytes: [UInt8], _ body: (Row) -> Void) throws(ImportIssue) -> Output {
        var output = Output()
        var header: CSVReader.Record?
        var columns = FieldTable<Int>()
        var headerProblem: ImportIssue?
        try CSVReader.forEachRecord(bytes) { record in
            guard headerProblem == nil else { return }
            guard let header else {
                header = record
                headerProblem = readHeader(record, into: &columns, output: &output)
                return
            }
            let location = ImportIssue.Location.line(record.line)
            if record.fields.count > header.fields.count {
                output.issues.append(ImportIssue(location, .tooManyFields(expected: header.fields.count, found: record.fields.count)))
                return
            }
            do throws(ImportIssue) {
                let draft = try makeDraft(at: location) { field in
                    guard let index = columns[field], index < record.fields.count else { return nil }
                    return record.fields[index]
                }
                body(Row(location: location, draft: draft))
            } catch {
                output.issues.append(error)
            }
        }
        if let headerProblem { throw headerProblem }
        guard header != nil else { throw ImportIssue(.line(1), .empty) }
        return output
    }

    /// The columns a header names (unknown ones are warnings); the problem that stops the
    /// whole file (a repeated or missing required column), or nil.
    private func readHeader(_ header: CSVReader.Record, into columns: inout FieldTable<Int>, output: inout Output) -> ImportIssue? {
        for (index, name) in header.fields.enumerated() {
            let key = name.trimmingWhitespace().lowercased()
            guard let field = TransactionField(rawValue: key) else {
                output.warnings.append("line \(header.line): unknown column \(quoted(name)) ignored")
                continue
            }
            if columns[field] != nil { return ImportIssue(.line(header.line), .duplicateColumn(field.rawValue)) }
            columns[field] = index
        }
        for required in [TransactionField.date, .merchant, .amount] where columns[required] == nil {
            return ImportIssue(.line(header.line), .missingColumn(required.rawValue))
        }
        return nil
    }

    // MARK: JSON

    private func readJSON(_ bytes: [UInt8]) throws(ImportIssue) -> Output {
        try bytes.withByteView { buffer throws(ImportIssue) -> Output in
            var start = 0
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
            var parser = JSONParser(buffer, start: start)
            guard let first = parser.peek() else { throw ImportIssue(.line(1), .empty) }
            var output = Output()
            var unknownKeys = Set<String>()
            if first == UInt8(ascii: "[") {
                let document: JSONValue
                do throws(JSONSyntaxError) {
                    document = try parser.parseDocument()
                } catch {
                    throw ImportIssue(.line(error.line), .invalidJSON(error.description))
                }
                guard case .array(let elements) = document else { throw ImportIssue(.line(1), .empty) }
                for (index, element) in elements.enumerated() {
                    collect(element, at: .index(index), into: &output, unknownKeys: &unknownKeys)
                }
            } else {
                // JSON Lines: every non-blank line is one object.
                var lineNumber = 1
                var lineStart = start
                while lineStart <= buffer.count {
                    var lineEnd = lineStart
                    while lineEnd < buffer.count && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                    // Each line is parsed on its own, so a broken line cannot swallow the next.
                    let lineBytes = buffer.view(lineStart..<lineEnd)
                    var lineParser = JSONParser(lineBytes, line: lineNumber)
                    if lineParser.peek() != nil {
                        do throws(JSONSyntaxError) {
                            let value = try lineParser.parseDocument()
                            collect(value, at: .line(lineNumber), into: &output, unknownKeys: &unknownKeys)
                        } catch {
                            output.issues.append(ImportIssue(.line(lineNumber), .invalidJSON(error.description)))
                        }
                    }
                    lineNumber += 1
                    lineStart = lineEnd + 1
                }
            }
            return output
        }
    }

    private func collect(_ value: JSONValue, at location: ImportIssue.Location, into output: inout Output,
                         unknownKeys: inout Set<String>) {
        guard case .object(let members) = value else {
            output.issues.append(ImportIssue(location, .wrongType(expected: "an object")))
            return
        }
        var values = FieldTable<JSONValue>()
        for member in members {
            guard let field = TransactionField(rawValue: member.key.lowercased()) else {
                if unknownKeys.insert(member.key).inserted {
                    output.warnings.append("\(location): unknown key \(quoted(member.key)) ignored")
                }
                continue
            }
            // Keeping the last of two values would silently change the row (-1.00 to -999.00).
            guard values[field] == nil else {
                output.issues.append(ImportIssue(location, field: field, .duplicateKey(field.rawValue)))
                return
            }
            values[field] = member.value
        }
        do throws(ImportIssue) {
            let draft = try makeDraft(at: location) { field throws(ImportIssue) -> String? in
                switch values[field] {
                case nil, .null?: return nil
                case .string(let text)?: return text
                case .number(let text)? where field == .amount || field == .id: return text
                case .bool?, .number?, .array?, .object?:
                    throw ImportIssue(location, field: field, .wrongType(expected: field == .amount ? "a number or a string" : "a string or null"))
                }
            }
            output.rows.append(Row(location: location, draft: draft))
        } catch {
            output.issues.append(error)
        }
    }

    // MARK: Fields

    /// A draft from the text of each field (nil when absent), each read as its kind reads.
    /// A date or an amount is required here; a blank merchant is left to the store's rules.
    private func makeDraft(at location: ImportIssue.Location,
                           _ value: (TransactionField) throws(ImportIssue) -> String?) throws(ImportIssue) -> TransactionDraft {
        var draft = TransactionDraft(date: .instant(millisecondsSince1970: 0), merchant: "", amount: 0)
        for field in TransactionField.allCases {
            let text = try value(field)
            let isBlank = text?.isBlank ?? true
            do throws(ValidationError) {
                switch field.kind {
                case .identifier:
                    draft.id = text.flatMap { $0.isEmpty ? nil : $0 }
                case .date:
                    guard let text, !isBlank else { throw ValidationError(field, .missing) }
                    draft.date = try TransactionDate(parsing: text, clock: clock)
                case .amount:
                    guard let text, !isBlank else { throw ValidationError(field, .missing) }
                    draft.amount = try DecimalAmount(parsing: text)
                case .text:
                    field.setTextValue(text, in: &draft)
                case .currency:
                    guard let text, !isBlank else { continue }
                    guard let currency = Currency(text) else { throw ValidationError(field, .invalidCurrency(text)) }
                    draft.currency = currency
                case .status:
                    guard let text, !isBlank else { continue }
                    guard let status = TransactionStatus(parsing: text) else { throw ValidationError(field, .invalidStatus(text)) }
                    draft.status = status
                }
            } catch {
                throw ImportIssue(location, field: field, .invalid(error.reason))
            }
        }
        return draft
    }
}
