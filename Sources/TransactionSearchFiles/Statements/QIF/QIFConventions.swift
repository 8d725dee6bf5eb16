import TransactionSearch

/// The date order and amount style of one QIF file, decided from all its `D` and `T`/`U`/`$`
/// values together, since one value alone often fits both (`03/04/2026`, `1,234`).
///
/// Dates: a first number over 12 settles day-first, a second over 12 month-first. When the
/// values disagree the majority wins (ties: month-first) and the others become issues. When no
/// value tells, the file is read month-first (QIF's US order), or day-first when all its dates
/// are written with dots (`14.03.2026` is a German and Swiss form, never a US one); either way
/// a warning starting `dates read month-first (MM/DD)` or `dates read day-first (DD.MM)` says
/// so. An order the caller passes wins over all of this.
///
/// Amounts: the last of two different separators is the decimal one; several of the same
/// separator group thousands; one separator followed by other than three digits is decimal.
/// A file whose only evidence is `1,234`-like values is read with a decimal point (QIF's
/// own style), with a warning. A file read with a decimal comma gets a warning too.
struct QIFConventions {
    var dateOrder: QIFDateOrder
    var amountStyle: QIFAmountStyle
    /// Why that date order, in words.
    var dateReason = ""

    /// Decides for the records of `scan`, adding what a person should know to `warnings`.
    init(_ scan: QIFScan, _ bytes: ByteView, requestedOrder: QIFDateOrder?, warnings: inout [String]) {
        var dayFirst = 0, monthFirst = 0, either = 0, dotted = 0, dayMonth = 0
        var dayFirstLine = 0, monthFirstLine = 0
        var points = 0, commas = 0, ambiguous = 0
        var pointLine = 0, commaLine = 0, ambiguousLine = 0
        for field in scan.fields {
            switch field.code {
            case UInt8(ascii: "D"):
                guard let date = QIFDate(bytes, field.range) else { continue }
                if !date.isYearFirst {
                    dayMonth += 1
                    if date.usesDots { dotted += 1 }
                }
                switch date.evidence {
                case .dayFirst:
                    dayFirst += 1
                    if dayFirstLine == 0 { dayFirstLine = Int(field.line) }
                case .monthFirst:
                    monthFirst += 1
                    if monthFirstLine == 0 { monthFirstLine = Int(field.line) }
                case .either: either += 1
                case .yearFirst, .neither: break
                }
            case UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "$"):
                switch QIFAmount.evidence(bytes, field.range) {
                case .decimalPoint:
                    points += 1
                    if pointLine == 0 { pointLine = Int(field.line) }
                case .decimalComma:
                    commas += 1
                    if commaLine == 0 { commaLine = Int(field.line) }
                case .ambiguous:
                    ambiguous += 1
                    if ambiguousLine == 0 { ambiguousLine = Int(field.line) }
                case .none: break
                }
            default:
                continue
            }
        }

        if let requestedOrder {
            dateOrder = requestedOrder
            dateReason = "given"
        } else if dayFirst > 0 && monthFirst > 0 {
            dateOrder = dayFirst > monthFirst ? .dayFirst : .monthFirst
            let chosen = dateOrder == .dayFirst ? "day-first (DD/MM)" : "month-first (MM/DD)"
            dateReason = "dates disagree: \(dayFirst) fit only day-first (the first on line \(dayFirstLine)), \(monthFirst) only month-first (line \(monthFirstLine)); dates read \(chosen), the others are reported"
            warnings.append(dateReason)
        } else if dayFirst > 0 {
            dateOrder = .dayFirst
            dateReason = "day-first: a day over 12 first (line \(dayFirstLine))"
        } else if monthFirst > 0 {
            dateOrder = .monthFirst
            dateReason = "month-first: a day over 12 second (line \(monthFirstLine))"
        } else if dayMonth > 0 && dotted == dayMonth {
            dateOrder = .dayFirst
            dateReason = "dates read day-first (DD.MM): no date in the file has a day over 12 to tell, and dates with dots are day-first"
            warnings.append(dateReason)
        } else {
            dateOrder = .monthFirst
            dateReason = either > 0 ? "dates read month-first (MM/DD): no date in the file has a day over 12 to tell, and QIF's own order is month-first; read it day-first if the program that wrote it uses DD/MM"
                : "month-first: QIF's own order (no date needed it)"
            if either > 0 { warnings.append(dateReason) }
        }

        if commas > 0 && points > 0 {
            amountStyle = commas > points ? .decimalComma : .decimalPoint
            let chosen = amountStyle == .decimalComma ? "a decimal comma (1.234,56)" : "a decimal point (1,234.56)"
            warnings.append("amounts disagree: \(commas) use a decimal comma (the first on line \(commaLine)), \(points) a decimal point (line \(pointLine)); amounts read with \(chosen)")
        } else if commas > 0 {
            amountStyle = .decimalComma
            warnings.append("amounts read with a decimal comma (1.234,56), as the file writes them (line \(commaLine))")
        } else {
            amountStyle = .decimalPoint
            if points == 0 && ambiguous > 0 {
                warnings.append("amounts read with a decimal point: no amount shows its decimal separator, so 1,234 (line \(ambiguousLine)) is read as 1234 and 1.234 as 1.234")
            }
        }
    }
}
