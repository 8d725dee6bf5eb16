import TransactionSearch

/// OFX dates: `YYYYMMDD`, `YYYYMMDDHHMM`, `YYYYMMDDHHMMSS`, then optionally `.XXX` (fractions
/// of a second; digits past milliseconds are cut off) and `[offset:NAME]`, where the offset is
/// signed hours with an optional decimal fraction (`[-5:EST]`, `[+0:UTC]`, `[5.5:IST]`,
/// `[-3.5]`, `[5.75]`); a name of two digits reads as minutes (`[-3:30]`).
///
/// What a value becomes (our choice where OFX is silent):
/// - `YYYYMMDD` alone, with or without an offset: a calendar day.
/// - A time of exactly midnight or noon (`000000`, `120000`, `0000`, `1200`, any zero
///   fraction) with no offset: a calendar day. Banks write these as placeholders for a date
///   with no time (noon is QuickBooks' and several US banks' habit); reading them as local
///   instants would move a day near the date line for nothing.
/// - Any other time, or any time with an offset: an instant; with no offset it is local time
///   in the import's zone.
enum OFXDate {
    /// Parses a trimmed value; nil for anything else, impossible days and times included.
    static func parse(_ text: ByteView) -> ParsedDate? {
        var index = 0
        while index < text.count && isDigit(text[index]) { index += 1 }
        let digitCount = index
        guard digitCount == 8 || digitCount == 12 || digitCount == 14 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int {
            var value = 0
            for position in start..<(start + length) { value = value * 10 + Int(text[position] - 0x30) }
            return value
        }
        guard let day = CalendarDay.valid(year: number(0, 4), month: number(4, 2), day: number(6, 2)) else { return nil }
        let hour = digitCount >= 12 ? number(8, 2) : 0
        let minute = digitCount >= 12 ? number(10, 2) : 0
        let second = digitCount == 14 ? number(12, 2) : 0
        guard hour < 24, minute < 60, second < 60 else { return nil }
        var millisecond = 0
        var fractionIsZero = true
        if index < text.count && text[index] == UInt8(ascii: ".") {
            guard digitCount == 14 else { return nil }
            index += 1
            let start = index
            while index < text.count && isDigit(text[index]) {
                if index - start < 3 { millisecond = millisecond * 10 + Int(text[index] - 0x30) }
                if text[index] != 0x30 { fractionIsZero = false }
                index += 1
            }
            let length = index - start
            guard length >= 1 else { return nil }
            for _ in min(length, 3)..<3 { millisecond *= 10 }
        }
        while index < text.count && MarkupScanner.isSpace(text[index]) { index += 1 }
        var offsetMinutes: Int?
        if index < text.count {
            guard text[index] == UInt8(ascii: "["), let (minutes, end) = offset(text, from: index + 1), end == text.count else {
                return nil
            }
            offsetMinutes = minutes
        }
        if digitCount == 8 { return .day(day) }
        let local = (Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000 + Int64(millisecond)
        guard let offsetMinutes else {
            let isPlaceholder = (hour == 0 || hour == 12) && minute == 0 && second == 0 && fractionIsZero
            return isPlaceholder ? .day(day) : .local(local)
        }
        return .instant(local - Int64(offsetMinutes) * 60_000)
    }

    /// `[+|-]H[.fraction][:NAME]]` from `index` (just after `[`): the offset in minutes east of
    /// UTC and the index after `]`.
    private static func offset(_ text: ByteView, from index: Int) -> (Int, Int)? {
        var index = index
        var sign = 1
        if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
            sign = text[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        let hoursStart = index
        var hours = 0
        while index < text.count && isDigit(text[index]) && index - hoursStart < 2 {
            hours = hours * 10 + Int(text[index] - 0x30)
            index += 1
        }
        guard index > hoursStart else { return nil }
        var minutes = hours * 60
        var hasFraction = false
        if index < text.count && text[index] == UInt8(ascii: ".") {
            index += 1
            var numerator = 0, denominator = 1
            while index < text.count && isDigit(text[index]) && denominator < 10_000 {
                numerator = numerator * 10 + Int(text[index] - 0x30)
                denominator *= 10
                index += 1
            }
            guard denominator > 1 else { return nil }
            minutes += numerator * 60 / denominator
            hasFraction = true
        }
        if index < text.count && text[index] == UInt8(ascii: ":") {
            index += 1
            let nameStart = index
            while index < text.count && text[index] != UInt8(ascii: "]") { index += 1 }
            let name = text.view(nameStart..<index)
            if !hasFraction, name.count == 2, isDigit(name[0]), isDigit(name[1]) {
                let extra = Int(name[0] - 0x30) * 10 + Int(name[1] - 0x30)
                guard extra < 60 else { return nil }
                minutes += extra
            }
        }
        guard index < text.count, text[index] == UInt8(ascii: "]"), minutes <= 14 * 60 else { return nil }
        return (sign * minutes, index + 1)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
