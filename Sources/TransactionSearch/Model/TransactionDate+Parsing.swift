import Foundation

/// A date as written, before a time zone gives a date-time with no offset its instant.
package enum ParsedDate: Hashable, Sendable {
    case day(CalendarDay)
    /// Milliseconds since 1970, UTC.
    case instant(Int64)
    /// Milliseconds since 1970 of a wall-clock time with no offset.
    case local(Int64)

    /// Parses ISO 8601: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (a space may stand for
    /// `T`) followed by `Z`, an offset (`+01:00`, `+0100`, `+01`) or nothing. Fractions beyond
    /// milliseconds are cut off. Nil for anything else, impossible days and times included, and
    /// the year 0000 unless `allowingYearZero` (so that a caller can say it is out of range
    /// rather than not a date).
    static func parse(_ text: String, allowingYearZero: Bool = false) -> ParsedDate? {
        var trimmed = text.trimmingWhitespace()
        return trimmed.withByteView { bytes in
            var scanner = ASCIIScanner(bytes)
            return parse(&scanner, allowingYearZero: allowingYearZero)
        }
    }

    /// `parse(_:allowingYearZero:)` of the scanner's bytes.
    private static func parse(_ scanner: inout ASCIIScanner, allowingYearZero: Bool) -> ParsedDate? {
        guard let year = scanner.digits(exactly: 4), scanner.skip("-"),
              let month = scanner.digits(exactly: 2), scanner.skip("-"),
              let dayOfMonth = scanner.digits(exactly: 2),
              let day = CalendarDay.valid(year: year, month: month, day: dayOfMonth)
                ?? (allowingYearZero && year == 0 ? CalendarDay(yearZeroMonth: month, day: dayOfMonth) : nil)
        else { return nil }
        if scanner.isAtEnd { return .day(day) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.digits(exactly: 2), hour < 24, scanner.skip(":"),
              let minute = scanner.digits(exactly: 2), minute < 60
        else { return nil }
        var second = 0
        var millisecond = 0
        if scanner.skip(":") {
            guard let value = scanner.digits(exactly: 2), value < 60 else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fractionMilliseconds() else { return nil }
                millisecond = fraction
            }
        }
        let localSeconds = Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let local = localSeconds * 1000 + Int64(millisecond)
        if scanner.isAtEnd { return .local(local) }
        if scanner.skip("Z") || scanner.skip("z") {
            return scanner.isAtEnd ? .instant(local) : nil
        }
        let sign: Int64
        if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { return nil }
        guard let offsetHours = scanner.digits(exactly: 2), offsetHours <= 18 else { return nil }
        var offsetMinutes = 0
        if !scanner.isAtEnd {
            _ = scanner.skip(":")
            guard let minutes = scanner.digits(exactly: 2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard scanner.isAtEnd else { return nil }
        return .instant(local - sign * Int64(offsetHours * 3600 + offsetMinutes * 60) * 1000)
    }
}

extension TransactionDate {
    /// Parses ISO 8601 (docs/formats.md, Dates); a date-time with no offset is local time in `timeZone`.
    /// - Throws: `ValidationError` for the field `date`.
    public init(parsing text: String, in timeZone: TimeZone) throws(ValidationError) {
        try self.init(parsing: text, clock: ZoneClock(timeZone: timeZone))
    }

    /// - Throws: `invalidDate` for what is not ISO 8601, `dateOutOfRange` (with the text as
    ///   typed) for a date or instant outside the years a store takes (`TransactionValidator.validDate`).
    package init(parsing text: String, clock: ZoneClock) throws(ValidationError) {
        switch ParsedDate.parse(text, allowingYearZero: true) {
        case .day(let day)?: self = .day(day)
        case .instant(let milliseconds)?: self = .instant(millisecondsSince1970: milliseconds)
        case .local(let local)?: self = .instant(millisecondsSince1970: clock.instant(ofLocal: local))
        case nil: throw ValidationError(.date, .invalidDate(text))
        }
        guard isInRange else { throw ValidationError(.date, .dateOutOfRange(text)) }
    }

    /// Whether a store takes the date: a calendar date in the years 0001-9999, an instant on a
    /// UTC day from 0001-01-02 to 9999-12-30 (its local day is then in range in every zone).
    var isInRange: Bool {
        switch self {
        case .day(let day): TransactionValidator.validCalendarDays.contains(Int64(day.daysSince1970))
        case .instant(let milliseconds): TransactionValidator.validInstantDays.contains(milliseconds.floorDivided(by: 86_400_000))
        }
    }
}

extension CalendarDay {
    /// A day of the year 0000 (1 BC), which only parsing makes, to report it as out of range.
    fileprivate init?(yearZeroMonth month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month: month, year: 0) else { return nil }
        self.init(daysSince1970: Int32(CalendarDay.dayNumber(year: 0, month: month, day: day)))
    }
}

/// Reads ASCII digits and punctuation from the front of a byte view.
struct ASCIIScanner {
    private let bytes: ByteView
    private var position = 0

    /// A scanner at the first of `bytes`, valid while they are.
    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// Exactly `count` decimal digits as a number, or nil (and nothing consumed).
    mutating func digits(exactly count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position ..< position + count] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += count
        return value
    }

    /// One to nine fraction digits, as whole milliseconds (digits past the third are cut off).
    mutating func fractionMilliseconds() -> Int? {
        var milliseconds = 0
        var count = 0
        while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
            if count < 3 { milliseconds = milliseconds * 10 + Int(bytes[position] - 0x30) }
            count += 1
            position += 1
        }
        guard (1...9).contains(count) else { return nil }
        for _ in min(count, 3)..<3 { milliseconds *= 10 }
        return milliseconds
    }
}
