import TransactionSearch

/// What an amount column's values say about its decimal separator, gathered over every value:
/// a value with both `.` and `,` (the last is the decimal one), a separator followed by other
/// than three digits (`12,5`, `12,34`: decimal), a separator used twice (`1.234.567`:
/// thousands), and the undecided `1,234` (a separator then exactly three digits).
struct DecimalEvidence {
    var commaDecides = 0, pointDecides = 0
    var commaThenThreeDigits = 0, pointThenThreeDigits = 0
    var firstComma: BankCSVLayout.Line?, firstPoint: BankCSVLayout.Line?, firstUndecided: BankCSVLayout.Line?
    var dollarSigns = 0
    var values = 0

    /// Adds one scanned value.
    mutating func add(_ scan: AmountScanner.Scan, _ bytes: ByteView, line: Int) {
        values += 1
        if scan.hasDollarSign { dollarSigns += 1 }
        let comma = UInt8(ascii: ",")
        var says: UInt8 = 0  // the decimal separator this value proves, if any
        var undecided = false
        if scan.points > 0 && scan.commas > 0 {
            says = scan.lastSeparator
        } else if scan.commas > 0 {
            if scan.commas >= 2 { says = UInt8(ascii: ".") } else if scan.digitsAfterLastSeparator != 3 { says = comma } else { undecided = true }
        } else if scan.points > 0 {
            if scan.points >= 2 { says = comma } else if scan.digitsAfterLastSeparator != 3 { says = UInt8(ascii: ".") } else { undecided = true }
        }
        if says == comma {
            commaDecides += 1
            if firstComma == nil { firstComma = example(bytes, line) }
        } else if says != 0 {
            pointDecides += 1
            if firstPoint == nil { firstPoint = example(bytes, line) }
        } else if undecided {
            if scan.commas > 0 { commaThenThreeDigits += 1 } else { pointThenThreeDigits += 1 }
            if firstUndecided == nil { firstUndecided = example(bytes, line) }
        }
    }

    private func example(_ bytes: ByteView, _ line: Int) -> BankCSVLayout.Line {
        BankCSVLayout.Line(line: line, text: String(decoding: bytes.prefix(40), as: UTF8.self))
    }

    /// The separator this column proves on its own, with why; nil when it proves none.
    var proven: (DecimalSeparator, String)? {
        if commaDecides > 0 && pointDecides == 0, let first = firstComma { return (.comma, DecimalEvidence.why(first, .comma)) }
        if pointDecides > 0 && commaDecides == 0, let first = firstPoint { return (.point, DecimalEvidence.why(first, .point)) }
        if commaDecides > 0 && pointDecides > 0, let comma = firstComma, let point = firstPoint {
            let majority: DecimalSeparator = commaDecides > pointDecides ? .comma : .point
            return (majority, "mixed: \(commaDecides) values with a decimal comma (\(comma.text), line \(comma.line)), \(pointDecides) with a point (\(point.text), line \(point.line)); the majority wins and the others are errors")
        }
        return nil
    }

    private static func why(_ example: BankCSVLayout.Line, _ separator: DecimalSeparator) -> String {
        let text = example.text
        let hasBoth = text.contains(".") && text.contains(",")
        let name = separator == .comma ? "comma" : "point"
        if hasBoth { return "a value with both separators, the \(name) last (\(text), line \(example.line))" }
        let other = separator == .comma ? "." : ","
        if text.filter({ String($0) == other }).count >= 2 { return "a thousands separator used twice (\(text), line \(example.line))" }
        return "a \(name) not followed by exactly three digits (\(text), line \(example.line))"
    }
}

/// Decides each amount column's decimal separator from its own values (never per row): what a
/// column proves wins; a column that proves nothing takes what the others prove; when no column
/// proves anything, `1,234` is read with `,` as a thousands separator (amounts in a currency
/// with two decimals never have three), and a file with no separators at all follows its
/// header language. Every assumption is written in the notes.
enum DecimalSeparatorDecision {
    /// The decision per column and for the layout, and why.
    struct Outcome {
        /// Per evidence column, in the order given.
        var separators: [DecimalSeparator]
        /// What the layout shows (nil when no amount has a fraction or grouping).
        var separator: DecimalSeparator?
        var reason: String
        var notes: [String] = []
    }

