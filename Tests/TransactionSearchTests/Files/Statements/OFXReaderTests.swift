import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The OFX/QFX reader against the hand-written fixtures in `Fixtures/statements/ofx/`: each
/// fixture's entries equal its `.expected.tsv`, and the tests below say why the values that are
/// not plain copies of the file are what they are.
@Suite struct OFXReaderTests {
    private func read(_ name: String) throws -> ParsedStatement {
        try OFXReader.read(try StatementFixtures.bytes(ofx: name), context: StatementFixtures.context)
    }

    private func read(text: String) throws(ImportIssue) -> ParsedStatement {
        try OFXReader.read(Array(text.utf8), context: StatementFixtures.context)
    }

    @Test(arguments: StatementFixtures.ofx)
    func fixtureGivesItsExpectedEntries(_ name: String) throws {
        try StatementExpectations.expect(try read(name).entries, matchFixture: "statements/ofx/" + name)
    }

    @Test(arguments: StatementFixtures.ofx)
    func everyFixtureLooksLikeOFXAndNotCamt(_ name: String) throws {
        let bytes = try StatementFixtures.bytes(ofx: name)
        #expect(OFXReader.looksLike(bytes))
        #expect(!CamtReader.looksLike(bytes))
    }

    @Test func detectionAcceptsHeadersDeclarationsAndBareElementsOnly() {
        let yes = ["OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>", "\u{FEFF}\n\n  OFXHEADER:100", "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?><OFX>",
                   "<?xml version=\"1.0\"?>\nOFXHEADER:100\nDATA:OFXSGML\n<OFX>", "\r\n<OFX>\r\n<SIGNONMSGSRSV1>", "<ofx>",
                   "DATA:OFXSGML\nVERSION:102\n<OFX>"]
        let no = ["date,merchant,amount\n2026-03-14,Lidl,-3.20\n", "<?xml version=\"1.0\"?><Document>", "<OFXISH>", "",
                  "!Type:Bank\nD03/14/2026\n", "OFX is great: <OFX>"]
        for text in yes { #expect(OFXReader.looksLike(Array(text.utf8)), "\(text)") }
        for text in no { #expect(!OFXReader.looksLike(Array(text.utf8)), "\(text)") }
    }

    @Test func detectionSeesThroughAUTF16ByteOrderMark() {
        let text = "OFXHEADER:100\n<OFX>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(OFXReader.looksLike(bytes))
    }

    /// `CHARSET:1252`: the bytes E4, FC, DF, 80 and 96 are ä, ü, ß, € and an en dash; `&` written
    /// raw (SGML) stays an `&`.
    @Test func charset1252DecodesRawBytes() throws {
        let parsed = try read("charset-1252.ofx")
        #expect(parsed.encoding == .windows1252)
        #expect(parsed.entries.map(\.merchant) == ["Bäckerei Müller", "Straßenbahn Köln", "Zahlung – Miete August", "Café Crème"])
        #expect(parsed.entries[0].notes == "Brötchen & Kaffee")
        #expect(parsed.entries[1].notes == "Gebühr 2€")
    }

    @Test func aDeclaredLatin1CharsetIsUsedForBytesThatAreNotUTF8() throws {
        var bytes = Array("OFXHEADER:100\nCHARSET:ISO-8859-1\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260101<TRNAMT>-1<NAME>".utf8)
        bytes += [0x80, 0xE9]  // in Latin-1 a C1 control and é; Windows-1252 would read a euro sign
        bytes += Array("\n</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>".utf8)
        let parsed = try OFXReader.read(bytes, context: StatementFixtures.context)
        #expect(parsed.encoding == .latin1)
        #expect(parsed.entries.first?.merchant == "\u{80}é")
    }

    /// Dates (the clock is Europe/Berlin, UTC+1 on 14 March 2026, UTC+2 from 29 March 02:00):
    /// `YYYYMMDD`, and midnight or noon with no offset, are calendar days; `[-5:EST]` is five
    /// hours behind UTC; `[5.5:IST]` is +05:30 and `.5` is 500 ms; `[-3.5]` is -03:30;
    /// `[+5.75:NPT]` is +05:45 (01:30 on the 29th is 19:45Z on the 28th); an offset on a date
    /// alone is ignored; noon with an offset is an instant; a local time with no offset is Berlin
    /// time, and 02:30 on 29 March, which Berlin skips, is read as 03:30 CEST (01:30Z); DTPOSTED
    /// wins over DTUSER.
    @Test func datesFollowTheDocumentedRules() throws {
        let dates = try read("dates.ofx").entries.map(\.date.description)
        #expect(dates == [
            "2026-03-14", "2026-03-14", "2026-03-14", "2026-03-14T08:30:00Z", "2026-03-14T14:30:00.123Z",
            "2026-03-14T09:30:00Z", "2026-03-14T04:00:00.500Z", "2026-03-14T13:00:00Z", "2026-03-14",
            "2026-03-14T17:00:00Z", "2026-03-13", "2026-03-15", "2026-03-28T19:45:00Z", "2026-03-29T01:30:00Z",
        ])
    }

