/// A bank CSV file that cannot be read as a whole, with what would help: the headers seen, the
/// closest columns for each role that could not be found, and the options that would import
/// the file (tried before they are suggested, when `suggestionVerified`).
public struct BankCSVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// No text, or nothing but blank lines.
        case empty
        /// Required columns were not found: the date, the amount (or debit and credit), and a
        /// text for the merchant.
        case missingColumns([ColumnRole])
        /// An option names a column the file does not have.
        case unknownColumn(role: ColumnRole, ColumnRef)
        /// A quoted field is never closed (the line where it opens).
        case unterminatedQuote(line: Int)
        /// An option cannot be used (a delimiter of several characters, a negative line count).
        case invalidOption(String)
        /// The file is larger than the reader's 2 GiB limit.
        case tooLarge
        /// Every numeric date could be day-first or month-first and nothing in the file tells
        /// which: what each reading makes of the dates (`BankCSVLayout.dateReadings`).
        case undecidedDateOrder([String])
    }

    /// A column that could play a missing role, and why it is proposed.
    public struct Candidate: Hashable, Sendable, CustomStringConvertible {
        /// 0-based.
        public var index: Int
        /// The column's header name (empty when the file has none).
        public var header: String
        /// `values look like dates (17.04.2023)`, `name close to "Buchungstag"`.
        public var why: String

        /// `"Buchungstag" (column 2): values look like dates`.
        public var description: String {
            (header.isEmpty ? "column \(index + 1)" : "\(quoted(header)) (column \(index + 1))") + ": " + why
        }

        /// Every stored property, as given (for the readers of TransactionSearchFiles).
        package init(index: Int, header: String, why: String) {
            self.index = index
            self.header = header
            self.why = why
        }
    }

    /// A role that was not found and the closest columns, best first.
    public struct MissingColumn: Hashable, Sendable {
        /// The role not found.
        public var role: ColumnRole
        /// Columns that could play it, best first.
        public var candidates: [Candidate]

        /// Every stored property, as given (for the readers of TransactionSearchFiles).
        package init(role: ColumnRole, candidates: [Candidate]) {
            self.role = role
            self.candidates = candidates
        }
    }

    /// What went wrong.
    public var reason: Reason
    /// The line of the header the reader settled on (or of the first table line), if any.
    public var headerLine: Int?
    /// The names on that line.
    public var headers: [String]
    /// For `missingColumns`: each missing role and its candidates.
    public var missing: [MissingColumn]
    /// Options that import the file, when the reader could find some.
    public var suggestedOptions: BankCSVOptions?
    /// Whether the suggested options were tried on the file and read it without a file-level error.
    public var suggestionVerified: Bool

    /// An error; the reader fills in what it knows.
    package init(_ reason: Reason, headerLine: Int? = nil, headers: [String] = [], missing: [MissingColumn] = [],
         suggestedOptions: BankCSVOptions? = nil, suggestionVerified: Bool = false) {
        self.reason = reason
        self.headerLine = headerLine
        self.headers = headers
        self.missing = missing
        self.suggestedOptions = suggestedOptions
        self.suggestionVerified = suggestionVerified
    }

    /// Several lines: what is missing, the headers seen, the candidates, the options to try
    /// (in words: `BankCSVOptions.description`).
    public var description: String { description(writingOptions: \.description) }

    /// The same lines, with the suggested options written by `write`: a command-line tool
    /// passes its flags (`--map date=Tag --date-order dmy`), so that the line is a command.
    public func description(writingOptions write: (BankCSVOptions) -> String) -> String {
        var lines: [String] = []
        switch reason {
        case .empty:
            lines.append("the file has no text")
        case .missingColumns(let roles):
            let names = roles.map(BankCSVError.roleWords).joined(separator: ", ")
            lines.append("no \(names) column found")
        case .unknownColumn(let role, .header(let name)):
            lines.append("the options name \(quoted(name)) as the \(role.rawValue) column, but no column has that name")
        case .unknownColumn(let role, .position(let position)):
            let width = headers.isEmpty ? "" : " (it has \(headers.count))"
            lines.append("the options name column #\(position + 1) as the \(role.rawValue) column, but the file has no such column\(width)")
        case .unterminatedQuote:
            lines.append("a quoted field opens on this line and is never closed (a quote missing or doubled wrongly)")
        case .invalidOption(let text):
            lines.append(text)
        case .tooLarge:
            lines.append("the file is larger than 2 GiB")
        case .undecidedDateOrder(let readings):
            lines.append("every date could be day-first or month-first and nothing in the file tells which: give --date-order dmy or --date-order mdy")
            lines += readings
        }
        if !headers.isEmpty {
            let where_ = headerLine.map { " on line \($0)" } ?? ""
            lines.append("headers\(where_): " + headers.enumerated().map { "\($0.offset + 1) \(quoted($0.element))" }.joined(separator: ", "))
        }
        for column in missing {
            if column.candidates.isEmpty {
                lines.append("\(column.role.rawValue): no column looks like one")
            } else {
                lines.append("\(column.role.rawValue): closest " + column.candidates.prefix(3).map(\.description).joined(separator: "; "))
            }
        }
        if let suggestedOptions {
            lines.append((suggestionVerified ? "these options import it: " : "try: ") + write(suggestedOptions))
        }
        return lines.joined(separator: "\n")
    }

    /// How a missing role is named in the message (`amount (or debit and credit)`).
    static func roleWords(_ role: ColumnRole) -> String {
        switch role {
        case .amount: "amount (or debit and credit)"
        case .merchant: "merchant or description"
        default: role.rawValue
        }
    }
}