    /// - Parameters:
    ///   - columns: each amount column's label and evidence (balance columns too: they are evidence).
    ///   - minorDigits: the file's currency's fraction digits (2 when unknown).
    static func decide(_ columns: [(label: String, evidence: DecimalEvidence)], option: DecimalSeparator?,
                       language: HeaderLanguage?, minorDigits: Int) -> Outcome {
        if let option {
            return Outcome(separators: columns.map { _ in option }, separator: option, reason: "given")
        }
        let proofs = columns.map(\.evidence.proven)
        let proven = Set(proofs.compactMap { $0?.0 })
        var outcome = Outcome(separators: [], separator: nil, reason: "")
        let fallback: DecimalSeparator
        let fallbackReason: String
        if proven.count == 1, let only = proven.first, let index = proofs.firstIndex(where: { $0?.0 == only }) {
            fallback = only
            fallbackReason = "as \(columns[index].label): " + (proofs[index]?.1 ?? "")
            outcome.separator = only
            outcome.reason = (proofs[index]?.1 ?? "") + (columns.count > 1 ? " in \(columns[index].label)" : "")
        } else if proven.count > 1 {
            fallback = language?.usesDecimalComma == true ? .comma : .point
            fallbackReason = "the columns disagree; header language"
            outcome.separator = proofs.compactMap { $0?.0 }.first
            outcome.reason = "the columns disagree: " + zip(columns, proofs).compactMap { column, proof in
                proof.map { "\(column.label) \($0.0) (\($0.1))" }
            }.joined(separator: "; ")
            outcome.notes.append(outcome.reason)
        } else {
            let comma3 = columns.reduce(0) { $0 + $1.evidence.commaThenThreeDigits }
            let point3 = columns.reduce(0) { $0 + $1.evidence.pointThenThreeDigits }
            let example = columns.compactMap(\.evidence.firstUndecided).first
            if comma3 > 0 || point3 > 0, let example, comma3 == 0 || point3 == 0 {
                let separatorIsComma = comma3 > 0
                let written = separatorIsComma ? "comma" : "point"
                if minorDigits == 3 {
                    fallback = separatorIsComma ? .comma : .point
                    fallbackReason = "every value is like \(example.text) (line \(example.line)): the \(written) read as the decimal separator, as the currency has 3 decimals"
                } else {
                    fallback = separatorIsComma ? .point : .comma
                    fallbackReason = "every value is like \(example.text) (line \(example.line)): the \(written) read as a thousands separator, as amounts have \(minorDigits) decimals; give --decimal-\(written) if it is the decimal separator"
                }
                outcome.separator = fallback
                outcome.reason = "ambiguous: " + fallbackReason
                outcome.notes.append(outcome.reason)
            } else {
                fallback = language?.usesDecimalComma == true ? .comma : .point
                let byLanguage = language.map { "header language \($0.rawValue)" } ?? "no header language"
                fallbackReason = comma3 > 0 && point3 > 0
                    ? "values like 1,234 and 1.234 both appear; \(fallback) by \(byLanguage)" : "no value has a decimal separator"
                outcome.separator = comma3 > 0 && point3 > 0 ? fallback : nil
                outcome.reason = fallbackReason
                if comma3 > 0 && point3 > 0 { outcome.notes.append("ambiguous amounts: " + fallbackReason) }
            }
        }
        for (index, proof) in proofs.enumerated() {
            if let proof {
                outcome.separators.append(proof.0)
                if proven.count > 1 || proof.1.hasPrefix("mixed") { outcome.notes.append("\(columns[index].label): decimal \(proof.0) (\(proof.1))") }
            } else {
                outcome.separators.append(fallback)
                let evidence = columns[index].evidence
                if proven.count == 1 && evidence.commaThenThreeDigits + evidence.pointThenThreeDigits > 0 {
                    outcome.notes.append("\(columns[index].label): values like \(evidence.firstUndecided?.text ?? "") read with a decimal \(fallback), \(fallbackReason)")
                }
            }
        }
        return outcome
    }
}
