/// Relative dates in the search box: `date:today`, `date:yesterday`, `date:this-week`,
/// `date:last-week`, `date:this-month`, `date:last-month`, `date:this-year`, `date:last-year`,
/// `date:last-N-days`, with `>`, `>=`, `<`, `<=`, and as either end of a range
/// (`date:2026-01..today`, `date:last-month..`). They stay relative in the query
/// (`SearchTerm.Condition.relativeDates`) and print back as typed.
enum RelativeDateSyntax {
    private typealias Problem = SyntaxValueParsing.ValueProblem

    /// The condition of a date term with a relative date on either side, nil when it has
    /// none (then it is read as fixed days), or what is wrong with it.
    static func condition(_ operation: SearchSyntax.Operation, _ value: String) -> Result<SearchTerm.Condition, SyntaxValueParsing.ValueProblem>? {
        if let separator = value.range(of: ".."), value != ".." {
            let low = String(value[..<separator.lowerBound])
            let high = String(value[separator.upperBound...])
            guard isRelative(low) || isRelative(high) else { return nil }
            guard operation == .colon || operation == .equals else {
                return .failure(Problem(offset: 0, expected: "one date after '\(operation.rawValue)', not a range"))
            }
            let from: DateBound?, to: DateBound?
            switch bound(low, isLower: true) {
            case .success(let value): from = value
            case .failure(let problem): return .failure(problem)
            }
            switch bound(high, isLower: false) {
            case .success(let value): to = value
            case .failure(let problem): return .failure(Problem(offset: low.count + 2 + problem.offset, expected: problem.expected))
            }
            return .success(.relativeDates(from: from, to: to))
        }
        guard isRelative(value) else { return nil }
        guard let period = RelativeDate(text: value) else { return .failure(badPeriod(value)) }
        switch operation {
        case .colon, .equals: return .success(.relativeDates(from: .period(period), to: .period(period)))
        case .atLeast: return .success(.relativeDates(from: .period(period), to: nil))
        case .above: return .success(.relativeDates(from: .outside(period), to: nil))
        case .atMost: return .success(.relativeDates(from: nil, to: .period(period)))
        case .below: return .success(.relativeDates(from: nil, to: .outside(period)))
        case .near: return .failure(Problem(offset: -1, expected: "':' after date (only amount takes ~)"))
        }
    }

    /// Whether a value is meant as a relative date: it starts with a letter (fixed dates
    /// start with digits).
    private static func isRelative(_ value: String) -> Bool {
        value.unicodeScalars.first.map { $0.properties.isAlphabetic } ?? false
    }

    /// One side of a range: empty (open), a relative date, or a fixed day or month.
    private static func bound(_ text: String, isLower: Bool) -> Result<DateBound?, Problem> {
        if text.isEmpty { return .success(nil) }
        if isRelative(text) {
            guard let period = RelativeDate(text: text) else { return .failure(badPeriod(text)) }
            return .success(.period(period))
        }
        switch SyntaxValueParsing.days(text) {
        case .success(let days): return .success(.day(isLower ? days.lowerBound : days.upperBound))
        case .failure(let problem): return .failure(problem)
        }
    }

    private static func badPeriod(_ text: String) -> Problem {
        if RelativeDate.looksLikeDayCount(text) {
            return Problem(offset: 0, expected: "last-N-days with N from 1 to \(RelativeDate.maximumDays), not '\(text)'")
        }
        return Problem(offset: 0, expected: "a date (2026-03, 2026-03-14) or today, yesterday, this-week, last-week, "
            + "this-month, last-month, this-year, last-year, last-N-days; not '\(text)'")
    }

    /// A relative date term in the syntax, as typed: `date:last-month`, `date>=this-year`,
    /// `date:2026-01-01..today`. Ends the syntax cannot put in one term (`date>this-week` with
    /// an upper end) become two terms, which match the same rows unless the term is excluded.
    static func format(from: DateBound?, to: DateBound?, sign: String) -> String {
        func text(_ bound: DateBound) -> String {
            switch bound {
            case .day(let day): day.description
            case .period(let period), .outside(let period): period.text
            }
        }
        switch (from, to) {
        case (nil, nil): return sign + "date>=0001-01-01"
        case (let from?, nil):
            if case .outside = from { return sign + "date>" + text(from) }
            return sign + "date>=" + text(from)
        case (nil, let to?):
            if case .outside = to { return sign + "date<" + text(to) }
            return sign + "date<=" + text(to)
        case (let from?, let to?):
            if case .outside = from { return format(from: from, to: nil, sign: sign) + " " + format(from: nil, to: to, sign: sign) }
            if case .outside = to { return format(from: from, to: nil, sign: sign) + " " + format(from: nil, to: to, sign: sign) }
            if from == to, case .period = from { return sign + "date:" + text(from) }
            return sign + "date:" + text(from) + ".." + text(to)
        }
    }
}
