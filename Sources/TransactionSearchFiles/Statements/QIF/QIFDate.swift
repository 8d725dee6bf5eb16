import TransactionSearch

/// Which of a QIF date's first two numbers is the month: QIF comes from the US (`MM/DD/YY`),
/// but European programs write `DD/MM/YYYY` and `DD.MM.YYYY` under the same `D` code.
enum QIFDateOrder: String, Hashable, Sendable, CaseIterable {
    /// `MM/DD/YYYY`, Quicken's own order.
    case monthFirst
    /// `DD/MM/YYYY` or `DD.MM.YYYY`.
    case dayFirst
}

/// A QIF `D` value split into its three numbers, read before the file's date order is known.
///
/// Forms read: `MM/DD/YY`, `MM/DD/YYYY`, `DD/MM/YYYY`, `M/D'YY` (Quicken's apostrophe before
/// the year marks 2000 and later: `1/ 1'00` is 1 January 2000), padding spaces anywhere
/// (`1/ 1'00`, `12/31' 5`), `DD.MM.YYYY`, `DD-MM-YYYY`, and `YYYY-MM-DD` (also with `/` or
/// `.`), whose order is fixed. A two-digit year without an apostrophe goes through
/// `TwoDigitYear` (00-69 are 20xx, 70-99 19xx); with an apostrophe it is always 20xx.
struct QIFDate {
    /// What one date says about the file's order.
    enum Evidence {
        /// `YYYY-MM-DD`: fits any order.
        case yearFirst
        /// The first number is over 12, the second is not.
        case dayFirst
        /// The second number is over 12, the first is not.
        case monthFirst
        /// Both are 12 or less.
        case either
        /// Both are over 12: no order makes it a date.
        case neither
    }

    private let first: Int
    private let second: Int
    private let third: Int
    private let year: Int
    /// `YYYY-MM-DD` rather than day and month first.
    let isYearFirst: Bool
    /// Written with dots (`14.03.2026`), the German and Swiss form, which is day-first.
    let usesDots: Bool

    /// Splits a `D` value; nil when it is not three numbers with separators between them.
    init?(_ bytes: ByteView, _ range: Range<Int>) {
        var numbers = (0, 0, 0)
        var digitCounts = (0, 0, 0)
        var count = 0
        var inNumber = false
        var separatorSeen = true  // before the first number nothing is needed
        var apostrophe = false
        var dots = false
        for index in range {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                if !inNumber {
                    guard separatorSeen, count < 3 else { return nil }
                    count += 1
                    inNumber = true
                    separatorSeen = false
                }
                let digit = Int(byte - 0x30)
                switch count {
                case 1: numbers.0 = numbers.0 * 10 + digit; digitCounts.0 += 1
                case 2: numbers.1 = numbers.1 * 10 + digit; digitCounts.1 += 1
                default: numbers.2 = numbers.2 * 10 + digit; digitCounts.2 += 1
                }
                guard digitCounts.0 <= 4, digitCounts.1 <= 2, digitCounts.2 <= 4 else { return nil }
                continue
            }
            inNumber = false
            switch byte {
            case 0x20, 0x09:
                continue
            case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "'"):
                guard count > 0, count < 3, !separatorSeen else { return nil }
                separatorSeen = true
                if byte == UInt8(ascii: "'") {
                    guard count == 2 else { return nil }
                    apostrophe = true
                }
                if byte == UInt8(ascii: ".") { dots = true }
            default:
                return nil
            }
        }
        guard count == 3, !separatorSeen else { return nil }
        first = numbers.0
        second = numbers.1
        third = numbers.2
        usesDots = dots
        if digitCounts.0 == 4 {
            guard !apostrophe, digitCounts.2 <= 2 else { return nil }
            isYearFirst = true
            year = first
            return
        }
        guard digitCounts.0 <= 2 else { return nil }
        isYearFirst = false
        switch digitCounts.2 {
        case 4: year = third
        case 1, 2: year = apostrophe ? 2000 + third : TwoDigitYear.expand(third)
        default: return nil
        }
    }

    /// What this date says about the order of the file's dates.
    var evidence: Evidence {
        if isYearFirst { return .yearFirst }
        switch (first > 12, second > 12) {
        case (true, false): return .dayFirst
        case (false, true): return .monthFirst
        case (false, false): return .either
        case (true, true): return .neither
        }
    }

    /// The day in `order`; nil when it names no real day.
    func day(_ order: QIFDateOrder) -> CalendarDay? {
        if isYearFirst { return CalendarDay.valid(year: year, month: second, day: third) }
        switch order {
        case .monthFirst: return CalendarDay.valid(year: year, month: first, day: second)
        case .dayFirst: return CalendarDay.valid(year: year, month: second, day: first)
        }
    }
}
