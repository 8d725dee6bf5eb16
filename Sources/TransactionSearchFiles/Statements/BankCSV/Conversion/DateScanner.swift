import TransactionSearch

/// Reads a date as bank exports write it, from bytes: `2023-04-17`, `2023/04/17`, `20230417`,
/// `17.04.2023`, `17/04/2023`, `04/17/2023`, `4/17/23`, `17-04-2023`, `17 Apr 2023`,
/// `17-Apr-23`, `17. April 2023`, `17 de abril de 2023`, `Apr 17, 2023`, each optionally with a
/// time (`2023-04-17 12:50`, `2023-04-17T12:50:00Z`, `04/17/2023 12:50 PM`) and a zone (`Z`,
/// `+02:00`, `UTC`, `CET`), or followed by `as of 04/15/2023` (Schwab).
///
/// Two steps, because day-first or month-first is decided per column: `scan` finds the parts;
/// `day(of:order:)` puts a numeric date's first two numbers in order.
enum DateScanner {
    /// What a date's text holds.
    struct Scan {
        /// The shape of the date.
        enum Kind {
            /// `2023-04-17`, `20230417`: `first` is the month, `second` the day.
            case yearFirst
            /// `17/04/2023` or `04/17/2023`: the order of `first` and `second` is the column's.
            case numeric
            /// `17 Apr 2023`, `Apr 17, 2023`: `first` is the month, `second` the day.
            case named
        }

        var kind = Kind.numeric
        var first = 0, second = 0
        var year = 0
        var yearDigits = 4
        /// The byte between the parts (`-`, `/`, `.`), 0 for `20230417`, a space for names.
        var separator: UInt8 = 0
        /// Milliseconds after midnight, or -1 when the text has no time.
        var timeOfDay = -1
        /// Where a zone starts and ends in the text (`Z`, `+02:00`, `CET`), or `zoneStart == -1`.
        var zoneStart = -1, zoneEnd = -1
        /// Where `as of ...` starts (-1: none).
        var asOfStart = -1
    }

    private static let digit0 = UInt8(ascii: "0"), digit9 = UInt8(ascii: "9")

    /// Scans a trimmed field; nil when it is no date this reader knows.
    static func scan(_ bytes: ByteView) -> Scan? {
        var scan = Scan()
        let count = bytes.count
        guard count >= 6 else { return nil }
        var index = 0
        if isDigit(bytes[0]) {
            let (leading, leadingCount) = digits(bytes, &index)
            if leadingCount == 8 {
                scan.kind = .yearFirst
                scan.year = leading / 10_000
                scan.first = leading / 100 % 100
                scan.second = leading % 100
            } else if leadingCount == 4 {
                guard index < count, isDateSeparator(bytes[index]) else { return nil }
                scan.separator = bytes[index]
                index += 1
                let (month, monthCount) = digits(bytes, &index)
                guard (1...2).contains(monthCount), index < count, bytes[index] == scan.separator else { return nil }
                index += 1
                let (day, dayCount) = digits(bytes, &index)
                guard (1...2).contains(dayCount) else { return nil }
                scan.kind = .yearFirst
                scan.year = leading
                scan.first = month
                scan.second = day
            } else if leadingCount <= 2 {
                guard index < count else { return nil }
                if isDateSeparator(bytes[index]) && index + 1 < count && isDigit(bytes[index + 1]) {
                    scan.separator = bytes[index]
                    index += 1
                    let (middle, middleCount) = digits(bytes, &index)
                    guard (1...2).contains(middleCount), index < count, bytes[index] == scan.separator else { return nil }
                    index += 1
                    let (year, yearCount) = digits(bytes, &index)
                    guard yearCount == 2 || yearCount == 4 else { return nil }
                    scan.kind = .numeric
                    scan.first = leading
                    scan.second = middle
                    scan.year = yearCount == 2 ? expandedYear(year) : year
                    scan.yearDigits = yearCount
                } else {
                    // 17 Apr 2023, 17-Apr-23, 17. April 2023, 17 de abril de 2023
                    if bytes[index] == UInt8(ascii: ".") { index += 1 }
                    guard skipSeparators(bytes, &index) > 0 else { return nil }
                    skipWord("de", bytes, &index)
                    guard let month = monthWord(bytes, &index) else { return nil }
                    skipSeparators(bytes, &index)
                    skipWord("de", bytes, &index)
                    let (year, yearCount) = digits(bytes, &index)
                    guard yearCount == 2 || yearCount == 4 else { return nil }
                    scan.kind = .named
                    scan.separator = UInt8(ascii: " ")
                    scan.first = month
                    scan.second = leading
                    scan.year = yearCount == 2 ? expandedYear(year) : year
                    scan.yearDigits = yearCount
                }
            } else {
                return nil
            }
        } else {
            // Apr 17, 2023
            guard let month = monthWord(bytes, &index), skipSeparators(bytes, &index) > 0 else { return nil }
            let (day, dayCount) = digits(bytes, &index)
            guard (1...2).contains(dayCount) else { return nil }
            if index < count && bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard skipSeparators(bytes, &index) > 0 else { return nil }
            let (year, yearCount) = digits(bytes, &index)
            guard yearCount == 4 else { return nil }
            scan.kind = .named
            scan.separator = UInt8(ascii: " ")
            scan.first = month
            scan.second = day
            scan.year = year
        }
        guard scanTail(bytes, from: index, into: &scan) else { return nil }
        return scan
    }

