import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A test-only QIF writer: one account section in the date form, amount style, grouping,
/// encoding and line ends the test picks, so the reader meets what real programs write.
struct QIFWriter {
    /// How dates are written.
    enum DateForm: CaseIterable {
        /// `03/14/2026`
        case monthFirst
        /// `3/14/26` (four digits outside 1970-2069)
        case monthFirstShortYear
        /// Quicken's `3/14'26` for 2000 on, `3/14/99` before
        case quicken
        /// `14/03/2026`
        case dayFirst
        /// `14.03.2026`
        case dayFirstDots
        /// `2026-03-14`
        case iso

        var order: QIFDateOrder { self == .dayFirst || self == .dayFirstDots ? .dayFirst : .monthFirst }
    }

    var dateForm: DateForm
    var amountStyle: QIFAmountStyle
    var creditCard: Bool
    var accountName: String?
    var crlf: Bool

    /// The file's text.
    func text(_ transactions: [SampleTransaction], random: inout SeededRandom) -> String {
        var lines: [String] = []
        if let accountName {
            lines += ["!Account", "N" + accountName, creditCard ? "TCCard" : "TBank", "^"]
        }
        lines.append(creditCard ? "!Type:CCard" : random.pick(["!Type:Bank", "!type:bank  ", "!TYPE:Bank"]))
        for sample in transactions {
            lines.append("D" + date(sample.day))
            lines.append("T" + amount(sample.amount, grouped: random.chance(0.5), decorated: random.chance(0.2), random: &random))
            if random.chance(0.3) { lines.append("C" + random.pick(["*", "X", "c", "R", ""])) }
            lines.append("P" + sample.payee)
            if let memo = sample.memo { lines.append("M" + memo) }
            if sample.splits.isEmpty, let category = sample.category {
                lines.append("L" + category + (sample.subcategory.map { ":" + $0 } ?? ""))
            }
            for split in sample.splits {
                lines.append("S" + split.category + (split.subcategory.map { ":" + $0 } ?? ""))
                if let memo = split.memo { lines.append("E" + memo) }
                lines.append("$" + amount(split.amount, grouped: false, decorated: false, random: &random))
            }
            lines.append("^")
        }
        return lines.joined(separator: crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n")
    }

    private func date(_ day: CalendarDay) -> String {
        let (year, month, dayOfMonth) = day.components
        switch dateForm {
        case .monthFirst: return pad(month, 2) + "/" + pad(dayOfMonth, 2) + "/" + pad(year, 4)
        case .monthFirstShortYear:
            return "\(month)/\(dayOfMonth)/" + ((1970...2069).contains(year) ? pad(year % 100, 2) : pad(year, 4))
        case .quicken:
            let month = month < 10 ? " \(month)" : "\(month)", dayText = dayOfMonth < 10 ? " \(dayOfMonth)" : "\(dayOfMonth)"
            if (2000...2099).contains(year) { return month + "/" + dayText + "'" + (year % 100 < 10 ? " \(year % 100)" : "\(year % 100)") }
            return month + "/" + dayText + "/" + ((1970...1999).contains(year) ? pad(year % 100, 2) : pad(year, 4))
        case .dayFirst: return pad(dayOfMonth, 2) + "/" + pad(month, 2) + "/" + pad(year, 4)
        case .dayFirstDots: return pad(dayOfMonth, 2) + "." + pad(month, 2) + "." + pad(year, 4)
        case .iso: return day.description
        }
    }

    /// The amount with two decimals in the file's style, its thousands grouped or not, and
    /// maybe a currency symbol or a sign in parentheses.
    private func amount(_ amount: DecimalAmount, grouped: Bool, decorated: Bool, random: inout SeededRandom) -> String {
        let decimal = amountStyle == .decimalPoint ? "." : ","
        let grouping = grouped ? (amountStyle == .decimalPoint ? random.pick([",", "'"]) : random.pick([".", " "])) : ""
        let magnitude = amount.significand.magnitude
        let units = String(magnitude / 100), cents = pad(Int(magnitude % 100), 2)
        var digits = ""
        for (index, character) in units.enumerated() {
            if index > 0 && (units.count - index) % 3 == 0 { digits += grouping }
            digits.append(character)
        }
        var text = digits + decimal + cents
        if decorated { text = random.pick(["$", "€ ", "", "EUR "]) + text }
        guard amount.significand < 0 else { return text }
        return decorated && random.chance(0.5) ? "(" + text + ")" : "-" + text
    }

    /// The file's bytes: UTF-8, or Windows-1252 when asked and every character fits Latin-1.
    static func bytes(_ text: String, windows1252: Bool) -> [UInt8] {
        guard windows1252, text.unicodeScalars.allSatisfy({ $0.value < 0x80 || (0xA0...0xFF).contains($0.value) }) else {
            return Array(text.utf8)
        }
        return text.unicodeScalars.map { UInt8($0.value) }
    }
}
