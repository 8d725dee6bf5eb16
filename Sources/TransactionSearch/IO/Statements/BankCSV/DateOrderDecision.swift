/// What a date column's values say about day-first or month-first, gathered over every value.
struct DateEvidence {
    var values = 0
    var numeric = 0
    /// Values whose first number is over 12 (so it is the day), and whose second is.
    var dayFirst = 0, monthFirst = 0
    var firstDayFirst: BankCSVLayout.Line?, firstMonthFirst: BankCSVLayout.Line?
    /// The first value, for describing the style.
    var first: DateScanner.Scan?

    /// Adds one scanned value.
    mutating func add(_ scan: DateScanner.Scan, _ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
        values += 1
        if first == nil { first = scan }
        guard scan.kind == .numeric else { return }
        numeric += 1
        if scan.first > 12 && scan.second <= 12 {
            dayFirst += 1
            if firstDayFirst == nil { firstDayFirst = BankCSVLayout.Line(line: line, text: String(decoding: bytes.prefix(30), as: UTF8.self)) }
        } else if scan.second > 12 && scan.first <= 12 {
            monthFirst += 1
            if firstMonthFirst == nil { firstMonthFirst = BankCSVLayout.Line(line: line, text: String(decoding: bytes.prefix(30), as: UTF8.self)) }
        }
    }
}

/// Decides day-first or month-first for a whole date column, never per row: a value over 12
/// settles it; when every value is ambiguous, day-first unless the file says it is from the US
/// (`$` amounts, USD, US header words); an option overrides. The reason is always kept.
enum DateOrderDecision {
    /// The decision and why.
    struct Outcome {
        /// The order numeric dates are read in.
        var order: BankCSVOptions.DateOrder
        /// What the layout shows: nil when the dates say their order themselves.
        var shown: BankCSVOptions.DateOrder?
        var reason: String
        var notes: [String] = []
    }

    /// - Parameter usEvidence: why the file looks American (`$ amounts`), or nil.
    static func decide(_ evidence: DateEvidence, option: BankCSVOptions.DateOrder?, usEvidence: String?, language: HeaderLanguage?) -> Outcome {
        if let option { return Outcome(order: option, shown: option, reason: "given") }
        guard evidence.numeric > 0 else {
            let how = evidence.first.map { $0.kind == .named ? "month names" : "year first" } ?? "no dates"
            return Outcome(order: .dayMonthYear, shown: nil, reason: "the dates say it themselves (\(how))")
        }
        if evidence.dayFirst > 0 && evidence.monthFirst == 0, let example = evidence.firstDayFirst {
            return Outcome(order: .dayMonthYear, shown: .dayMonthYear,
                           reason: "a value over 12 in position 1 (\(example.text), line \(example.line))")
        }
        if evidence.monthFirst > 0 && evidence.dayFirst == 0, let example = evidence.firstMonthFirst {
            return Outcome(order: .monthDayYear, shown: .monthDayYear,
                           reason: "a value over 12 in position 2 (\(example.text), line \(example.line))")
        }
        if evidence.monthFirst > 0 && evidence.dayFirst > 0, let day = evidence.firstDayFirst, let month = evidence.firstMonthFirst {
            let order: BankCSVOptions.DateOrder = evidence.dayFirst >= evidence.monthFirst ? .dayMonthYear : .monthDayYear
            let reason = "mixed: \(evidence.dayFirst) values are day-first (\(day.text), line \(day.line)), \(evidence.monthFirst) month-first (\(month.text), line \(month.line)); read as \(order == .dayMonthYear ? "day-first" : "month-first"), the others are errors"
            return Outcome(order: order, shown: order, reason: reason, notes: [reason])
        }
        let order: BankCSVOptions.DateOrder
        let readAs: String
        if let usEvidence {
            order = .monthDayYear
            readAs = "month-first (\(usEvidence))"
        } else {
            order = .dayMonthYear
            readAs = "day-first by default (\(language.map { "header language \($0.rawValue)" } ?? "no sign of a US file"))"
        }
        return Outcome(order: order, shown: order, reason: "ambiguous: " + readAs,
                       notes: ["every date could be day-first or month-first: read \(readAs); give --date-order \(order == .dayMonthYear ? "mdy" : "dmy") if that is wrong"])
    }

    /// How the dates are written, from one value: `DD.MM.YYYY`, `MM/DD/YY HH:MM`, `YYYY-MM-DD`,
    /// `YYYYMMDD`, `DD MMM YYYY`.
    static func style(of scan: DateScanner.Scan?, order: BankCSVOptions.DateOrder) -> String {
        guard let scan else { return "" }
        var text: String
        let separator = scan.separator == 0 ? "" : String(UnicodeScalar(scan.separator))
        let year = scan.yearDigits == 2 ? "YY" : "YYYY"
        switch scan.kind {
        case .yearFirst: text = ["YYYY", "MM", "DD"].joined(separator: separator)
        case .named: text = "DD MMM \(year)"
        case .numeric:
            switch order {
            case .dayMonthYear: text = ["DD", "MM", year].joined(separator: separator)
            case .monthDayYear: text = ["MM", "DD", year].joined(separator: separator)
            case .yearMonthDay: text = ["YY", "MM", "DD"].joined(separator: separator)
            }
        }
        if scan.timeOfDay >= 0 { text += " HH:MM" }
        if scan.zoneStart >= 0 { text += " zone" }
        if scan.asOfStart >= 0 { text += " as of ..." }
        return text
    }
}