    /// The calendar day of a scan; a numeric date's first two numbers are read in `order`.
    /// Nil when they name no real day.
    static func day(of scan: Scan, order: BankCSVOptions.DateOrder) -> CalendarDay? {
        switch scan.kind {
        case .yearFirst, .named:
            return CalendarDay.valid(year: scan.year, month: scan.first, day: scan.second)
        case .numeric:
            switch order {
            case .dayMonthYear: return CalendarDay.valid(year: scan.year, month: scan.second, day: scan.first)
            case .monthDayYear: return CalendarDay.valid(year: scan.year, month: scan.first, day: scan.second)
            case .yearMonthDay:
                guard scan.yearDigits == 2 else { return nil }
                return CalendarDay.valid(year: expandedYear(scan.first), month: scan.second, day: scan.year % 100)
            }
        }
    }

    /// A two-digit year: 00-68 are 2000-2068, 69-99 are 1969-1999 (the POSIX `%y` rule).
    static func expandedYear(_ year: Int) -> Int { year < 69 ? 2000 + year : 1900 + year }

    // MARK: After the date

    /// A time, a zone or `as of`: true when the rest of the text is one of them.
    private static func scanTail(_ bytes: ByteView, from start: Int, into scan: inout Scan) -> Bool {
        var index = start
        let count = bytes.count
        if index == count { return true }
        let separatorStart = index
        if bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") {
            index += 1
        } else {
            skipSpaces(bytes, &index)
            if index < count && bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpaces(bytes, &index)
            }
        }
        guard index > separatorStart, index < count else { return index == count }
        if isDigit(bytes[index]) {
            guard let time = TimeText.timeOfDay(bytes, &index) else { return false }
            scan.timeOfDay = time
            skipSpaces(bytes, &index)
            guard index < count else { return true }
            guard let zoneEnd = TimeText.zoneEnd(bytes, from: index) else { return false }
            scan.zoneStart = index
            scan.zoneEnd = zoneEnd
            index = zoneEnd
            skipSpaces(bytes, &index)
            return index == count
        }
        if index + 5 <= count, bytes[index] | 0x20 == UInt8(ascii: "a"), bytes[index + 1] | 0x20 == UInt8(ascii: "s"),
           bytes[index + 2] == UInt8(ascii: " "), bytes[index + 3] | 0x20 == UInt8(ascii: "o"), bytes[index + 4] | 0x20 == UInt8(ascii: "f") {
            scan.asOfStart = index
            return true
        }
        return false
    }

    // MARK: Pieces

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= digit0 && byte <= digit9 }

    @inline(__always)
    private static func isDateSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")
    }

    /// Up to nine digits as a number, and how many there were.
    @inline(__always)
    static func digits(_ bytes: ByteView, _ index: inout Int) -> (Int, Int) {
        var value = 0
        var count = 0
        while index < bytes.count && isDigit(bytes[index]) {
            if count < 9 { value = value * 10 + Int(bytes[index] - digit0) }
            count += 1
            index += 1
        }
        return (value, count)
    }

    /// Skips spaces, `-`, `/`, `.` and `,` between a date's parts; how many bytes it skipped.
    @discardableResult
    private static func skipSeparators(_ bytes: ByteView, _ index: inout Int) -> Int {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") {
                index += 1
            } else {
                break
            }
        }
        return index - start
    }

    @inline(__always)
    static func skipSpaces(_ bytes: ByteView, _ index: inout Int) {
        while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
    }

    /// Skips `word` and the separators after it, when the text continues with it as a word.
    private static func skipWord(_ word: StaticString, _ bytes: ByteView, _ index: inout Int) {
        let length = word.utf8CodeUnitCount
        guard index + length < bytes.count,
              ByteText.equalsIgnoringCase(bytes.view(index ..< index + length), word),
              bytes[index + length] == UInt8(ascii: " ") else { return }
        index += length
        skipSeparators(bytes, &index)
    }

    /// A month's name at `index` (letters, accented Latin letters, a trailing dot): its number.
    private static func monthWord(_ bytes: ByteView, _ index: inout Int) -> Int? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
                index += 1
            } else if byte >= 0xC3 && byte <= 0xC5 && MonthNames.latinBaseLetter(bytes, at: index) != nil {
                index += 2
            } else {
                break
            }
        }
        guard index > start, let month = MonthNames.month(bytes.view(start..<index)) else { return nil }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") { index += 1 }
        return month
    }
}