    /// NAME is cut at 32 characters: a MEMO that starts with it is the full name (and is not
    /// repeated in the notes); a MEMO equal to NAME is not repeated either; PAYEE/NAME stands in
    /// for NAME; MEMO alone is the merchant; with nothing else the TRNTYPE in words (a check
    /// with its number).
    @Test func merchantRulesForNameMemoPayeeAndType() throws {
        let entries = try read("name-cut-memo.ofx").entries
        #expect(entries.map(\.merchant) == [
            "SPRINGFIELD MUNICIPAL UTILITY DEPT WATER SEWER ACCT 4471", "BAKERY ON 5TH", "PHARMACY 221", "Internet Provider Inc",
            "ONLINE TRANSFER TO SAVINGS", "Service charge", "Check 2001",
        ])
        #expect(entries.map(\.notes) == [nil, nil, "Prescription pickup", "Invoice 2026-07", nil, nil, nil])
    }

    /// CHECKNUM and REFNUM go to the notes after MEMO; `+12.50` is positive; `AT&amp;T` is `AT&T`.
    @Test func checkAndReferenceNumbersGoToTheNotes() throws {
        let entries = try read("sgml-header.ofx").entries
        #expect(entries[0].merchant == "AT&T WIRELESS")
        #expect(entries[2].notes == "Check 1042 | Ref 88812")
        #expect(entries[3].amount == DecimalAmount(significand: 1250, fractionDigits: 2))
    }

    /// A transaction's CURRENCY means its amount is in that currency; ORIGCURRENCY means the
    /// amount is already in CURDEF (the original currency goes to the notes). A credit card's
    /// masked number is also the card. Noon with `[0:GMT]` is an instant.
    @Test func creditCardCurrenciesAndCard() throws {
        let parsed = try read("credit-card.qfx")
        #expect(parsed.entries.map { $0.currency?.code } == ["USD", "EUR", "USD", "USD"])
        #expect(parsed.entries[2].notes == "original currency GBP, rate 1.2731")
        #expect(parsed.entries.allSatisfy { $0.card == "****1111" && $0.account == "****1111" })
        #expect(parsed.accounts == ["****1111"])
    }

    /// `-23,90`: a decimal comma. Each statement keeps its own masked account, in file order.
    @Test func severalStatementsKeepTheirAccounts() throws {
        let parsed = try read("several-accounts.ofx")
        #expect(parsed.accounts == ["****7890", "****3210", "****5555"])
        #expect(parsed.entries.map(\.account) == ["****7890", "****7890", "****3210", "****5555"])
        #expect(parsed.entries.map(\.card) == [nil, nil, nil, "****5555"])
        #expect(parsed.entries[0].amount == DecimalAmount(significand: -2390, fractionDigits: 2))
    }

    @Test func transactionsOutsideTheTransactionListCount() throws {
        #expect(try read("transaction-outside-list.ofx").entries.map(\.bankID) == ["OUT-1", "IN-1", "OUT-2"])
    }

    /// An XML 2.x file: CDATA, numeric entities, comments, an empty MEMO, BANKACCTTO (not the
    /// statement's account), a DELETE correction (skipped) and a REPLACE correction (read, with a
    /// warning).
    @Test func xmlCorrectionsAreSkippedOrWarned() throws {
        let parsed = try read("xml-v2.ofx")
        #expect(parsed.accounts == ["****3210"])
        #expect(parsed.skipped == [SkippedPart(.line(63), "a correction that deletes the earlier transaction FITID 202604020001: not imported")])
        #expect(parsed.warnings == ["line 72: a correction replacing the earlier transaction FITID 202604020001, read as a transaction of its own"])
        #expect(parsed.issues.isEmpty)
    }

    @Test func investmentCashMovementsAreReadAndTheRestIsSkippedWithReasons() throws {
        let parsed = try read("investment.ofx")
        #expect(parsed.entries.map(\.bankID) == ["C-2001", "C-2002"])
        #expect(parsed.accounts == ["****5678"])
        #expect(parsed.skipped == [
            SkippedPart(.line(27), "BUYSTOCK: an investment transaction (FITID T-1001, total -1503.50), not imported: only cash transactions (INVBANKTRAN) are"),
            SkippedPart(.line(45), "INCOME: an investment transaction (FITID T-1002, total 12.40), not imported: only cash transactions (INVBANKTRAN) are"),
            SkippedPart(.line(78), "INVPOSLIST: 2 positions (holdings), not transactions"),
            SkippedPart(.line(102), "INVBAL: investment balances, not transactions"),
            SkippedPart(.line(111), "SECLIST: 2 securities described, not transactions"),
        ])
    }

    /// A STATUS with SEVERITY ERROR or WARN is a warning while the file still has a statement.
    @Test func bankErrorsAreWarningsWhenAStatementFollows() throws {
        let parsed = try read("error-status.ofx")
        #expect(parsed.entries.count == 1)
        #expect(parsed.warnings == [
            "line 14: the bank reported an error (code 2000: Account temporarily unavailable); it sent no statement",
            "line 22: the bank reported a warning (code 2000: Statement truncated to 90 days); its statement was read anyway",
        ])
    }

    @Test func aFileWithOnlyABankErrorCannotBeRead() {
        let text = "OFXHEADER:100\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS></SONRS></SIGNONMSGSRSV1></OFX>"
        #expect(throws: ImportIssue(.line(1), .malformed("no statement (STMTRS, CCSTMTRS or INVSTMTRS) in the file: the bank reported an error (code 15500: Signon invalid)"))) {
            try read(text: text)
        }
    }

    @Test func somethingThatIsNotOFXCannotBeRead() {
        #expect(throws: ImportIssue(.line(1), .malformed("not an OFX file: no <OFX> element"))) {
            try read(text: "date,merchant,amount\n2026-03-14,Lidl,-3.20\n")
        }
    }

    @Test func aFileCutInsideATransactionReportsItAndKeepsTheClosedOnes() throws {
        let text = "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>12345678</BANKACCTFROM><BANKTRANLIST>\n"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260101<TRNAMT>-1.00<NAME>Whole</STMTTRN>\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-2.5"
        let parsed = try read(text: text)
        #expect(parsed.entries.map(\.merchant) == ["Whole"])
        #expect(parsed.issues == [ImportIssue(.line(3), .malformed("the file ends inside this transaction (no </STMTTRN>)"))])
        #expect(parsed.warnings.count == 1)
    }

    @Test func tagsAreReadInAnyCase() throws {
        let text = "<ofx><stmtrs><curdef>usd<stmttrn><dtposted>20260101<trnamt>-1<name>Lower</stmttrn></StmtRs></OFX>"
        let entry = try #require(try read(text: text).entries.first)
        #expect(entry.merchant == "Lower")
        #expect(entry.currency == .usd)
    }

    @Test func anUnclosedTransactionIsClosedByTheNextOne() throws {
        let text = "<OFX><STMTRS><CURDEF>EUR<STMTTRN><DTPOSTED>20260101<TRNAMT>-1<NAME>A\n<STMTTRN><DTPOSTED>20260102<TRNAMT>-2<NAME>B</STMTTRN></STMTRS></OFX>"
        #expect(try read(text: text).entries.map(\.merchant) == ["A", "B"])
    }

    @Test func aCurrencyNamedAfterTheTransactionsStillApplies() throws {
        let text = "<OFX><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20260101<TRNAMT>-1<NAME>A</STMTTRN></BANKTRANLIST>"
            + "<CURDEF>JPY<BANKACCTFROM><ACCTID>99887766</BANKACCTFROM></STMTRS></OFX>"
        let entry = try #require(try read(text: text).entries.first)
        #expect(entry.currency == .jpy)
        #expect(entry.account == "****7766")
    }

    @Test func aCURDEFThatIsNoCurrencyMakesEachTransactionAnIssue() throws {
        let text = "<OFX><STMTRS><CURDEF>EURO\n<STMTTRN><DTPOSTED>20260101<TRNAMT>-1<NAME>A</STMTTRN>\n"
            + "<STMTTRN><DTPOSTED>20260101<TRNAMT>-1<NAME>B<CURRENCY><CURSYM>USD</CURRENCY></STMTTRN></STMTRS></OFX>"
        let parsed = try read(text: text)
        #expect(parsed.issues == [ImportIssue(.line(2), field: .currency, .invalid(.invalidCurrency("EURO")))])
        #expect(parsed.entries.map(\.merchant) == ["B"])
    }
}
