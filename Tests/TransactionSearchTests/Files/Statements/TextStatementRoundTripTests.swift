import TransactionSearchSupport
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Seeded random transactions written by the test-only writers (QIF in every date form and
/// amount style, MT940/MT942 in every details shape) and read back: everything each format
/// carries comes back.
@Suite struct TextStatementRoundTripTests {
    private static let seeds: [UInt64] = (0..<UInt64(12 * RandomScale.factor)).map { 0x51A7_0000 + $0 }

    @Test(arguments: seeds)
    func qifRoundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let form = random.pick(QIFWriter.DateForm.allCases)
        let style: QIFAmountStyle = random.chance(0.5) ? .decimalPoint : .decimalComma
        let latinOnly = random.chance(0.5)
        let start = try! CalendarDay(year: random.int(in: 1975...2060), month: random.pick([1, 6, 11, 12]), day: random.int(in: 1...28))
        let samples = StatementSample.transactions(random.int(in: 1...40), from: start, currencyDigits: 2, splits: true,
                                                   latinOnly: latinOnly, random: &random)
        let writer = QIFWriter(dateForm: form, amountStyle: style, creditCard: random.chance(0.3),
                               accountName: random.chance(0.5) ? random.pick(["Checking", "Visa Gold", "Konto 1234567890"]) : nil,
                               crlf: random.chance(0.5))
        let text = writer.text(samples, random: &random)
        let bytes = QIFWriter.bytes(text, windows1252: random.chance(0.5))
        // The file decides its date order only when some date tells; otherwise the test says it.
        let tells = samples.contains { $0.day.day > 12 } || form == .iso || form == .dayFirstDots || form.order == .monthFirst
        let parsed = try QIFReader.read(bytes, context: StatementTestSupport.context,
                                        dateOrder: tells && random.chance(0.7) ? nil : form.order)
        let context = "seed \(seed), \(form), \(style)\n\(text.prefix(600))"
        #expect(parsed.issues.isEmpty, "\(parsed.issues) — \(context)")
        #expect(parsed.entries.count == samples.count, "\(context)")
        let account = writer.accountName.flatMap(AccountName.masked)
        // A symbol or code in a record's amount names its currency; when the amounts name one
        // currency, every record takes it (docs/SPEC.md section 9).
        let named: [Currency?] = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("T") && !$0.hasPrefix("TBank") && !$0.hasPrefix("TCCard") }
            .map { $0.contains("$") ? .usd : ($0.contains("€") || $0.contains("EUR") ? .eur : nil) }
        let kinds = Set(named.compactMap { $0 })
        for (index, (entry, sample)) in zip(parsed.entries, samples).enumerated() {
            let currency = kinds.count == 1 ? kinds.first : (index < named.count ? named[index] : nil)
            #expect(entry.date == .day(sample.day), "\(context)")
            #expect(entry.amount.hasSameValue(as: sample.amount), "\(entry.amount) vs \(sample.amount) — \(context)")
            #expect(entry.merchant == sample.payee, "\(context)")
            #expect(entry.account == account, "\(context)")
            #expect(entry.card == (writer.creditCard ? account : nil), "\(context)")
            #expect(entry.status == .posted)
            #expect(entry.currency == currency, "\(context)")
            let expected = expectedQIF(sample)
            #expect(entry.notes == expected.notes, "\(context)")
            #expect(entry.category == expected.category, "\(context)")
            #expect(entry.subcategory == expected.subcategory, "\(context)")
        }
    }

    /// What QIF carries of a sample: the memo and the splits in the notes, the category of the
    /// largest split (the first on ties).
    private func expectedQIF(_ sample: SampleTransaction) -> (notes: String?, category: String?, subcategory: String?) {
        guard !sample.splits.isEmpty else {
            let subcategory = sample.category == nil ? nil : sample.subcategory
            return (sample.memo, sample.category, subcategory)
        }
        let parts = sample.splits.map { split in
            split.category + (split.subcategory.map { ":" + $0 } ?? "") + " \(split.amount)" + (split.memo.map { " (\($0))" } ?? "")
        }
        let notes = (sample.memo.map { [$0] } ?? []) + ["splits: " + parts.joined(separator: "; ")]
        var largest = sample.splits[0]
        for split in sample.splits.dropFirst() where split.amount.significand.magnitude > largest.amount.significand.magnitude {
            largest = split
        }
        return (notes.joined(separator: " | "), largest.category, largest.subcategory)
    }

    @Test(arguments: seeds)
    func mt940RoundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var statements: [MT940Writer.Statement] = []
        for _ in 0..<random.int(in: 1...3) {
            let currency = random.pick([Currency.eur, .usd, Currency("CHF")!, .jpy, Currency("KWD")!])
            let start = try! CalendarDay(year: random.int(in: 1991...2060), month: random.pick([1, 6, 12]), day: random.int(in: 1...28))
            let samples = StatementSample.transactions(random.int(in: 0...25), from: start, currencyDigits: currency.minorDigits,
                                                       splits: false, latinOnly: false, random: &random)
            let digits = String((0..<18).map { _ in random.pick(Array("0123456789")) })
            statements.append(MT940Writer.Statement(
                account: random.chance(0.5) ? "DE89" + digits : String(digits.prefix(8)) + "/" + String(digits.suffix(10)),
                currency: currency, opening: StatementSample.amount(currency.minorDigits, &random),
                lines: MT940Writer.lines(samples, random: &random), intraday: random.chance(0.3), envelope: random.chance(0.4)))
        }
        let text = MT940Writer(crlf: random.chance(0.5)).text(statements, random: &random)
        let parsed = try MT940Reader.read(Array(text.utf8), context: StatementTestSupport.context)
        let context = "seed \(seed)\n\(text.prefix(800))"
        #expect(parsed.issues.isEmpty, "\(parsed.issues) — \(context)")
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings) — \(context)")
        let expected = statements.flatMap { statement in statement.lines.map { (statement, $0) } }
        #expect(parsed.entries.count == expected.count, "\(context)")
        for (entry, (statement, line)) in zip(parsed.entries, expected) {
            let sample = line.sample
            #expect(entry.date == .day(line.writesEntryDate ? sample.day : line.valueDate), "\(context)")
            #expect(entry.amount == sample.amount, "\(entry.amount) vs \(sample.amount) — \(context)")
            #expect(entry.currency == statement.currency, "\(context)")
            #expect(entry.merchant == sample.payee, "\(line.shape) — \(context)")
            #expect(entry.notes == line.expectedNotes, "\(line.shape) — \(context)")
            #expect(entry.account == "****" + String(statement.account.suffix(4)), "\(context)")
            #expect(entry.bankID == line.bankReference, "\(context)")
            #expect(entry.transactionType == line.typeCode, "\(context)")
            #expect(entry.status == (statement.intraday ? .pending : .posted), "\(context)")
        }
    }
}
