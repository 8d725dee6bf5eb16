import Foundation
@testable import TransactionSearch
@testable import TransactionSearchFiles
import TransactionSearchSupport

/// Writes transactions as a bank of some country would export them, in a random layout:
/// delimiter, encoding, decimal and thousands separators, date style, signed or split or
/// indicator amounts, header language, column order, preamble, footer, line ends, quoting.
/// Test-only: the round trip reads what it writes and compares.
struct BankCSVTestWriter {
    struct Transaction {
        var day: CalendarDay
        /// Minutes after midnight, when the date has a time.
        var minutes: Int?
        /// Cents, signed.
        var cents: Int64
        var merchant: String
        var notes: String?
    }

    enum Language: CaseIterable { case en, de, fr, es, it, nl, pt }
    enum DateStyle: CaseIterable { case iso, isoWithTime, compact, dmyDot, dmySlash, dmyDash, mdySlash, mdyShort, named, namedShort }
    enum AmountStyle: CaseIterable { case signed, split, indicator }
    enum Sign: CaseIterable { case leading, trailing, parentheses }

    var language = Language.en
    var delimiter: Character = ","
    var encoding = TextEncoding.utf8
    var decimalComma = false
    /// "" for none.
    var thousands = ""
    var dateStyle = DateStyle.iso
    var amountStyle = AmountStyle.signed
    var sign = Sign.leading
    var dollar = false
    var currencySuffix = false
    var lineEnd = "\n"
    var quoteAll = false
    var withNotes = true
    var withBalance = false
    var preamble: [String] = []
    var footer: [String] = []
    var columnOrder: [Int] = []

    /// A random layout for these transactions (the date style and sign rules keep the file
    /// readable without options: `$` amounts make all-ambiguous month-first dates American).
    static func random(for transactions: [Transaction], using random: inout SeededRandom) -> BankCSVTestWriter {
        var writer = BankCSVTestWriter()
        writer.language = random.pick(Language.allCases)
        writer.delimiter = random.pick([",", ";", "\t", "|"] as [Character])
        writer.encoding = random.pick([.utf8, .utf8WithBOM, .windows1252])
        writer.decimalComma = writer.language != .en && random.chance(0.8)
        writer.thousands = random.pick(writer.decimalComma ? [".", " ", "\u{00A0}", "\u{202F}", "'", ""] : [",", " ", "\u{00A0}", "'", ""])
        if writer.encoding == .windows1252 && writer.thousands == "\u{202F}" { writer.thousands = "" }
        writer.dateStyle = random.pick(DateStyle.allCases)
        if writer.language != .en && [.mdySlash, .mdyShort].contains(writer.dateStyle) { writer.dateStyle = .dmySlash }
        let ambiguous = transactions.allSatisfy { $0.day.day <= 12 }
        writer.amountStyle = random.pick(AmountStyle.allCases)
        writer.sign = random.pick(Sign.allCases)
        if writer.decimalComma && writer.sign == .parentheses { writer.sign = .leading }
        let monthFirst = [.mdySlash, .mdyShort].contains(writer.dateStyle)
        writer.dollar = writer.language == .en && !writer.decimalComma && (monthFirst && ambiguous || (monthFirst || !writer.dateStyle.isNumeric) && random.chance(0.5))
        writer.currencySuffix = !writer.dollar && random.chance(0.3)
        writer.lineEnd = random.pick(["\n", "\r\n", "\r"])
        writer.quoteAll = random.chance(0.3)
        writer.withNotes = random.chance(0.7)
        writer.withBalance = random.chance(0.3)
        let preambles = ["Account statement", "Kontoauszug;Girokonto", "", ";;;;", "Zeitraum:;01.01.2023 - 31.12.2023", "Export created by Online Banking"]
        writer.preamble = (0..<random.int(in: 0...3)).map { _ in random.pick(preambles) }
        let footers = ["Total;;-123,45", "Downloaded on 17.04.2023", "Disclaimer: this export is informative only", "End of statement"]
        writer.footer = (0..<random.int(in: 0...2)).map { _ in random.pick(footers) }
        writer.columnOrder = Array(0..<writer.headers.count).shuffled(using: &random)
        return writer
    }

    /// The header names, in the writer's own order (before shuffling): date, merchant, amounts,
    /// then notes and balance when present.
    var headers: [String] {
        var names = [names(.date), names(.merchant)]
        switch amountStyle {
        case .signed: names.append(self.names(.amount))
        case .split: names += [self.names(.debit), self.names(.credit)]
        case .indicator: names += [self.names(.amount), self.names(.indicator)]
        }
        if withNotes { names.append(self.names(.notes)) }
        if withBalance { names.append(language == .en ? "Balance" : "Saldo") }
        return names
    }

    private func names(_ role: ColumnRole) -> String {
        let table: [ColumnRole: [String]] = [
            .date: ["Transaction Date", "Buchungstag", "Date d'opération", "Fecha", "Data operazione", "Datum", "Data"],
            .merchant: ["Payee", "Empfänger", "Bénéficiaire", "Beneficiario", "Esercente", "Naam / Omschrijving", "Favorecido"],
            .notes: ["Memo", "Verwendungszweck", "Commentaire", "Observaciones", "Annotazioni", "Mededelingen", "Observações"],
            .amount: ["Amount", "Betrag", "Montant", "Importe", "Importo", "Bedrag", "Montante"],
            .debit: ["Money out", "Soll", "Débit", "Cargo", "Addebiti", "Af", "Débito"],
            .credit: ["Money in", "Haben", "Crédit", "Abono", "Accrediti", "Bij", "Crédito"],
            .indicator: ["Debit/Credit", "Soll/Haben", "Sens", "Signo", "Segno", "Af Bij", "Débito/Crédito"],
        ]
        return table[role]![Language.allCases.firstIndex(of: language)!]
    }

