import TransactionSearch

/// Reads camt values from their raw ranges: text, amounts (magnitudes, no sign), the
/// credit/debit indicator and ISO 8601 dates.
struct CamtText {
    let bytes: ByteView

    /// The decoded, trimmed text; nil when empty.
    func string(_ range: Range<Int>) -> String? {
        let text = MarkupText.string(bytes, range)
        return text.isEmpty ? nil : text
    }

    /// A field's decoded, trimmed text; nil when empty.
    func string(_ field: CamtEntry.Field) -> String? { string(field.value) }

    /// An `Amt` as a magnitude (no sign allowed), or nil.
    func amount(_ field: CamtEntry.AmountField) -> DecimalAmount? {
        MarkupText.withBytes(bytes, field.value) { StatementAmount.parse($0, allowsSign: false) }
    }

    /// A currency code read straight from the bytes (three ASCII letters, any case), or nil.
    func currency(_ range: Range<Int>) -> Currency? {
        MarkupText.withBytes(bytes, range) { text -> Currency? in
            guard text.count == 3 else { return nil }
            var packed: UInt32 = 0
            for byte in text {
                let upper = byte & ~0x20
                guard upper >= 0x41 && upper <= 0x5A else { return nil }
                packed = packed << 8 | UInt32(upper)
            }
            return Currency(packed: packed)
        }
    }

    /// Whether a value's trimmed text is `literal`, ignoring ASCII case.
    func equals(_ field: CamtEntry.Field, _ literal: StaticString) -> Bool {
        MarkupText.withBytes(bytes, field.value) { text in
            guard text.count == literal.utf8CodeUnitCount else { return false }
            for index in 0..<text.count where text[index] & ~0x20 != literal.utf8Start[index] & ~0x20 { return false }
            return true
        }
    }

    /// true for `DBIT`, false for `CRDT`, nil for anything else.
    func isDebit(_ field: CamtEntry.Field) -> Bool? {
        MarkupText.withBytes(bytes, field.value) { text -> Bool? in
            guard text.count == 4 else { return nil }
            if text.elementsEqual("DBIT".utf8) { return true }
            if text.elementsEqual("CRDT".utf8) { return false }
            return nil
        }
    }

    /// `YYYY-MM-DD` (a calendar day), or a date-time with `Z`, an offset or neither, read
    /// straight from the bytes with the rules of `ParsedDate.parse`.
    func date(_ field: CamtEntry.Field, clock: ZoneClock) -> TransactionDate? {
        switch MarkupText.withBytes(bytes, field.value, Self.isoDate) {
        case .day(let day)?: return .day(day)
        case .instant(let milliseconds)?: return .instant(millisecondsSince1970: milliseconds)
        case .local(let local)?: return .instant(millisecondsSince1970: clock.instant(ofLocal: local))
        case nil: return nil
        }
    }

    /// ISO 8601 as `ParsedDate.parse` reads it: `YYYY-MM-DD` (with an `xs:date` zone, `Z` or
    /// `+HH:MM`, still a calendar day), then optionally `T` (or `t` or a space) `HH:MM[:SS[.fraction]]` and `Z`, `+HH[:MM]`, `-HH[:MM]` or nothing.
    static func isoDate(_ text: ByteView) -> ParsedDate? {
        var cursor = ByteCursor(text: text)
        guard let year = cursor.digits(4), cursor.skip(0x2D), let month = cursor.digits(2), cursor.skip(0x2D),
              let dayOfMonth = cursor.digits(2), let day = CalendarDay.valid(year: year, month: month, day: dayOfMonth)
        else { return nil }
        if cursor.isAtEnd { return .day(day) }
        // An `xs:date` may carry a zone (`2017-04-01+02:00`, `2017-04-01Z`): still that calendar day.
        if cursor.skip(UInt8(ascii: "Z")) || cursor.skip(UInt8(ascii: "z")) { return cursor.isAtEnd ? .day(day) : nil }
        if cursor.skip(UInt8(ascii: "+")) || cursor.skip(UInt8(ascii: "-")) {
            guard let hours = cursor.digits(2), hours <= 14, cursor.skip(0x3A), let minutes = cursor.digits(2), minutes < 60,
                  cursor.isAtEnd else { return nil }
            return .day(day)
        }
        guard cursor.skip(UInt8(ascii: "T")) || cursor.skip(UInt8(ascii: "t")) || cursor.skip(0x20),
              let hour = cursor.digits(2), hour < 24, cursor.skip(0x3A), let minute = cursor.digits(2), minute < 60
        else { return nil }
        var second = 0, millisecond = 0
        if cursor.skip(0x3A) {
            guard let value = cursor.digits(2), value < 60 else { return nil }
            second = value
            if cursor.skip(0x2E) || cursor.skip(0x2C) {
                guard let fraction = cursor.fractionMilliseconds() else { return nil }
                millisecond = fraction
            }
        }
        let local = (Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000 + Int64(millisecond)
        if cursor.isAtEnd { return .local(local) }
        if cursor.skip(UInt8(ascii: "Z")) || cursor.skip(UInt8(ascii: "z")) { return cursor.isAtEnd ? .instant(local) : nil }
        let sign: Int64
        if cursor.skip(UInt8(ascii: "+")) { sign = 1 } else if cursor.skip(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = cursor.digits(2), offsetHours <= 18 else { return nil }
        var offsetMinutes = 0
        if !cursor.isAtEnd {
            _ = cursor.skip(0x3A)
            guard let minutes = cursor.digits(2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard cursor.isAtEnd else { return nil }
        return .instant(local - sign * Int64(offsetHours * 3600 + offsetMinutes * 60) * 1000)
    }

    /// Reads digits and punctuation from the front of a byte buffer.
    private struct ByteCursor {
        let text: ByteView
        var index = 0

        /// Whether every byte has been read.
        var isAtEnd: Bool { index == text.count }

        /// Exactly `count` decimal digits as a number, or nil (and nothing consumed).
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= text.count else { return nil }
            var value = 0
            for position in index..<(index + count) {
                guard text[position] >= 0x30 && text[position] <= 0x39 else { return nil }
                value = value * 10 + Int(text[position] - 0x30)
            }
            index += count
            return value
        }

        /// Consumes `byte` when it comes next; whether it did.
        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < text.count, text[index] == byte else { return false }
            index += 1
            return true
        }

        /// One to nine fraction digits as whole milliseconds (digits past the third cut off).
        mutating func fractionMilliseconds() -> Int? {
            let start = index
            var milliseconds = 0
            while index < text.count && text[index] >= 0x30 && text[index] <= 0x39 {
                if index - start < 3 { milliseconds = milliseconds * 10 + Int(text[index] - 0x30) }
                index += 1
            }
            guard (1...9).contains(index - start) else { return nil }
            for _ in min(index - start, 3)..<3 { milliseconds *= 10 }
            return milliseconds
        }
    }

    /// `BkTxCd` as text: `PMNT/ICDT/ESCT` from the ISO codes, else the proprietary code.
    func bankCode(_ code: CamtEntry.BankCode) -> String? {
        let domain = code.domain.flatMap(string), family = code.family.flatMap(string)
        let iso = Self.joined(Self.joined(domain, family, with: "/"), code.subFamily.flatMap(string), with: "/")
        return iso ?? code.proprietary.flatMap(string)
    }

    /// Two optional texts joined with a separator when both are there, else the one that is.
    static func joined(_ first: String?, _ second: String?, with separator: String) -> String? {
        guard let first else { return second }
        guard let second else { return first }
        return first + separator + second
    }
}
