/// Why a transaction, a draft or a change was refused: the field and the reason. A mutation that
/// throws it has changed nothing.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field at fault.
    public var field: TransactionField
    /// What is wrong with it.
    public var reason: Reason

    /// An error about a field.
    public init(_ field: TransactionField, _ reason: Reason) {
        self.field = field
        self.reason = reason
    }

    /// What can be wrong with a field.
    public enum Reason: Hashable, Sendable {
        /// A required field is absent or empty.
        case missing
        /// A required field was cleared by a patch.
        case cannotClear
        /// The text is blank after trimming white space.
        case blank
        /// The text is longer than the limit (`unit`: "characters" or "bytes").
        case tooLong(limit: Int, unit: String)
        /// Not an ISO 8601 date or date-time (the text as typed).
        case invalidDate(String)
        /// Not a date in the way a file format writes them: the text, and what was expected.
        case unreadableDate(String, expected: String)
        /// Not an amount in the way a file format writes them: the text, and what was expected.
        case unreadableAmount(String, expected: String)
        /// A date or date-time outside the years 0001-9999 (an instant: outside 0001-01-02 to
        /// 9999-12-30 UTC, so that its local day is in range in every zone); the text as typed,
        /// or the date's ISO 8601 form when it was given as a value.
        case dateOutOfRange(String)
        /// Not a decimal number.
        case invalidAmount(String)
        /// A decimal number with more than 18 significant digits, or more than 18 after the
        /// point: more than an exact amount holds.
        case tooManyDigits(String)
        /// More fraction digits than the currency has, and they are not zeros.
        case tooManyFractionDigits(amount: String, currency: String, allowed: Int)
        /// The magnitude is 10^15 minor units or more.
        case amountOutOfRange(String)
        /// Not a three-letter currency code.
        case invalidCurrency(String)
        /// Neither `pending` nor `posted`.
        case invalidStatus(String)
        /// A subcategory with no category.
        case subcategoryWithoutCategory
        /// Another transaction in the store (or earlier in the batch) has this id.
        case duplicateID(String)
        /// Another transaction in the store (or earlier in the batch) has this import key.
        case duplicateImportKey(String)
        /// No transaction has this id.
        case unknownID(String)
    }

    /// One line: `amount: 12.345 has more fraction digits than EUR allows (2)`.
    public var description: String {
        "\(field): " + reasonText
    }

    /// The reason alone, as a phrase.
    public var reasonText: String { reason.phrase }
}

extension ValidationError.Reason {
    /// The reason as a phrase that follows a field's name (`amount: ` + phrase), shared by
    /// validation errors and import issues.
    public var phrase: String {
        switch self {
        case .missing: "is required"
        case .cannotClear: "is required and cannot be cleared"
        case .blank: "is blank"
        case .tooLong(let limit, let unit): "is longer than \(limit) \(unit)"
        case .invalidDate(let text):
            ValidationError.Reason.missingDay(in: text).map { "\(quoted(text)) is not a day: \($0)" }
                ?? "\(quoted(text)) is not an ISO 8601 date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS with an optional Z or offset)"
        case .dateOutOfRange(let text):
            "\(quoted(text)) is out of range: dates must fall in years 0001-9999 (instants 0001-01-02 to 9999-12-30 UTC)"
        case .invalidAmount(let text): "\(quoted(text)) is not a decimal number (like -12.50)"
        case .unreadableDate(let text, let expected): "\(quoted(text)) is not a date (expected \(expected))"
        case .unreadableAmount(let text, let expected): "\(quoted(text)) is not an amount (expected \(expected))"
        case .tooManyDigits(let text):
            "\(quoted(text)) has too many digits: at most \(DecimalAmount.maximumDigits), and at most \(DecimalAmount.maximumDigits) after the point"
        case .tooManyFractionDigits(let amount, let currency, let allowed):
            "\(amount) has more fraction digits than \(currency) allows (\(allowed))"
        case .amountOutOfRange(let text): "\(text) is too large (at most 15 digits of minor units)"
        case .invalidCurrency(let text): "\(quoted(text)) is not a three-letter currency code"
        case .invalidStatus(let text): "\(quoted(text)) is not pending or posted"
        case .subcategoryWithoutCategory: "is set but the category is empty"
        case .duplicateID(let id): "\(quoted(id)) is already used by another transaction"
        case .duplicateImportKey(let key): "\(quoted(key)) is already the import key of another transaction"
        case .unknownID(let id): "no transaction has the id \(quoted(id))"
        }
    }
}

extension ValidationError.Reason {
    /// Why a text written as an ISO 8601 date (`2026-02-30`, `2026-13-01T10:00`) names no day:
    /// `February 2026 has 28 days`, `there is no month 13`; nil when it is not of that form (or
    /// the day exists), so that a mistyped day is told as such rather than as a wrong format.
    static func missingDay(in text: String) -> String? {
        let bytes = Array(text.trimmingWhitespace().utf8.prefix(11))
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.count == 10 || [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              CalendarDay.years.contains(year)
        else { return nil }
        guard (1...12).contains(month) else { return "there is no month \(month)" }
        let days = CalendarDay.daysIn(month: month, year: year)
        guard day < 1 || day > days else { return nil }
        return "\(CalendarMonth(year: year, month: month).title) has \(days) days"
    }
}

/// The text in double quotes, shortened when long, with control and invisible characters
/// escaped (`VisibleText`), for error messages: what was typed, shown so it can be seen.
package func quoted(_ text: String) -> String {
    let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
    return "\"" + VisibleText.escaped(shown) + "\""
}
