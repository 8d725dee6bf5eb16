import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The byte-level pieces of the bank CSV reader: amounts, dates, times, month names, header
/// names, the tokenizer.
@Suite struct BankCSVScannerTests {
    private func amount(_ text: String, _ decimal: DecimalSeparator) -> String? {
        var text = text
        return text.withByteView { bytes -> String? in
            let trimmed = ByteText.trimmed(bytes)
            guard let scan = AmountScanner.scan(trimmed) else { return nil }
            return AmountScanner.parse(trimmed, scan, decimal: decimal.byte)?.description
        }
    }

    @Test(arguments: [
        ("1,234.56", DecimalSeparator.point, "1234.56"), ("1.234,56", .comma, "1234.56"), ("1'234.56", .point, "1234.56"),
        ("1’234.56", .point, "1234.56"), ("1 234,56", .comma, "1234.56"), ("1\u{00A0}234,56", .comma, "1234.56"),
        ("1\u{202F}234,56", .comma, "1234.56"), ("$1,036.47", .point, "1036.47"), ("-$7,971.39", .point, "-7971.39"),
        ("$-7,971.39", .point, "-7971.39"), ("(12.34)", .point, "-12.34"), ("($12.34)", .point, "-12.34"), ("12.34-", .point, "-12.34"),
        ("€ 12,34", .comma, "12.34"), ("12,34 EUR", .comma, "12.34"), ("EUR -12,34", .comma, "-12.34"), ("+12.00", .point, "12.00"),
        ("−5.00", .point, "-5.00"), ("12.00 CR", .point, "12.00"), ("12.00 DR", .point, "-12.00"), ("1,234,567.89", .point, "1234567.89"),
        ("1.234.567", .comma, "1234567"), ("0,5", .comma, "0.5"), (".50", .point, "0.50"), ("  -4,80  ", .comma, "-4.80"),
        ("£1,234.56", .point, "1234.56"), ("CHF 1'234.50", .point, "1234.50"), ("1234", .point, "1234"),
    ])
    func readsAmountsAsBanksWriteThem(_ text: String, _ decimal: DecimalSeparator, _ expected: String) {
        #expect(amount(text, decimal) == expected)
    }

    @Test(arguments: [
        ("12.50", DecimalSeparator.comma), ("1,234.56", .comma), ("1.234,56", .point), ("12,345,6", .point), ("1'23.00", .point),
        ("1,2345.00", .point), ("abc", .point), ("12 FEE", .point), ("(12.34", .point), ("--12", .point), ("12.34.56", .point),
        ("1e5", .point), ("", .point), ("2023-04-17", .point), ("1,234 567.00", .point), ("1234567890123456789", .point),
    ])
    func refusesWhatIsNoAmountInTheColumnsStyle(_ text: String, _ decimal: DecimalSeparator) {
        #expect(amount(text, decimal) == nil)
    }

    private func date(_ text: String, _ order: BankCSVOptions.DateOrder = .dayMonthYear) -> String? {
        var text = text
        return text.withByteView { bytes -> String? in
            guard let scan = DateScanner.scan(bytes), let day = DateScanner.day(of: scan, order: order) else { return nil }
            var result = day.description
            if scan.timeOfDay >= 0 { result += " " + String(scan.timeOfDay / 1000) }
            if scan.zoneStart >= 0 { result += " " + String(decoding: bytes.view(scan.zoneStart..<scan.zoneEnd), as: UTF8.self) }
            if scan.asOfStart >= 0 { result += " +" }
            return result
        }
    }

