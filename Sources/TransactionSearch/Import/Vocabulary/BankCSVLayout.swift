/// What the bank CSV reader understood of a file, and why: for `fsearch inspect`, import
/// reports, and for saving as a profile (`options`). Every choice between two plausible
/// readings is in `notes`.
public struct BankCSVLayout: Hashable, Sendable, Codable {
    /// The field delimiter (`,`, `;`, `\t`, `|`).
    public var delimiter: String
    /// Why that delimiter (`detected: 7 fields on the header and on every data line`).
    public var delimiterReason: String
    /// The file's text encoding, as detected or given.
    public var encoding: TextEncoding
    /// `LF`, `CRLF`, `CR`, `mixed` or `none` (a single line).
    public var lineEnds: String
    /// The header's line (1-based), nil when the file has no header.
    public var headerLine: Int?
    /// The header's names as written (empty when there is no header).
    public var headers: [String]
    /// The columns that were used, each with its role.
    public var columns: [Column]
    /// The columns that were not used, each with why.
    public var ignoredColumns: [IgnoredColumn]
    /// How dates are written (`DD.MM.YYYY`, `YYYY-MM-DD HH:MM`, `DD MMM YYYY`).
    public var dateStyle: String
    /// The order of numeric dates; nil when the dates say it themselves (ISO, month names).
    public var dateOrder: BankCSVOptions.DateOrder?
    /// Why (`a value over 12 in position 1 (17/04/2023, line 5)`, `ambiguous: day-first by
    /// default (header language German)`, `given`).
    public var dateOrderReason: String
    /// The decimal separator of the amount columns; nil when no amount has a fraction.
    public var decimalSeparator: DecimalSeparator?
    /// Why that separator.
    public var decimalSeparatorReason: String
    /// How the amounts' signs were read.
    public var sign: SignConvention
    /// Why that convention.
    public var signReason: String
    /// The currency the header names (`Amount (EUR)`), or a preamble line (`Währung:;CHF`).
    public var headerCurrency: String?
    /// Lines before the header (blank ones too).
    public var preambleLines: [Int]
    /// Lines after the last transaction, with their text (account-like numbers masked).
    public var footerLines: [Line]
    /// How many records were read as transactions (good or bad).
    public var rowCount: Int
    /// Every choice the reader made where the file allowed two readings, and other remarks.
    public var notes: [String]
    /// The bank or service whose export the file is (`Chase credit card`, `DKB`), by its
    /// header's names or the shape of its rows; nil when none is recognised.
    public var knownExport: String? = nil
    /// Where the rows' currencies came from (`the "Currency" column`, `EUR, the header "Betrag
    /// (EUR)"`, `none in the file: the store's base currency`).
    public var currencyReason: String = ""
    /// When nothing in the file tells day-first from month-first: what each reading makes of
    /// the dates (`dmy: ...`, `mdy: ...`); empty otherwise. An import then needs
    /// `BankCSVOptions.dateOrder` (`--date-order`).
    public var dateReadings: [String] = []
    /// The file has no header: its columns' roles were read from their cells (or are the
    /// known headerless export's); `options` states them as a map.
    public var columnsInferred: Bool = false
    /// Why the encoding, when it was guessed from the bytes (nil: a byte order mark, UTF-8 or
    /// the options said).
    public var encodingReason: String? = nil

    /// Whether an import needs to be told the date order (`dateReadings`).
    public var needsDateOrder: Bool { !dateReadings.isEmpty }

    /// A used column.
    public struct Column: Hashable, Sendable, Codable, CustomStringConvertible {
        /// 0-based.
        public var index: Int
        /// The header's name as written (empty when the file has none).
        public var header: String
        /// What the column was read as.
        public var role: ColumnRole

        /// `column 3 "Betrag": amount`.
        public var description: String { "column \(index + 1) \(quoted(header)): \(role.rawValue)" }

        /// Every stored property, as given (for the readers of TransactionSearchFiles).
        package init(index: Int, header: String, role: ColumnRole) {
            self.index = index
            self.header = header
            self.role = role
        }
    }

    /// A column left out, and why.
    public struct IgnoredColumn: Hashable, Sendable, Codable, CustomStringConvertible {
        /// 0-based.
        public var index: Int
        /// The header's name as written (empty when the file has none).
        public var header: String
        /// Why it was not used.
        public var reason: String

        /// `column 7 "Saldo": a running balance`.
        public var description: String { "column \(index + 1) \(quoted(header)): \(reason)" }

        /// Every stored property, as given (for the readers of TransactionSearchFiles).
        package init(index: Int, header: String, reason: String) {
            self.index = index
            self.header = header
            self.reason = reason
        }
    }

    /// A line of the file and its text.
    public struct Line: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The line number, from 1.
        public var line: Int
        /// The line's text.
        public var text: String

        /// `line 40: Endsaldo;1.234,56`.
        public var description: String { "line \(line): \(text)" }

        /// Every stored property, as given (for the readers of TransactionSearchFiles).
        package init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    /// The options that pin what was detected here: what a person saves as a profile for the
    /// next export of the same bank. A role that several columns share (two description
    /// columns) is left to detection, since a map names one column a role; so is a sign read
    /// as written (amounts with no sign of their own are signed by their marks or type).
    public var options: BankCSVOptions {
        var options = BankCSVOptions()
        for column in columns where columns.filter({ $0.role == column.role }).count == 1 {
            options.columns[column.role] = headerLine == nil || column.header.isEmpty
                ? .position(column.index) : .header(column.header)
        }
        options.dateOrder = dateOrder
        options.decimalSeparator = decimalSeparator
        options.delimiter = delimiter
        if sign == .flipped { options.sign = sign }
        return options
    }

    /// Every stored property, as given (for the readers of TransactionSearchFiles).
    package init(delimiter: String, delimiterReason: String, encoding: TextEncoding, lineEnds: String, headerLine: Int? = nil, headers: [String], columns: [Column], ignoredColumns: [IgnoredColumn], dateStyle: String, dateOrder: BankCSVOptions.DateOrder? = nil, dateOrderReason: String, decimalSeparator: DecimalSeparator? = nil, decimalSeparatorReason: String, sign: SignConvention, signReason: String, headerCurrency: String? = nil, preambleLines: [Int], footerLines: [Line], rowCount: Int, notes: [String], knownExport: String? = nil, currencyReason: String = "", dateReadings: [String] = [], columnsInferred: Bool = false, encodingReason: String? = nil) {
        self.delimiter = delimiter
        self.delimiterReason = delimiterReason
        self.encoding = encoding
        self.lineEnds = lineEnds
        self.headerLine = headerLine
        self.headers = headers
        self.columns = columns
        self.ignoredColumns = ignoredColumns
        self.dateStyle = dateStyle
        self.dateOrder = dateOrder
        self.dateOrderReason = dateOrderReason
        self.decimalSeparator = decimalSeparator
        self.decimalSeparatorReason = decimalSeparatorReason
        self.sign = sign
        self.signReason = signReason
        self.headerCurrency = headerCurrency
        self.preambleLines = preambleLines
        self.footerLines = footerLines
        self.rowCount = rowCount
        self.notes = notes
        self.knownExport = knownExport
        self.currencyReason = currencyReason
        self.dateReadings = dateReadings
        self.columnsInferred = columnsInferred
        self.encodingReason = encodingReason
    }
}
