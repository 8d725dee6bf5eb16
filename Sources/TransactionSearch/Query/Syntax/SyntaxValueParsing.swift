/// The values of `amount` and `date` terms: magnitudes without a sign, and days or months.
enum SyntaxValueParsing {
    /// A magnitude as typed (`12.5`, `12,50`, `7`), or a description of what was expected.
    static func magnitude(_ text: String) -> Result<DecimalAmount, ValueProblem> {
        if text.isEmpty { return .failure(.init(offset: 0, expected: "an amount such as 50 or 12.5")) }
        if text.hasPrefix("-") || text.hasPrefix("+") {
            return .failure(.init(offset: 0, expected: "an amount without a sign (amounts match by size, income or expense)"))
        }
        guard let amount = TermFolding.number(Array(text.utf8)) else {
            return .failure(.init(offset: 0, expected: "an amount such as 50 or 12.5, not '\(text)'"))
        }
        return .success(amount)
    }

    /// A day (`2026-03-14`), a month (`2026-03`) or a year (`2026`) as its first and last day.
    static func days(_ text: String) -> Result<ClosedRange<CalendarDay>, ValueProblem> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let allDigits = parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        let form = "a year (2026), a month (2026-03) or a day (2026-03-14)"
        if parts.count == 1, parts[0].count == 4, allDigits, let year = Int(parts[0]) {
            guard CalendarDay.years.contains(year) else {
                return .failure(.init(offset: 0, expected: "a year from 0001 to 9999, not '\(text)'"))
            }
            return .success(CalendarMonth(year: year, month: 1).firstDay...CalendarMonth(year: year, month: 12).lastDay)
        }
        guard allDigits, (2...3).contains(parts.count), parts[0].count == 4, parts[1].count == 2,
              parts.count == 2 || parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1])
        else {
            return .failure(.init(offset: 0, expected: "\(form), not '\(text)'"))
        }
        guard (1...12).contains(month), CalendarDay.years.contains(year) else {
            return .failure(.init(offset: 5, expected: "a month from 01 to 12 in a year from 0001 to 9999, not '\(text)'"))
        }
        let calendarMonth = CalendarMonth(year: year, month: month)
        if parts.count == 2 { return .success(calendarMonth.firstDay...calendarMonth.lastDay) }
        guard let dayOfMonth = Int(parts[2]), let day = CalendarDay.valid(year: year, month: month, day: dayOfMonth) else {
            return .failure(.init(offset: 8, expected: "a day that exists in \(calendarMonth), not '\(text)'"))
        }
        return .success(day...day)
    }

    /// What is wrong with a value, at an offset in characters from the value's start.
    struct ValueProblem: Error {
        var offset: Int
        var expected: String
        /// What kind of mistake (`SearchSyntaxError.kind`): most are values that do not fit.
        var kind: SearchSyntaxError.Kind = .badValue
    }
}