    @Test(arguments: [
        ("2023-04-17", BankCSVOptions.DateOrder.dayMonthYear, "2023-04-17"), ("2023/04/17", .monthDayYear, "2023-04-17"),
        ("20230417", .dayMonthYear, "2023-04-17"), ("17.04.2023", .dayMonthYear, "2023-04-17"), ("17/04/2023", .dayMonthYear, "2023-04-17"),
        ("04/17/2023", .monthDayYear, "2023-04-17"), ("4/7/23", .monthDayYear, "2023-04-07"), ("4/7/23", .dayMonthYear, "2023-07-04"),
        ("17-04-2023", .dayMonthYear, "2023-04-17"), ("17 Apr 2023", .monthDayYear, "2023-04-17"), ("17-Apr-23", .dayMonthYear, "2023-04-17"),
        ("17. März 2023", .dayMonthYear, "2023-03-17"), ("1 mars 2023", .dayMonthYear, "2023-03-01"), ("17 de abril de 2023", .dayMonthYear, "2023-04-17"),
        ("3 maggio 2023", .dayMonthYear, "2023-05-03"), ("3 mei 2023", .dayMonthYear, "2023-05-03"), ("3 março 2023", .dayMonthYear, "2023-03-03"),
        ("31-déc.-22", .dayMonthYear, "2022-12-31"), ("5 Okt 2023", .dayMonthYear, "2023-10-05"), ("5 mrt 2023", .dayMonthYear, "2023-03-05"),
        ("5 juil. 2023", .dayMonthYear, "2023-07-05"), ("5 ene 2023", .dayMonthYear, "2023-01-05"), ("5 gen 2023", .dayMonthYear, "2023-01-05"),
        ("5 janeiro 2023", .dayMonthYear, "2023-01-05"), ("Apr 17, 2023", .dayMonthYear, "2023-04-17"), ("5 Dez 2023", .dayMonthYear, "2023-12-05"),
        ("5 dic 2023", .dayMonthYear, "2023-12-05"), ("5 set 2023", .dayMonthYear, "2023-09-05"), ("5 out 2023", .dayMonthYear, "2023-10-05"),
        ("2023-04-17 12:50", .dayMonthYear, "2023-04-17 46200"), ("04/17/2023 12:50 PM", .monthDayYear, "2023-04-17 46200"),
        ("04/17/2023 12:50 AM", .monthDayYear, "2023-04-17 3000"), ("04/17/2023 1:05 p.m.", .monthDayYear, "2023-04-17 47100"),
        ("2023-04-17T12:50:00Z", .dayMonthYear, "2023-04-17 46200 Z"), ("17.04.2023 12:50:01 +02:00", .dayMonthYear, "2023-04-17 46201 +02:00"),
        ("04/17/2023 as of 04/15/2023", .monthDayYear, "2023-04-17 +"), ("17/04/23", .yearMonthDay, "2017-04-23"),
    ])
    func readsDatesAsBanksWriteThem(_ text: String, _ order: BankCSVOptions.DateOrder, _ expected: String) {
        #expect(date(text, order) == expected)
    }

    @Test(arguments: ["17/04/2023", "31.02.2023", "2023-13-01", "5 jui 2023", "12.34", "1.234,56", "Transactions Total", "17/04",
                      "2023-04-17 25:00", "2023-04-17 junk", "04/17/2023 13:00 PM", "123/04/2023", ""])
    func refusesWhatIsNoDate(_ text: String) {
        #expect(date(text, .monthDayYear) == nil)
    }

