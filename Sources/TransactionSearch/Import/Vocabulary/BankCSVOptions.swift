/// What a person can tell the bank CSV reader when detection cannot decide. Every member is
/// optional: nil (or no entry in `columns`) means "detect it". Codable, so that a mapping that
/// worked for one bank can be kept as a JSON profile and used for the next file.
public struct BankCSVOptions: Hashable, Sendable, Codable {
    /// Which column plays which role: `.date: .header("Buchungstag")` or `.amount: .position(5)`.
    /// A role given here replaces whatever the header names suggest for that role (and for its
    /// alternatives: `amount` replaces detected debit and credit columns, and the other way round).
    public var columns: [ColumnRole: ColumnRef]
    /// The order of day, month and year in numeric dates such as `04/05/2023`.
    public var dateOrder: DateOrder?
    /// The decimal separator of every amount column.
    public var decimalSeparator: DecimalSeparator?
    /// The field delimiter: `,`, `;`, `\t` or `|` (any single character works).
    public var delimiter: String?
    /// The file's encoding when it is not UTF-8 (UTF-8 and byte order marks are always recognised).
    public var encoding: TextEncoding?
    /// How many lines come before the header.
    public var skipLines: Int?
    /// Whether to flip every amount's sign (a card export that writes purchases as positive).
    public var sign: SignConvention?
    /// The currency of amounts when the file names none.
    public var defaultCurrency: Currency?
    /// The account every transaction of the file belongs to (a name such as `Main`; a number is
    /// masked to its last four digits).
    public var account: String?

    /// Options; every one left out is detected.
    public init(columns: [ColumnRole: ColumnRef] = [:], dateOrder: DateOrder? = nil,
                decimalSeparator: DecimalSeparator? = nil, delimiter: String? = nil, encoding: TextEncoding? = nil,
                skipLines: Int? = nil, sign: SignConvention? = nil, defaultCurrency: Currency? = nil,
                account: String? = nil) {
        self.columns = columns
        self.dateOrder = dateOrder
        self.decimalSeparator = decimalSeparator
        self.delimiter = delimiter
        self.encoding = encoding
        self.skipLines = skipLines
        self.sign = sign
        self.defaultCurrency = defaultCurrency
        self.account = account
    }

    /// The order of day, month and year in a numeric date.
    public enum DateOrder: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
        /// `17.04.2023`, `17/04/2023`.
        case dayMonthYear = "dmy"
        /// `04/17/2023`.
        case monthDayYear = "mdy"
        /// `2023/04/17`.
        case yearMonthDay = "ymd"

        /// The option's value as written (`dmy`, `point`, `as-written`).
        public var description: String { rawValue }
    }

    private enum CodingKeys: String, CodingKey {
        case columns, dateOrder, decimalSeparator, delimiter, encoding, skipLines, sign, defaultCurrency, account
    }

    /// Reads the JSON form a profile saves; an unknown role or a bad value is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Columns are a JSON object keyed by role (`CodingKeyRepresentable` would need macOS 12.3).
        columns = [:]
        for (name, reference) in try container.decodeIfPresent([String: ColumnRef].self, forKey: .columns) ?? [:] {
            guard let role = ColumnRole(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .columns, in: container, debugDescription: "unknown role \(quoted(name))")
            }
            columns[role] = reference
        }
        dateOrder = try container.decodeIfPresent(DateOrder.self, forKey: .dateOrder)
        decimalSeparator = try container.decodeIfPresent(DecimalSeparator.self, forKey: .decimalSeparator)
        delimiter = try container.decodeIfPresent(String.self, forKey: .delimiter)
        encoding = try container.decodeIfPresent(TextEncoding.self, forKey: .encoding)
        skipLines = try container.decodeIfPresent(Int.self, forKey: .skipLines)
        sign = try container.decodeIfPresent(SignConvention.self, forKey: .sign)
        if let code = try container.decodeIfPresent(String.self, forKey: .defaultCurrency) {
            guard let currency = Currency(code) else {
                throw DecodingError.dataCorruptedError(forKey: .defaultCurrency, in: container,
                                                       debugDescription: "\(quoted(code)) is not a three-letter currency code")
            }
            defaultCurrency = currency
        }
        account = try container.decodeIfPresent(String.self, forKey: .account)
    }

    /// Writes the JSON form a profile saves.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !columns.isEmpty {
            try container.encode(Dictionary(uniqueKeysWithValues: columns.map { ($0.key.rawValue, $0.value) }), forKey: .columns)
        }
        try container.encodeIfPresent(dateOrder, forKey: .dateOrder)
        try container.encodeIfPresent(decimalSeparator, forKey: .decimalSeparator)
        try container.encodeIfPresent(delimiter, forKey: .delimiter)
        try container.encodeIfPresent(encoding, forKey: .encoding)
        try container.encodeIfPresent(skipLines, forKey: .skipLines)
        try container.encodeIfPresent(sign, forKey: .sign)
        try container.encodeIfPresent(defaultCurrency?.code, forKey: .defaultCurrency)
        try container.encodeIfPresent(account, forKey: .account)
    }
}

