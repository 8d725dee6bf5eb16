import TransactionSearch

/// SWIFT amounts and dates as MT940 writes them: `1234,56` with a decimal comma and no
/// grouping (`100,` is 100, `1234,5` is 1234.5; some banks leave the comma out: `500`),
/// dates `YYMMDD`.
enum MT940Amount {
    /// The amount of `range`: digits with at most one decimal comma (a point is accepted too);
    /// nil for anything else or more than 15 digits (SWIFT's 15d).
    static func parse(_ bytes: ByteView, _ range: Range<Int>) -> DecimalAmount? {
        var value: Int64 = 0
        var digits = 0
        var fraction = -1
        for index in range {
            let byte = bytes[index]
            switch byte {
            case 0x30...0x39:
                digits += 1
                guard digits <= 15 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                if fraction >= 0 { fraction += 1 }
            case UInt8(ascii: ","), UInt8(ascii: "."):
                guard fraction < 0 else { return nil }
                fraction = 0
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        return DecimalAmount(significand: value, fractionDigits: max(fraction, 0))
    }

    /// The day of a `YYMMDD` date at `start` (years through `TwoDigitYear`); nil when the six
    /// bytes are not digits or name no real day.
    static func date(_ bytes: ByteView, at start: Int, end: Int) -> CalendarDay? {
        guard let year = twoDigits(bytes, start, end), let month = twoDigits(bytes, start + 2, end),
              let day = twoDigits(bytes, start + 4, end)
        else { return nil }
        return CalendarDay.valid(year: TwoDigitYear.expand(year), month: month, day: day)
    }

    /// The number of two digits at `start`, or nil.
    static func twoDigits(_ bytes: ByteView, _ start: Int, _ end: Int) -> Int? {
        guard start + 2 <= end else { return nil }
        let high = bytes[start], low = bytes[start + 1]
        guard high >= 0x30 && high <= 0x39 && low >= 0x30 && low <= 0x39 else { return nil }
        return Int(high - 0x30) * 10 + Int(low - 0x30)
    }
}

/// A balance field (`:60F:`, `:60M:`, `:62F:`, `:62M:`, `:64:`, `:65:`): mark `C` or `D`,
/// date `YYMMDD`, currency, amount (`C260131EUR1234,56`).
struct MT940Balance {
    /// Signed: a debit balance is negative.
    var amount: DecimalAmount
    var currency: Currency
    var date: CalendarDay

    /// Reads a balance; nil when it is not one.
    init?(_ bytes: ByteView, _ range: Range<Int>) {
        let trimmed = bytes.trimming(range)
        var index = trimmed.lowerBound
        let end = trimmed.upperBound
        guard index + 10 < end else { return nil }
        let mark = bytes[index]
        guard mark == UInt8(ascii: "C") || mark == UInt8(ascii: "D") else { return nil }
        index += 1
        guard let date = MT940Amount.date(bytes, at: index, end: end) else { return nil }
        index += 6
        guard let currency = Currency(bytes.text(index..<index + 3)) else { return nil }
        index += 3
        guard let amount = MT940Amount.parse(bytes, index..<end) else { return nil }
        self.amount = mark == UInt8(ascii: "D") ? amount.negated : amount
        self.currency = currency
        self.date = date
    }
}

/// The floor limit of an MT942 (`:34F:EURD20,`): only its currency is used.
enum MT942FloorLimit {
    /// The currency the field starts with, or nil.
    static func currency(_ bytes: ByteView, _ range: Range<Int>) -> Currency? {
        let trimmed = bytes.trimming(range)
        guard trimmed.count >= 3 else { return nil }
        return Currency(bytes.text(trimmed.lowerBound..<trimmed.lowerBound + 3))
    }
}
