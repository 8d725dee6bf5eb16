/// What is wrong with one row (or the whole input) of an import: where, which field, why.
public struct ImportIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the input: a line of a text file, an index of a JSON array, or an element of
    /// an XML file (its path, such as `Document/BkToCstmrStmt/Stmt/Ntry[3]/Amt`, and its line).
    public enum Location: Hashable, Sendable, CustomStringConvertible {
        /// A line of a text file, from 1.
        case line(Int)
        /// An index of a JSON array, from 0.
        case index(Int)
        /// An element of an XML file: its path and line.
        case element(path: String, line: Int)

        /// `line 12`, `index 3`, or `line 40 (Document/.../Amt)`.
        public var description: String {
            switch self {
            case .line(let line): "line \(line)"
            case .index(let index): "index \(index)"
            case .element(let path, let line): "line \(line) (\(path))"
            }
        }

        /// A number that orders locations of one file: the line, or the array index.
        package var order: Int {
            switch self {
            case .line(let line), .element(_, let line): line
            case .index(let index): index
            }
        }
    }

    /// Why.
    public enum Reason: Hashable, Sendable {
        /// The field's value breaks a rule of docs/SPEC.md section 1.
        case invalid(ValidationError.Reason)
        /// A quoted CSV field has no closing quote (the location is where it opens).
        case unterminatedQuote
        /// Something other than a comma or a line end follows a closing quote.
        case textAfterClosingQuote
        /// The row has more fields than the header names.
        case tooManyFields(expected: Int, found: Int)
        /// A required column is absent from the header.
        case missingColumn(String)
        /// The header names a column twice.
        case duplicateColumn(String)
        /// A JSON object names a field twice (keys match fields without regard to case, so
        /// `Amount` and `amount` are the same field): the field's name.
        case duplicateKey(String)
        /// The input has no header or no data at all.
        case empty
        /// Malformed JSON.
        case invalidJSON(String)
        /// A JSON value of the wrong type for the field (e.g. a number for a merchant).
        case wrongType(expected: String)
        /// The file's structure is broken where a reader expected something else (an XML
        /// element never closed, a QIF record with no date line): what was expected.
        case malformed(String)
        /// A bank CSV export whose columns could not be understood: what was missing, the
        /// headers seen, the closest columns and the options that would import it.
        case unrecognizedLayout(BankCSVError)
        /// Not a format any reader recognises.
        case unknownFormat
    }

    /// Where in the input.
    public var location: Location
    /// The field at fault, when one is.
    public var field: TransactionField?
    /// Why.
    public var reason: Reason

    /// An issue from its parts.
    public init(_ location: Location, field: TransactionField? = nil, _ reason: Reason) {
        self.location = location
        self.field = field
        self.reason = reason
    }

    /// `line 7, amount: "12.345" has more fraction digits than EUR allows (2)`.
    public var description: String { description(writingOptions: \.description) }

    /// The same text, with the options a bank CSV layout error suggests written by `write`
    /// (see `BankCSVError.description(writingOptions:)`).
    public func description(writingOptions write: (BankCSVOptions) -> String) -> String {
        var text = location.description
        if let field { text += ", \(field)" }
        return text + ": " + reasonText(writingOptions: write)
    }

    private func reasonText(writingOptions write: (BankCSVOptions) -> String) -> String {
        switch reason {
        case .invalid(let reason): reason.phrase
        case .unterminatedQuote: "a quoted field is never closed"
        case .textAfterClosingQuote: "text after a closing quote (expected a comma or a line end)"
        case .tooManyFields(let expected, let found): "\(found) fields, but the header names \(expected)"
        case .missingColumn(let name): "the header has no \(name) column (required: date, merchant, amount)"
        case .duplicateColumn(let name): "the header names the column \(name) twice"
        case .duplicateKey(let name): "the key \(VisibleText.escaped(name)) appears twice"
        case .empty: "no header and no rows"
        case .invalidJSON(let message): "invalid JSON: \(VisibleText.escaped(message))"
        case .wrongType(let expected): "expected \(expected)"
        case .malformed(let expected): VisibleText.escaped(expected)
        case .unrecognizedLayout(let error): error.description(writingOptions: write)
        case .unknownFormat: "not a file format this reads (our CSV or JSON, OFX/QFX, QIF, camt, MT940, a bank's CSV export)"
        }
    }
}

/// An import refused as a whole: every problem found, and how many records were good. Nothing
/// was added. A file that is not a statement at all has one issue and no count.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, in input order: one per bad record (never only the first).
    public var issues: [ImportIssue]
    /// How many records of the file were good, when the file was read record by record: what
    /// an import that skips the bad ones (`ImportOptions.skippingInvalid`) would take.
    public var goodRecords: Int?

    /// An error with its issues, and the good records' count when known.
    public init(issues: [ImportIssue], goodRecords: Int? = nil) {
        self.issues = issues
        self.goodRecords = goodRecords
    }

    /// Every issue, one a line, then how many records were bad and good when the count is known.
    public var description: String {
        var lines = issues.map(\.description)
        if let goodRecords {
            lines.append("\(issues.count) bad record\(issues.count == 1 ? "" : "s"), \(goodRecords) good")
        }
        return lines.joined(separator: "\n")
    }
}