/// What a column of a bank export holds.
public enum ColumnRole: String, Hashable, Sendable, CaseIterable, Codable {
    /// The booking or transaction date (with its time, when the cell has one).
    case date
    /// The time of day, in a column of its own.
    case time
    /// A second date (value date, posting date): kept in the notes.
    case valueDate
    /// The payee or counterparty: the merchant.
    case merchant
    /// A description or booking text: the merchant when there is no payee, else notes.
    case description
    /// A signed amount.
    case amount
    /// Money out, written unsigned (or negative).
    case debit
    /// Money in.
    case credit
    /// Debit or credit as a word or letter (`D`/`C`, `Af`/`Bij`, `S`/`H`) for an unsigned amount.
    case indicator
    /// The amount's currency code.
    case currency
    /// Pending or posted.
    case status
    /// The category.
    case category
    /// The subcategory.
    case subcategory
    /// The card.
    case card
    /// The account of the transaction (masked to its last four digits when it is a number).
    case account
    /// The bank's id of the transaction.
    case reference
    /// The bank's id of the pending transaction that a posted one settles.
    case pendingReference
    /// The kind of transaction (`Sale`, `Payment`, `Lastschrift`): kept as the transaction type,
    /// and evidence of a card export's sign convention.
    case type
    /// Purpose, memo, notes.
    case notes
    /// The time zone of the date and time.
    case timeZone
    /// A running balance: read, never imported.
    case balance
}

/// Which column plays a role: by its header name (case, accents and spacing ignored) or by
/// its position (0 is the first column).
public enum ColumnRef: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The column whose header has this name (compared folded: case, accents and punctuation do not matter).
    case header(String)
    /// The column at this position, from 0.
    case position(Int)

    private enum CodingKeys: String, CodingKey { case header, position }

    /// Positions are below this (a CSV row of ten thousand columns is no bank export).
    public static let positionLimit = 10_000

    /// Encoded as `{"header": "Betrag"}` or `{"position": 5}` (0-based).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .header) {
            self = .header(name)
        } else {
            let position = try container.decode(Int.self, forKey: .position)
            guard (0..<ColumnRef.positionLimit).contains(position) else {
                throw DecodingError.dataCorruptedError(forKey: .position, in: container,
                                                       debugDescription: "a position is from 0 to \(ColumnRef.positionLimit - 1), not \(position)")
            }
            self = .position(position)
        }
    }

    /// Writes the JSON form a profile saves.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .header(let name): try container.encode(name, forKey: .header)
        case .position(let position): try container.encode(position, forKey: .position)
        }
    }

    /// `Betrag`, or `column 6` for position 5.
    public var description: String {
        switch self {
        case .header(let name): name
        case .position(let position): "column \(position + 1)"
        }
    }
}

/// The character between an amount's whole units and its fraction.
public enum DecimalSeparator: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// `1,234.56`.
    case point
    /// `1.234,56`.
    case comma

    /// The option's value as written (`dmy`, `point`, `as-written`).
    public var description: String { rawValue }

    /// The separator as a byte.
    package var byte: UInt8 { self == .point ? UInt8(ascii: ".") : UInt8(ascii: ",") }
}

/// How the amounts' signs are read.
public enum SignConvention: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Negative is money out, as written (after debit/credit columns or indicators).
    case asWritten = "as-written"
    /// Every amount's sign is flipped: for exports that write purchases as positive numbers.
    case flipped

    /// The option's value as written (`dmy`, `point`, `as-written`).
    public var description: String { rawValue }
}
