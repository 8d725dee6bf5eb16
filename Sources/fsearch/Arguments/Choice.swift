import CommandLineSupport
import Foundation
import TransactionSearch

/// Option values checked, with errors that say what is allowed.
enum Choice {
    static func parse(_ text: String, option: String, among allowed: [String]) throws(FSearchError) -> String {
        guard allowed.contains(text.lowercased()) else {
            throw FSearchError.usage("--\(option) '\(text)' is not one of \(allowed.joined(separator: "|"))")
        }
        return text.lowercased()
    }

    static func parse<Value: RawRepresentable & CaseIterable>(_ text: String, option: String, among: Value.AllCases) throws(FSearchError) -> Value
    where Value.RawValue == String {
        let raw = try parse(text, option: option, among: among.map(\.rawValue))
        return Value(rawValue: raw)!
    }

    static func day(_ text: String, option: String) throws(FSearchError) -> CalendarDay {
        let date: TransactionDate
        do throws(ValidationError) { date = try TransactionDate(parsing: text, in: .utc) } catch {
            if case .dateOutOfRange = error.reason { throw FSearchError.usage("--\(option): \(error.reasonText)") }
            // A day that does not exist is said as such (`February 2026 has 28 days`).
            if let range = error.reasonText.range(of: " is not a day: ") {
                throw FSearchError.usage("--\(option) '\(text)' is not a date: \(error.reasonText[range.upperBound...])")
            }
            throw FSearchError.usage("--\(option) '\(text)' is not a date as YYYY-MM-DD")
        }
        guard case .day(let day) = date else { throw FSearchError.usage("--\(option) '\(text)' is not a date as YYYY-MM-DD") }
        return day
    }

    /// The first (`isLower`) or last day of `--from`/`--to`: a day (`2026-03-14`), or a period
    /// counted from `today` as in the search box (`today`, `yesterday`, `this-week`,
    /// `last-week`, `this-month`, `last-month`, `this-year`, `last-year`, `last-N-days`):
    /// `--from last-month` is its first day, `--to last-month` its last.
    static func dayBound(_ text: String, option: String, today: CalendarDay, isLower: Bool) throws(FSearchError) -> CalendarDay {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return try day(text, option: option) }
        guard let period = RelativeDate(text: text) else {
            throw FSearchError.usage("--\(option) '\(text)' is not a date",
                                     hint: "use YYYY-MM-DD or today, yesterday, this-week, last-week, this-month, last-month, this-year, last-year, last-N-days")
        }
        let days = period.days(today: today)
        return isLower ? days.lowerBound : days.upperBound
    }

    static func amount(_ text: String, option: String) throws(FSearchError) -> DecimalAmount {
        do throws(ValidationError) { return try DecimalAmount(parsing: text) } catch {
            if case .tooManyDigits = error.reason {
                throw FSearchError.usage("--\(option) '\(text)' has too many digits: at most 18, and at most 18 after the point")
            }
            throw FSearchError.usage("--\(option) '\(text)' is not an amount such as -50 or 12.50")
        }
    }

    /// A count of rows: 0 to `Int.max`. The library takes any `Int` (a negative one as 0), but
    /// a negative or larger number typed here is more likely a mistake than a wish.
    static func count(_ text: String, option: String) throws(FSearchError) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw FSearchError.usage("--\(option) needs a whole number from 0 to \(Int.max), not '\(text)'")
        }
        return value
    }

    static func timeZone(_ identifier: String?) throws(FSearchError) -> TimeZone? {
        guard let identifier else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw FSearchError.usage("--tz '\(identifier)' is not a time zone", hint: "use an IANA name such as Europe/Madrid or UTC")
        }
        return zone
    }
}