    private var indicatorWords: (debit: String, credit: String) {
        switch language {
        case .en: ("DR", "CR")
        case .de: ("S", "H")
        case .fr: ("Débit", "Crédit")
        case .es: ("Cargo", "Abono")
        case .it: ("Dare", "Avere")
        case .nl: ("Af", "Bij")
        case .pt: ("D", "C")
        }
    }

    /// The file's bytes, and the line each transaction's record starts on.
    func write(_ transactions: [Transaction]) -> (bytes: [UInt8], lines: [Int]) {
        var text = ""
        var line = 1
        func emit(_ record: String) {
            text += record + lineEnd
            line += 1 + record.filter { $0 == "\n" }.count
        }
        let separator = String(delimiter)
        for row in preamble { emit(row.replacingOccurrences(of: ";", with: separator)) }
        emit(columnOrder.map { field(headers[$0]) }.joined(separator: separator))
        var lines: [Int] = []
        var balance: Int64 = 100_000
        for transaction in transactions {
            lines.append(line)
            balance += transaction.cents
            var values = [date(transaction), transaction.merchant]
            switch amountStyle {
            case .signed:
                values.append(amount(transaction.cents, signed: true))
            case .split:
                values += transaction.cents < 0 ? [amount(-transaction.cents, signed: false), ""] : ["", amount(transaction.cents, signed: false)]
            case .indicator:
                values += [amount(abs(transaction.cents), signed: false), transaction.cents < 0 ? indicatorWords.debit : indicatorWords.credit]
            }
            if withNotes { values.append(transaction.notes ?? "") }
            if withBalance { values.append(amount(balance, signed: true)) }
            emit(columnOrder.map { field(values[$0]) }.joined(separator: separator))
        }
        for row in footer { emit(row.replacingOccurrences(of: ";", with: separator)) }
        return (encode(text), lines)
    }

    private func field(_ value: String) -> String {
        let needsQuotes = quoteAll || value.contains(delimiter) || value.contains("\"") || value.contains("\n") || value.contains("\r")
        return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }

    private func date(_ transaction: Transaction) -> String {
        let (year, month, day) = transaction.day.components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        switch dateStyle {
        case .iso: return "\(year)-\(two(month))-\(two(day))"
        case .isoWithTime:
            let minutes = transaction.minutes ?? 0
            return "\(year)-\(two(month))-\(two(day)) \(two(minutes / 60)):\(two(minutes % 60))"
        case .compact: return "\(year)\(two(month))\(two(day))"
        case .dmyDot: return "\(two(day)).\(two(month)).\(year)"
        case .dmySlash: return "\(two(day))/\(two(month))/\(year)"
        case .dmyDash: return "\(two(day))-\(two(month))-\(year)"
        case .mdySlash: return "\(two(month))/\(two(day))/\(year)"
        case .mdyShort: return "\(month)/\(day)/\(two(year % 100))"
        case .named: return "\(two(day)) \(monthName(month)) \(year)"
        case .namedShort: return "\(two(day))-\(monthName(month))-\(two(year % 100))"
        }
    }

    private func monthName(_ month: Int) -> String {
        let names: [String] = switch language {
        case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .de: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"]
        case .fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        case .es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]
        case .it: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"]
        case .nl: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"]
        case .pt: ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"]
        }
        return names[month - 1]
    }

    /// `-1.234,56`, `1'234.56-`, `($1,234.56)`, `-1 234,56 EUR` as the layout says.
    private func amount(_ cents: Int64, signed: Bool) -> String {
        let magnitude = cents.magnitude
        var whole = String(magnitude / 100)
        if !thousands.isEmpty {
            var grouped = ""
            for (index, character) in whole.enumerated() {
                if index > 0 && (whole.count - index) % 3 == 0 { grouped += thousands }
                grouped.append(character)
            }
            whole = grouped
        }
        let fraction = magnitude % 100
        var number = whole + (decimalComma ? "," : ".") + (fraction < 10 ? "0" : "") + String(fraction)
        if dollar { number = "$" + number }
        let negative = signed && cents < 0
        if negative {
            switch sign {
            case .leading: number = "-" + number
            case .trailing: number += "-"
            case .parentheses: number = "(" + number + ")"
            }
        }
        if currencySuffix { number += " EUR" }
        return number
    }

    private func encode(_ text: String) -> [UInt8] {
        switch encoding {
        case .utf8WithBOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case .windows1252:
            let high: [Unicode.Scalar: UInt8] = ["€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94,
                                                 "–": 0x96, "—": 0x97, "Š": 0x8A, "š": 0x9A, "Œ": 0x8C, "œ": 0x9C, "Ž": 0x8E, "ž": 0x9E, "Ÿ": 0x9F]
            return text.unicodeScalars.map { scalar in
                if let byte = high[scalar] { return byte }
                precondition(scalar.value < 0x100 && !(0x80..<0xA0).contains(scalar.value), "not in Windows-1252: \(scalar)")
                return UInt8(scalar.value)
            }
        default: return Array(text.utf8)
        }
    }
}

extension BankCSVTestWriter.DateStyle {
    var isNumeric: Bool { [.dmyDot, .dmySlash, .dmyDash, .mdySlash, .mdyShort].contains(self) }
}
