import TransactionSearch

/// What a date column's values say about day-first or month-first, gathered over every value.
struct DateEvidence {
    var values = 0
    var numeric = 0
    /// Values whose first number is over 12 (so it is the day), and whose second is.
    var dayFirst = 0, monthFirst = 0
    var firstDayFirst: BankCSVLayout.Line?, firstMonthFirst: BankCSVLayout.Line?
    /// The first value, for describing the style.
    var first: DateScanner.Scan?
    /// The first numeric value (for showing both readings of an ambiguous column).
    var firstNumeric: BankCSVLayout.Line?
    /// The latest date of the main column as `YYYYMMDD`, read day-first, month-first, and
    /// for dates that say their order themselves (0: none).
    var latestDayFirst = 0, latestMonthFirst = 0, latestOther = 0
    /// The earliest, the same way (`Int.max`: none).
    var earliestDayFirst = Int.max, earliestMonthFirst = Int.max

    /// Adds one scanned value; `isMainColumn` is false for a value date, which helps decide
    /// the order but does not date the file.
    mutating func add(_ scan: DateScanner.Scan, _ bytes: ByteView, line: Int, isMainColumn: Bool = true) {
        if isMainColumn {
            values += 1
            if first == nil { first = scan }
            if scan.kind == .numeric {
                let dayFirst = scan.year * 10_000 + scan.second * 100 + scan.first
                let monthFirst = scan.year * 10_000 + scan.first * 100 + scan.second
                latestDayFirst = max(latestDayFirst, dayFirst)
                latestMonthFirst = max(latestMonthFirst, monthFirst)
                earliestDayFirst = min(earliestDayFirst, dayFirst)
                earliestMonthFirst = min(earliestMonthFirst, monthFirst)
            } else {
                latestOther = max(latestOther, scan.year * 10_000 + scan.first * 100 + scan.second)
            }
        }
        guard scan.kind == .numeric else { return }
        numeric += 1
        if firstNumeric == nil { firstNumeric = BankCSVLayout.Line(line: line, text: String(decoding: bytes.prefix(30), as: UTF8.self)) }
        if scan.first > 12 && scan.second <= 12 {
            dayFirst += 1
            if firstDayFirst == nil { firstDayFirst = BankCSVLayout.Line(line: line, text: String(decoding: bytes.prefix(30), as: UTF8.self)) }
        } else if scan.second > 12 && scan.first <= 12 {
            monthFirst += 1
            if firstMonthFirst == nil { firstMonthFirst = BankCSVLayout.Line(line: line, text: String(decoding: bytes.prefix(30), as: UTF8.self)) }
        }
    }
}

/// Decides day-first or month-first for a whole date column, never per row, from the file's
/// own evidence (docs/SPEC.md section 9): a value over 12 in either place settles it (in the
/// date column or another date column of the file); when every value could be either, the
/// known export's order (Mint writes `M/DD/YYYY`), the header's language (every language but
/// English writes the day first), a US header word or `$` amounts or USD (month first), or
/// another currency (day first). When nothing decides, the order is undecided: the import
/// refuses and names `--date-order`, and `inspect` shows both readings. An option overrides.
enum DateOrderDecision {
    /// The decision and why.
    struct Outcome {
        /// The order numeric dates are read in (day-first, provisionally, when undecided).
        var order: BankCSVOptions.DateOrder
        /// What the layout shows: nil when the dates say their order themselves, or nothing decides.
        var shown: BankCSVOptions.DateOrder?
        var reason: String
        var notes: [String] = []
        /// False when nothing in the file tells day-first from month-first.
        var isDecided = true
        /// When undecided: what each reading makes of the dates.
        var readings: [String] = []
    }

    /// What besides the values may decide an ambiguous column.
    struct Context {
        var export: KnownExport?
        var language: HeaderLanguage?
        /// Why the file looks American (`US header "Posted Date"`, `$ amounts`, `USD in the currency column`).
        var usEvidence: String?
        /// The currency the file names (header, preamble, currency column), when it is not USD.
        var otherCurrency: Currency?
    }

    static func decide(_ evidence: DateEvidence, option: BankCSVOptions.DateOrder?, context: Context) -> Outcome {
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
        let decided: (BankCSVOptions.DateOrder, String)?
        if let export = context.export, let order = export.dateOrder, order != .yearMonthDay {
            decided = (order, "as \(export.name) writes its dates")
        } else if let language = context.language, language.isDayFirst {
            decided = (.dayMonthYear, "the header is in \(language.rawValue)")
        } else if let usEvidence = context.usEvidence {
            decided = (.monthDayYear, usEvidence)
        } else if let currency = context.otherCurrency, currency != .cad {
            decided = (.dayMonthYear, "amounts in \(currency.code)")
        } else {
            decided = nil
        }
        if let (order, why) = decided {
            let readAs = order == .dayMonthYear ? "day-first" : "month-first"
            return Outcome(order: order, shown: order, reason: "ambiguous: \(readAs) (\(why))",
                           notes: ["every date could be day-first or month-first: read \(readAs) (\(why)); give --date-order \(order == .dayMonthYear ? "mdy" : "dmy") if that is wrong"])
        }
        let readings = readings(evidence)
        return Outcome(order: .dayMonthYear, shown: nil,
                       reason: "undecided: every date could be day-first or month-first and nothing in the file tells which; give --date-order dmy or --date-order mdy",
                       isDecided: false, readings: readings)
    }

    /// What day-first and month-first make of an ambiguous column: its first date, and the
    /// span of all of them.
    static func readings(_ evidence: DateEvidence) -> [String] {
        func day(_ key: Int) -> String {
            guard key > 0, key != Int.max, let day = CalendarDay.valid(year: key / 10_000, month: key / 100 % 100, day: key % 100) else { return "?" }
            return day.description
        }
        let example = evidence.firstNumeric.map { "\($0.text) (line \($0.line))" } ?? "the first date"
        return [
            "dmy: \(example) is day-first; the dates run from \(day(evidence.earliestDayFirst)) to \(day(evidence.latestDayFirst))",
            "mdy: \(example) is month-first; the dates run from \(day(evidence.earliestMonthFirst)) to \(day(evidence.latestMonthFirst))",
        ]
    }

    /// The file's last day under an order (for rows whose date cell says `Pending`), or nil.
    static func lastDay(_ evidence: DateEvidence, order: BankCSVOptions.DateOrder) -> CalendarDay? {
        var key = evidence.latestOther
        if evidence.numeric > 0 { key = max(key, order == .monthDayYear ? evidence.latestMonthFirst : evidence.latestDayFirst) }
        guard key > 0 else { return nil }
        return CalendarDay.valid(year: key / 10_000, month: key / 100 % 100, day: key % 100)
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
