import TransactionSearch

/// Times of day and time zones as bank exports write them: `12:50`, `12:50:01`, `12:50:01.250`,
/// `4:05 PM`, `4:05 p.m.`; zones `Z`, `+02:00`, `+0200`, `-05`, `UTC`, `GMT+1`, `CET`,
/// `Europe/Berlin`.
enum TimeText {
    /// A time at `index`: milliseconds after midnight, moving `index` past it (and past an
    /// AM/PM marker). Nil when it is no valid time.
    static func timeOfDay(_ bytes: ByteView, _ index: inout Int) -> Int? {
        let (hour, hourCount) = DateScanner.digits(bytes, &index)
        guard (1...2).contains(hourCount), index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        let (minute, minuteCount) = DateScanner.digits(bytes, &index)
        guard minuteCount == 2, minute < 60 else { return nil }
        var second = 0, millisecond = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
            index += 1
            let (value, count) = DateScanner.digits(bytes, &index)
            guard count == 2, value < 60 else { return nil }
            second = value
            if index + 1 < bytes.count && (bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ","))
                && DateScanner.isDigit(bytes[index + 1]) {
                index += 1
                var digits = 0
                while index < bytes.count && DateScanner.isDigit(bytes[index]) {
                    if digits < 3 { millisecond = millisecond * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                    digits += 1
                    index += 1
                }
                for _ in min(digits, 3)..<3 { millisecond *= 10 }
            }
        }
        var hour24 = hour
        var lookahead = index
        DateScanner.skipSpaces(bytes, &lookahead)
        if let (isAfternoon, end) = meridiem(bytes, at: lookahead) {
            guard (1...12).contains(hour) else { return nil }
            hour24 = hour % 12 + (isAfternoon ? 12 : 0)
            index = end
        }
        guard hour24 < 24 else { return nil }
        return ((hour24 * 60 + minute) * 60 + second) * 1000 + millisecond
    }

    /// A whole field that is a time (a time column).
    static func timeOfDay(_ bytes: ByteView) -> Int? {
        var index = 0
        guard let time = timeOfDay(bytes, &index) else { return nil }
        DateScanner.skipSpaces(bytes, &index)
        return index == bytes.count ? time : nil
    }

    /// `AM`, `PM`, `a.m.`, `p.m.` at `index`: whether afternoon, and where it ends.
    private static func meridiem(_ bytes: ByteView, at index: Int) -> (Bool, Int)? {
        guard index < bytes.count else { return nil }
        let first = bytes[index] | 0x20
        guard first == UInt8(ascii: "a") || first == UInt8(ascii: "p") else { return nil }
        var end = index + 1
        if end < bytes.count && bytes[end] == UInt8(ascii: ".") { end += 1 }
        guard end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "m") else { return nil }
        end += 1
        if end < bytes.count && bytes[end] == UInt8(ascii: ".") { end += 1 }
        if end < bytes.count {
            let next = bytes[end] | 0x20
            guard !(next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) else { return nil }
        }
        return (first == UInt8(ascii: "p"), end)
    }

    /// Where a zone written at `start` ends: a run of letters, digits, `/`, `_`, `+`, `-`, `:`
    /// of at most 40 bytes that starts with a letter, `+` or `-`. Nil for anything else.
    static func zoneEnd(_ bytes: ByteView, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        let first = bytes[start]
        let isLetter = (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        guard isLetter || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else { return nil }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            let lower = byte | 0x20
            let allowed = (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || DateScanner.isDigit(byte)
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
            guard allowed else { break }
            index += 1
        }
        return index - start <= 40 ? index : nil
    }

    /// A fixed offset east of UTC in seconds: `Z`, `UTC`, `GMT`, `UT`, `+02:00`, `+0200`, `-05`,
    /// `UTC+1`, `GMT-05:00`. Nil for a name (`CET`, `Europe/Berlin`) or a bad offset.
    static func fixedOffset(_ bytes: ByteView) -> Int? {
        var index = 0
        for prefix: StaticString in ["UTC", "GMT", "UT", "Z"] {
            let length = prefix.utf8CodeUnitCount
            if bytes.count >= length && ByteText.equalsIgnoringCase(bytes.view(0..<length), prefix) {
                index = length
                break
            }
        }
        if index == bytes.count { return index > 0 ? 0 : nil }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        let start = index
        let (value, count) = DateScanner.digits(bytes, &index)
        var hours = 0, minutes = 0
        switch count {
        case 1, 2:
            hours = value
            if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
                index += 1
                let (minuteValue, minuteCount) = DateScanner.digits(bytes, &index)
                guard minuteCount == 2 else { return nil }
                minutes = minuteValue
            }
        case 4:
            hours = value / 100
            minutes = value % 100
        default:
            return nil
        }
        guard index == bytes.count, index > start, hours <= 18, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
