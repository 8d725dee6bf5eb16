import TransactionSearch

/// One `:61:` statement line: `YYMMDD[MMDD](C|D|RC|RD)[funds code]amount(N|F|S)xxx owner
/// reference[//bank reference]`, and on its next line the optional supplementary details.
///
/// - The entry (booking) date `MMDD`, when present, is the date of the entry; its year is the
///   one that puts it nearest the value date (`251231` with entry `0102` is 2 January 2026).
/// - `C` is money in, `D` money out; `RC` (reversal of a credit) is money out and `RD`
///   (reversal of a debit) money in.
/// - The amount is SWIFT's: a decimal comma, `100,` is 100 and `1234,5` is 1234.5; `500`
///   without a comma is 500.
/// - The type code is `N`, `F` or `S` and three characters, which may be spaces (`S   `).
struct MT940StatementLine {
    /// The booking date when the line has one, else the value date.
    var date: CalendarDay
    /// Signed: negative is money out.
    var amount: DecimalAmount
    /// `NTRF`, `NMSC`, `FCHK`, ...: the identification code with its N, F or S (trimmed).
    var typeCode: String?
    /// The account owner's reference, unless `NONREF`.
    var ownerReference: String?
    /// The account servicing institution's reference (after `//`), unless `NONREF`.
    var bankReference: String?
    /// The line after the first (34 characters in SWIFT), trimmed.
    var supplementaryDetails: String?

    /// Reads the field's first line `range` (after `:61:`) and its continuation lines.
    /// - Throws: `ImportIssue` at `line` for a bad date (`date`), a missing debit/credit mark
    ///   or a bad amount (`amount`).
    init(_ bytes: ByteView, _ range: Range<Int>, continuation: ArraySlice<Range<Int>>, line: Int) throws(ImportIssue) {
        let trimmed = bytes.trimming(range)
        let end = trimmed.upperBound
        var index = trimmed.lowerBound
        func dateIssue() -> ImportIssue {
            var stop = index
            while stop < end && stop < index + 10 && ByteView.isDigit(bytes[stop]) { stop += 1 }
            let text = stop > index ? bytes.text(index..<stop) : bytes.text(index..<min(end, index + 6))
            return ImportIssue(.line(line), field: .date, .invalid(.unreadableDate(text, expected: "YYMMDD naming a real day")))
        }
        guard let valueDate = MT940Amount.date(bytes, at: index, end: end) else { throw dateIssue() }
        var date = valueDate
        if index + 10 <= end, (6..<10).allSatisfy({ ByteView.isDigit(bytes[index + $0]) }) {
            guard let month = MT940Amount.twoDigits(bytes, index + 6, end), let day = MT940Amount.twoDigits(bytes, index + 8, end),
                  let booking = MT940StatementLine.nearest(month: month, day: day, to: valueDate)
            else { throw dateIssue() }
            date = booking
            index += 10
        } else {
            index += 6
        }

        // The debit/credit mark.
        var negative: Bool
        var reversal = false
        if index < end && bytes[index] == UInt8(ascii: "R") {
            reversal = true
            index += 1
        }
        guard index < end, bytes[index] == UInt8(ascii: "C") || bytes[index] == UInt8(ascii: "D") else {
            throw ImportIssue(.line(line), field: .amount, .malformed("expected the debit/credit mark C, D, RC or RD after the date"))
        }
        negative = bytes[index] == UInt8(ascii: "D")
        if reversal { negative.toggle() }
        index += 1
        // The funds code: the third letter of the currency code, when a letter comes before
        // the amount's digits.
        if index + 1 < end, bytes[index] >= 0x41 && bytes[index] <= 0x5A,
           ByteView.isDigit(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: ",") {
            index += 1
        }

        // The amount: digits and a decimal comma, up to the transaction type (N, F or S and
        // three characters, spaces among them: `S   X`).
        let amountStart = index
        while index < end, ByteView.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        if index < end, !MT940StatementLine.isTypeLetter(bytes[index]) {
            // Something else after the digits: the amount is unreadable up to the type or a slash.
            while index < end, bytes[index] != UInt8(ascii: "/"), !MT940StatementLine.isTypeStart(bytes, index, end) { index += 1 }
        }
        let amountRange = amountStart..<index
        guard let magnitude = MT940Amount.parse(bytes, bytes.trimming(amountRange)) else {
            throw ImportIssue(.line(line), field: .amount, .invalid(.unreadableAmount(bytes.text(bytes.trimming(amountRange)), expected: "a number with a decimal comma such as 100,50")))
        }
        amount = negative ? magnitude.negated : magnitude
        self.date = date

        if index < end, MT940StatementLine.isTypeLetter(bytes[index]) {
            let typeEnd = min(index + 4, end)
            typeCode = bytes.trimmedText(index..<typeEnd)
            index = typeEnd
        }
        // References: the owner's up to `//`, the bank's after it.
        var separator = index
        while separator + 1 < end, !(bytes[separator] == UInt8(ascii: "/") && bytes[separator + 1] == UInt8(ascii: "/")) {
            separator += 1
        }
        if separator + 1 < end {
            ownerReference = MT940StatementLine.reference(bytes, index..<separator)
            bankReference = MT940StatementLine.reference(bytes, separator + 2..<end)
        } else {
            ownerReference = MT940StatementLine.reference(bytes, index..<end)
        }
        let details = continuation.compactMap { bytes.trimmedText($0) }
        supplementaryDetails = details.isEmpty ? nil : details.joined(separator: " ")
    }

    /// Whether a byte is `N`, `F` or `S`, which start a transaction type code.
    private static func isTypeLetter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "N") || byte == UInt8(ascii: "F") || byte == UInt8(ascii: "S")
    }

    /// Whether `N`, `F` or `S` and three letters or digits start at `index`.
    private static func isTypeStart(_ bytes: ByteView, _ index: Int, _ end: Int) -> Bool {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "N") || byte == UInt8(ascii: "F") || byte == UInt8(ascii: "S"), index + 4 <= end else { return false }
        for offset in 1...3 {
            let next = bytes[index + offset]
            guard (next >= 0x30 && next <= 0x39) || (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A) else { return false }
        }
        return true
    }

    private static func reference(_ bytes: ByteView, _ range: Range<Int>) -> String? {
        let trimmed = bytes.trimming(range)
        guard !trimmed.isEmpty, !(trimmed.count == 6 && bytes.hasASCIIPrefix("nonref", in: trimmed)) else { return nil }
        return bytes.text(trimmed)
    }

    /// The day with `month` and `day` nearest to `reference`: in its year, the one before or
    /// the one after (a booking on 2 January for a value date of 31 December); the earlier on
    /// a tie.
    static func nearest(month: Int, day: Int, to reference: CalendarDay) -> CalendarDay? {
        let year = reference.year
        var best: CalendarDay?
        for candidateYear in year - 1...year + 1 {
            guard let candidate = CalendarDay.valid(year: candidateYear, month: month, day: day) else { continue }
            let distance = abs(Int(candidate.daysSince1970) - Int(reference.daysSince1970))
            if best.map({ distance < abs(Int($0.daysSince1970) - Int(reference.daysSince1970)) }) ?? true { best = candidate }
        }
        return best
    }
}
