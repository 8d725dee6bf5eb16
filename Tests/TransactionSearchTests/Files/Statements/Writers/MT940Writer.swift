import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A test-only MT940/MT942 writer: statements with balances that add up, `:61:` lines with
/// or without an entry date, reversal marks, amounts in SWIFT's shortest or full form, and
/// `:86:` details in the German `?nn`, slash-key or free-text shape, cut into 65-character
/// lines the way banks cut them. It also says what the reader should make of each line.
struct MT940Writer {
    /// How a line's details are written.
    enum DetailsShape: CaseIterable {
        case german, slashKeys, freeText
    }

    /// One statement line and what reading it back must give.
    struct Line {
        var sample: SampleTransaction
        var valueDate: CalendarDay
        var writesEntryDate: Bool
        var reversal: Bool
        var typeCode: String
        var ownerReference: String?
        var bankReference: String?
        var supplementary: String?
        var shape: DetailsShape
        var postingText: String?

        /// The notes the reader should give.
        var expectedNotes: String? {
            let parts = [sample.memo, supplementary, ownerReference.map { "reference: " + $0 }].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: " | ")
        }
    }

    /// One message.
    struct Statement {
        var account: String
        var currency: Currency
        var opening: DecimalAmount
        var lines: [Line]
        var intraday: Bool
        var envelope: Bool
    }

    var crlf: Bool

    /// Random lines for `samples` (the details shape, references and dates around them).
    static func lines(_ samples: [SampleTransaction], random: inout SeededRandom) -> [Line] {
        samples.map { sample in
            let valueDate = CalendarDay(daysSince1970: sample.day.daysSince1970 + Int32(random.int(in: -3...3)))
            let writesEntryDate = valueDate != sample.day || random.chance(0.5)
            return Line(sample: sample, valueDate: valueDate, writesEntryDate: writesEntryDate, reversal: random.chance(0.1),
                        typeCode: random.pick(["NTRF", "NMSC", "NDDT", "NCHK", "FCHG", "S103"]),
                        ownerReference: random.chance(0.3) ? reference(&random) : nil,
                        bankReference: random.chance(0.6) ? reference(&random) : nil,
                        supplementary: random.chance(0.2) ? "CARD " + String(random.int(in: 1000...9999)) : nil,
                        shape: random.pick(DetailsShape.allCases),
                        postingText: random.chance(0.7) ? random.pick(["GUTSCHRIFT", "LASTSCHRIFT", "SEPA OVERBOEKING", "KARTENZAHLUNG"]) : nil)
        }
    }

    private static func reference(_ random: inout SeededRandom) -> String {
        let characters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789.")
        return String((0..<random.int(in: 1...16)).map { _ in random.pick(characters) })
    }

    /// The file's text.
    func text(_ statements: [Statement], random: inout SeededRandom) -> String {
        var lines: [String] = []
        for (number, statement) in statements.enumerated() {
            if statement.envelope {
                lines.append("{1:F01BANKDEFFAXXX0000000000}{2:O\(statement.intraday ? 942 : 940)1200260101BANKDEFFAXXX00000000002601011200N}{4:")
            }
            lines.append(":20:STMT\(number)")
            lines.append(":25:" + statement.account)
            lines.append(":28C:\(number + 1)/1")
            let digits = statement.currency.minorDigits
            if statement.intraday {
                lines.append(":34F:" + statement.currency.code + "D0,")
                lines.append(":13D:2601011200+0100")
            } else {
                lines.append(":60F:" + balance(statement.opening, statement.lines.first?.valueDate, statement.currency))
            }
            var total = statement.opening
            for line in statement.lines {
                total = total.adding(line.sample.amount)!
                lines.append(contentsOf: self.lines(for: line, digits: digits, random: &random))
            }
            if !statement.intraday {
                lines.append(":62F:" + balance(total, statement.lines.last?.valueDate, statement.currency))
            }
            lines.append(statement.envelope ? "-}" : random.pick(["-", "-", ""]))
        }
        return lines.filter { !$0.isEmpty }.joined(separator: crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n")
    }

    private func balance(_ amount: DecimalAmount, _ day: CalendarDay?, _ currency: Currency) -> String {
        (amount.significand < 0 ? "D" : "C") + yymmdd(day ?? (try! CalendarDay(year: 2026, month: 1, day: 1))) + currency.code
            + swiftAmount(amount.significand.magnitude, digits: currency.minorDigits, shortest: false)
    }

    private func yymmdd(_ day: CalendarDay) -> String {
        pad(day.year % 100, 2) + pad(day.month, 2) + pad(day.day, 2)
    }

    /// `1234,5` (shortest) or `1234,50`; `100,` for a whole amount written shortest.
    private func swiftAmount(_ magnitude: UInt64, digits: Int, shortest: Bool) -> String {
        var divisor: UInt64 = 1
        for _ in 0..<digits { divisor *= 10 }
        var fraction = digits == 0 ? "" : pad(Int(magnitude % divisor), digits)
        if shortest { while fraction.hasSuffix("0") { fraction.removeLast() } }
        return String(magnitude / divisor) + "," + fraction
    }

    private func lines(for line: Line, digits: Int, random: inout SeededRandom) -> [String] {
        let sample = line.sample
        let negative = sample.amount.significand < 0
        // A reversal of a credit takes money out, of a debit puts it in.
        let mark = line.reversal ? (negative ? "RC" : "RD") : (negative ? "D" : "C")
        var first = ":61:" + yymmdd(line.valueDate)
        if line.writesEntryDate { first += pad(sample.day.month, 2) + pad(sample.day.day, 2) }
        first += mark + (random.chance(0.1) ? "R" : "")
        first += swiftAmount(sample.amount.significand.magnitude, digits: digits, shortest: random.chance(0.5))
        first += line.typeCode + (line.ownerReference ?? "NONREF")
        if let bank = line.bankReference { first += "//" + bank }
        var result = [first]
        if let supplementary = line.supplementary { result.append(supplementary) }
        switch line.shape {
        case .german:
            var text = random.pick(["166", "105", "020", "835"])
            if let posting = line.postingText { text += "?00" + posting }
            text += "?10" + String(random.int(in: 1000...9999))
            let purposeCodes = ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "60", "61", "62", "63"]
            for (index, piece) in pieces(sample.memo ?? "", 27).enumerated() { text += "?" + purposeCodes[index] + piece }
            text += "?30BANKDEFFXXX?31DE00123456780000000000"
            for (index, piece) in pieces(sample.payee, 27).prefix(2).enumerated() { text += "?" + (index == 0 ? "32" : "33") + piece }
            result += wrapped(":86:" + text)
        case .slashKeys:
            var text = ""
            if let posting = line.postingText { text += "/TRTP/" + posting }
            text += random.chance(0.5) ? "/NAME/" + sample.payee : "/BENM//NAME/" + sample.payee
            if let memo = sample.memo { text += "/REMI/" + (random.chance(0.5) ? "USTD//" + memo + "/" : memo) }
            text += "/EREF/NOTPROVIDED"
            result += wrapped(":86:" + text)
        case .freeText:
            result.append(":86:" + sample.payee)
            if let memo = sample.memo { result += wordWrapped(memo) }
        }
        return result
    }

    /// `text` cut into pieces of `length` characters (Unicode scalars).
    private func pieces(_ text: String, _ length: Int) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return stride(from: 0, to: scalars.count, by: length).map { start in
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<min(start + length, scalars.count)])
            return String(piece)
        }
    }

    /// Lines of 65 characters, cut anywhere.
    private func wrapped(_ text: String) -> [String] { pieces(text, 65) }

    /// Lines of at most 65 characters, cut between words.
    private func wordWrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.unicodeScalars.count + 1 + word.unicodeScalars.count > 65 {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