    @Test func readsTimesAndZones() {
        func time(_ text: String) -> Int? {
            var text = text
            return text.withByteView { TimeText.timeOfDay($0) }
        }
        #expect(time("12:50") == 46_200_000)
        #expect(time("12:50:01.250") == 46_201_250)
        #expect(time("9:05 am") == 32_700_000)
        #expect(time("12:00 AM") == 0)
        #expect(time("24:00") == nil)
        #expect(time("12:5") == nil)
        func offset(_ text: String) -> Int? {
            var text = text
            return text.withByteView { TimeText.fixedOffset($0) }
        }
        #expect(offset("Z") == 0)
        #expect(offset("UTC") == 0)
        #expect(offset("+02:00") == 7200)
        #expect(offset("-0530") == -19_800)
        #expect(offset("GMT+1") == 3600)
        #expect(offset("UTC-05:00") == -18_000)
        #expect(offset("CET") == nil)
        #expect(offset("+25") == nil)
        var resolver = ZoneResolver()
        var berlin = "Europe/Berlin"
        let zone = berlin.withByteView { resolver.zone($0) }
        if case .clock(let clock)? = zone { #expect(clock.timeZone.identifier == "Europe/Berlin") } else { Issue.record("no zone") }
        var nowhere = "Europe/Nowhere"
        #expect(nowhere.withByteView { resolver.zone($0) } == nil)
    }

    @Test func monthNamesNeedAnUnambiguousPrefix() {
        func month(_ text: String) -> Int? {
            var text = text
            return text.withByteView { MonthNames.month($0) }
        }
        #expect(month("jan") == 1)
        #expect(month("Februar") == 2)
        #expect(month("févr") == 2)
        #expect(month("MÄR") == 3)
        #expect(month("Mrz") == 3)
        #expect(month("juin") == 6)
        #expect(month("juillet") == 7)
        #expect(month("jui") == nil)
        #expect(month("ju") == nil)
        #expect(month("août") == 8)
        #expect(month("settembre") == 9)
        #expect(month("septembers") == nil)
        #expect(month("xyz") == nil)
    }

    @Test func headerNamesFoldAndGiveUpTheirCurrency() {
        let amount = HeaderName("Amount (EUR)")
        #expect(amount.key == "amount")
        #expect(amount.currency == .eur)
        #expect(HeaderName("Betrag in CHF").currency?.code == "CHF")
        #expect(HeaderName("Money in (£)").keyKeepingPreposition == "money in")
        #expect(HeaderVocabulary.meaning(of: HeaderName("Money in (£)"))?.role == .credit)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Débit euros"))?.role == .debit)
        #expect(HeaderVocabulary.meaning(of: HeaderName("  AUFTRAGGEBER/EMPFÄNGER "))?.role == .merchant)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Auftraggeber / Empfaenger"))?.role == .merchant)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Date d’opération"))?.role == .date)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Descripción"))?.role == .description)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Umsatzdatum"))?.role == .date)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Umsatzdatum"))?.isTentative == true)
        #expect(HeaderVocabulary.meaning(of: HeaderName("Whatever")) == nil)
    }

    @Test func theVocabularyNeverGivesOneNameTwoRoles() {
        // `load` keeps the first meaning of a name; a table line that names it again for another
        // role would be silently lost.
        var seen: [String: HeaderMeaning.Target] = [:]
        for line in HeaderVocabulary.table.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            for entry in parts[1].split(separator: "|") {
                let key = HeaderName(String(entry)).key
                guard let target = HeaderVocabulary.exact[key]?.target else { continue }
                if let earlier = seen[key] { #expect(earlier == target, "\(key)") }
                seen[key] = target
                let spec = String(parts[0].split(separator: " ")[1]).filter { $0.isLetter || $0 == "-" }
                let expectedRole = spec.hasPrefix("ignore") ? nil : ColumnRole(rawValue: spec)
                if let expectedRole { #expect(target == .role(expectedRole), "\(key) is \(target), the table says \(expectedRole)") }
            }
        }
    }

    @Test func tokenizesQuotesLineBreaksAndEveryLineEnd() {
        let text = Array("a;\"b;\"\"c\"\"\";d\r\n\"two\rlines\";x\r\r\n;;\n=\"007\";\"5\" screen\n".utf8)
        let table = DelimitedTable(text, delimiter: UInt8(ascii: ";"))
        #expect(table.recordCount == 4)
        #expect(table.strings(of: 0) == ["a", "b;\"c\"", "d"])
        #expect(table.strings(of: 1) == ["two\rlines", "x"])
        #expect(table.strings(of: 2) == ["", "", ""])
        #expect(table.strings(of: 3) == ["007", "5 screen"])
        #expect((0..<4).map(table.line(of:)) == [1, 2, 5, 6])
        #expect(table.blankLines == [4])
        #expect(table.lineEndStyle == "mixed")
        let unterminated = DelimitedTable(Array("a,b\n\"open,\n1,2\n".utf8), delimiter: UInt8(ascii: ","))
        #expect(unterminated.unterminatedQuoteLine == 2)
    }

    @Test func masksAccountNumbersInLineTexts() {
        #expect(BankCSVReader.maskedLineText(["Konto:", "DE89 3704 0044 0532 0130 00"], delimiter: UInt8(ascii: ";")) == "Konto:;****3000")
        #expect(BankCSVReader.maskedLineText(["as of 04/20/2023", "XXXX-1234"], delimiter: UInt8(ascii: ",")) == "as of 04/20/2023,XXXX-1234")
        #expect(BankCSVReader.maskedIfNumber("NL91INGB0001234567") == "****4567")
        #expect(BankCSVReader.maskedIfNumber("Chase Sapphire (4242)") == "Chase Sapphire (4242)")
        #expect(BankCSVReader.maskedIfNumber(" Main ") == "Main")
        #expect(BankCSVReader.maskedIfNumber("Checking 0001234567") == "Checking ****4567")
        #expect(BankCSVReader.maskedIfNumber("DE12500105170648489890 / Girokonto") == "****9890 / Girokonto")
        #expect(BankCSVReader.maskedIfNumber("Current Account ****12345") == "Current Account ****2345")
        #expect(BankCSVReader.maskedIfNumber("4111 1111 1111 1111") == "****1111")
    }
}
