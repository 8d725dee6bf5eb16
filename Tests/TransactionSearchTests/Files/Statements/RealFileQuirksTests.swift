import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Quirks of real statement files that are read, not refused (docs/SPEC.md section 9): each
/// has a hand-written fixture under `Fixtures/statements/` (checked against its
/// `.expected.tsv` by the format's fixture test); these tests say why, and what an import and
/// `inspect` make of them.
@Suite struct RealFileQuirksTests {
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: MT940

    @Test func mt940AmountsWithoutACommaFundsCodesAndSpacedTypes() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("quirks.sta"), context: StatementTestSupport.context)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        // `C500` is 500; `DF2402,00S   X` is a debit (F the funds code) of type `S`.
        #expect(parsed.entries.prefix(2).map(\.amount.description) == ["500.00", "-2402.00"])
        #expect(parsed.entries[1].transactionType == "S" && parsed.entries[1].bankID == "B7741")
        // The balances add up with both read right: no warning.
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }

    @Test func mt940MerchantFromSupplementaryDetailsNonStandardFieldsOrTheType() throws {
        let parsed = try MT940Reader.read(try StatementTestSupport.mt940("quirks.sta"), context: StatementTestSupport.context)
        #expect(parsed.entries.map(\.merchant) == [
            "Refund without a decimal comma", "Rent March",
            "BAKERY CORNER 0303",  // no :86:, the :61: line's own details
            "Charges",  // an empty :86: and no details: the type NCHG
            "Stadtwerke Musterstadt",  // :NS: 15 the name, 01-02 the purpose
            "Miscellaneous",  // nothing at all: the type NMSC
        ])
        #expect(parsed.entries[4].notes == "Abschlag Strom Maerz 2026")
    }

    @Test(arguments: [("NTRF", "Transfer"), ("FCHK", "Cheque"), ("S", "S"), ("NXYZ", "NXYZ"), ("", "Transaction")])
    func mt940TypeCodesInWords(code: String, words: String) {
        #expect(MT940StatementLine.typeWords(code) == words)
    }

    // MARK: QIF

    @Test func qifRecordsWithoutAPayeeAreNamedByWhatTheyHave() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("no-payee.qif"), context: StatementTestSupport.context)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        #expect(parsed.entries.map(\.merchant) == [
            "School trip money", "Utilities:Water", "Transfer: Savings", "Check 1042", "ATM", "Deposit", "Corner Cafe",
        ])
    }

    @Test(arguments: [
        ("T-$12.00", "USD", "$ in the amounts: USD"), ("T-£7.50", "GBP", "£ in the amounts: GBP"),
        ("T-€3.00", "EUR", "€ in the amounts: EUR"), ("T-¥1200", "JPY", "¥ in the amounts: JPY"),
        ("TEUR -12.00", "EUR", "EUR in the amounts"), ("T-12.00 EUR", "EUR", "EUR in the amounts"),
        ("T-12.00USD", "USD", "USD in the amounts"), ("T-10.00 DEM", "DEM", "DEM in the amounts"),
        ("T-4.00 CR", nil, "none in the file: the store's base currency (QIF names none)"),
        ("T-4.00 eur", nil, "none in the file: the store's base currency (QIF names none)"),
        ("T-4.00", nil, "none in the file: the store's base currency (QIF names none)"),
    ] as [(String, String?, String)])
    func qifCurrencyFromTheAmountsSymbolOrCode(amount: String, code: String?, reason: String) throws {
        let parsed = try QIFReader.read(Array("!Type:Bank\nD03/02/2026\n\(amount)\nPShop\n^\n".utf8), context: StatementTestSupport.context)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        #expect(parsed.entries.map(\.currency?.code) == [code])
        #expect(parsed.decisions?.currency == reason)
    }

    @Test func qifAmountsOfSeveralCurrenciesKeepEachRecordsOwn() throws {
        let parsed = try QIFReader.read(try StatementTestSupport.qif("currencies.qif"), context: StatementTestSupport.context)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        #expect(parsed.entries.map(\.currency?.code) == ["EUR", "EUR", "JPY", "USD", nil])
        #expect(parsed.decisions?.currency
                == "each record's amount: EUR (2 records), JPY (1 record), USD (1 record); 1 naming none: none in the file: the store's base currency")
        #expect(parsed.warnings == [
            "the amounts name several currencies (EUR (2 records), JPY (1 record), USD (1 record)); 1 record names none: none in the file: the store's base currency",
        ])
        // Imported, the record naming none takes --currency (else the store's base), said in the report.
        let store = TransactionStore(configuration: StoreConfiguration(baseCurrency: .gbp))
        let report = try store.importStatement(from: try StatementTestSupport.qif("currencies.qif"), options: ImportOptions(currency: .chf))
        #expect(report.addedIDs.compactMap { store.transaction(id: $0)?.amount.currency.code } == ["EUR", "EUR", "JPY", "USD", "CHF"])
    }

    @Test func aQIFAmountNamingTwoCurrenciesIsAnError() throws {
        let parsed = try QIFReader.read(Array("!Type:Bank\nD03/02/2026\nT$12.00 EUR\nPShop\n^\n".utf8), context: StatementTestSupport.context)
        #expect(parsed.entries.isEmpty)
        #expect(parsed.issues.map(\.description) == ["line 3, amount: the amount \"$12.00 EUR\" names two currencies, $ and EUR"])
    }

    // MARK: OFX

    @Test func anOFXStatementWithNoTransactionsIsZeroRowsAndANote() throws {
        let parsed = try OFXReader.read(try StatementFixtures.bytes(ofx: "no-transactions.ofx"), context: StatementFixtures.context)
        #expect(parsed.entries.isEmpty && parsed.issues.isEmpty)
        #expect(parsed.warnings == ["line 17: the statement (STMTRS) lists no transactions"])
        #expect(parsed.decisions?.currency == "CURDEF USD")
        let report = try TransactionStore().importStatement(from: try StatementFixtures.bytes(ofx: "no-transactions.ofx"))
        #expect(report.addedIDs.isEmpty)
    }

    @Test func anOFXResponseWithoutAStatementIsANoteNotAnError() throws {
        let text = "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1></OFX>"
        let parsed = try OFXReader.read(Array(text.utf8), context: StatementFixtures.context)
        #expect(parsed.entries.isEmpty && parsed.issues.isEmpty)
        #expect(parsed.warnings.contains("the file holds no statement (STMTRS, CCSTMTRS or INVSTMTRS): no transactions"))
    }

    @Test func anOFXWithoutCURDEFSaysWhereItsCurrencyComesFrom() throws {
        let text = "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260302"
            + "<TRNAMT>-1.00<FITID>F1<NAME>Shop</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"
        let context = StatementContext(clock: StatementFixtures.context.clock, defaultCurrency: .usd)
        let parsed = try OFXReader.read(Array(text.utf8), context: context)
        #expect(parsed.decisions?.currency == "none in the file: USD, as given (no CURDEF)")
        #expect(parsed.decisions?.sign == "TRNAMT is signed: negative is money out")
    }

    // MARK: camt

    @Test func camtDatesWithAZoneAreCalendarDays() {
        for (text, day) in [("2017-04-01+02:00", "2017-04-01"), ("2017-04-02Z", "2017-04-02"), ("2017-04-03-05:00", "2017-04-03")] {
            let parsed = Array(text.utf8).withByteView { CamtText.isoDate($0) }
            if case .day(let read)? = parsed { #expect(read.description == day) } else { Issue.record("\(text): \(String(describing: parsed))") }
        }
        for bad in ["2017-04-01+2", "2017-04-01+02:00x", "2017-04-01Zz", "2017-04-01+15:00"] {
            #expect(Array(bad.utf8).withByteView { CamtText.isoDate($0) } == nil, "\(bad)")
        }
    }

    /// An entry without a counterparty whose remittance text passes the merchant's 256
    /// characters: cut with `…`, the whole text first in the notes; never a refusal.
    @Test func aLongCamtRemittanceTextIsCutAndKeptWholeInTheNotes() throws {
        let bytes = try StatementFixtures.bytes(camt: "zone-dates.xml")
        let whole = try #require(try CamtReader.read(bytes, context: StatementFixtures.context).entries.last?.merchant)
        #expect(whole.count > TransactionField.nameLimit)
        let store = TransactionStore()
        let report = try store.importStatement(from: bytes)
        #expect(report.addedIDs.count == 3)
        let stored = try #require(store.transactions().first { $0.amount.decimalText == "-1250.00" })
        #expect(stored.merchant.count == TransactionField.nameLimit && stored.merchant.hasSuffix("…"))
        #expect(whole.hasPrefix(String(stored.merchant.dropLast()).trimmingWhitespace()))
        #expect(stored.notes == whole)
        #expect(report.decisions?.sign == "CdtDbtInd: DBIT is money out, CRDT money in")
    }

    @Test func notesPastTheirLimitAreCut() {
        let (merchant, notes) = ImportStager.fitted(merchant: "Shop", notes: String(repeating: "n", count: TransactionField.notesLimit + 10))
        #expect(merchant == "Shop")
        #expect(notes?.count == TransactionField.notesLimit && notes?.hasSuffix("…") == true)
        #expect(ImportStager.fitted(merchant: "Shop", notes: "short") == ("Shop", "short"))
    }

    // MARK: currencies

    @Test(arguments: ["DEM", "FRF", "LTL", "ITL", "NLG", "EEK", "HRK", "USD"])
    func withdrawnISOCodesAreCurrencies(code: String) {
        #expect(CurrencyCodes.currency(code) == Currency(code))
    }

    @Test(arguments: ["FEE", "NET", "TAX", "ABC"])
    func wordsAreNoCurrencies(word: String) {
        #expect(CurrencyCodes.currency(word) == nil)
    }

    @Test func aBankCSVInDeutscheMarkImportsInDeutscheMark() throws {
        let csv = "Buchungstag;Empfänger;Betrag;Währung\n14.03.1998;Kaufhof;-49,90;DEM\n16.03.1998;Gehalt;3.200,00;DEM\n"
        let store = TransactionStore()
        let report = try store.importStatement(from: Array(csv.utf8))
        #expect(store.transactions().map(\.amount.currency.code) == ["DEM", "DEM"])
        #expect(report.firstCurrency?.code == "DEM")
    }

    // MARK: dates nothing decides, and bad rows among good ones

    static let ambiguous = "Date,Description,Amount\n04/03/2023,Corner Shop,-12.00\n05/06/2023,Cinema,-9.50\n"

    @Test func anUndecidedDateOrderIsRefusedNamingTheOptionAndBothReadings() throws {
        do {
            try TransactionStore().importStatement(from: Array(Self.ambiguous.utf8))
            Issue.record("imported although nothing decides the date order")
        } catch {
            let message = error.description
            #expect(message.contains("give --date-order dmy or --date-order mdy"), "\(message)")
            #expect(message.contains("dmy") && message.contains("mdy"))
        }
        var options = ImportOptions()
        options.bankCSV.dateOrder = .monthDayYear
        let store = TransactionStore()
        try store.importStatement(from: Array(Self.ambiguous.utf8), options: options)
        #expect(store.transactions().map(\.date.description).sorted() == ["2023-04-03", "2023-05-06"])
    }

    @Test func aPreviewShowsBothReadingsInsteadOfRefusing() throws {
        let preview = try TransactionStore().previewImport(of: Array(Self.ambiguous.utf8))
        let layout = try #require(preview.report.layout)
        #expect(layout.needsDateOrder && layout.dateReadings.count == 2, "\(layout.dateReadings)")
    }

    @Test func everyBadRowIsListedWithTheCountOfGoodOnes() throws {
        let csv = "Date,Description,Amount\n2023-04-03,A,-1.00\n2023-04-04,B,-2.00\n2023-04-05,C,1.2.3\n2023-04-06,D,-4.00\n"
            + "2023-04-07,E,-5.00\n2023-04-31,F,-6.00\n2023-04-08,G,-7.00\n"
        do {
            try TransactionStore().importStatement(from: Array(csv.utf8))
            Issue.record("imported although two rows are bad")
        } catch {
            #expect(error.issues.map(\.location) == [.line(4), .line(7)], "\(error.issues)")
            #expect(error.goodRecords == 5)
            #expect(error.description.hasSuffix("2 bad records, 5 good"), "\(error.description)")
        }
        var options = ImportOptions()
        options.skippingInvalid = true
        #expect(try TransactionStore().importStatement(from: Array(csv.utf8), options: options).addedIDs.count == 5)
    }

    // MARK: what decided

    @Test func everyFormatSaysWhatDecidedItsCurrencyDatesAndSign() throws {
        let mt940 = try MT940Reader.read(try StatementTestSupport.mt940("quirks.sta"), context: StatementTestSupport.context)
        #expect(mt940.decisions?.sign == "the :61: mark: D and RC are money out, C and RD money in")
        let qif = try QIFReader.read(try StatementTestSupport.qif("us-bank.qif"), context: StatementTestSupport.context)
        #expect(qif.decisions?.dates.isEmpty == false)
        let csv = try TransactionStore().importStatement(from: Array("Date,Description,Amount\n2023-04-03,A,-$1.00\n".utf8))
        #expect(csv.decisions?.currency.contains("USD") == true, "\(String(describing: csv.decisions))")
        #expect(csv.firstCurrency == .usd)
    }
}
