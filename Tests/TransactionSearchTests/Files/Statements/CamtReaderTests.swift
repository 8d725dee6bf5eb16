import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The camt reader against the hand-written fixtures in `Fixtures/statements/camt/`: each
/// fixture's entries equal its `.expected.tsv`, and the tests below say why the values that are
/// not plain copies of the file are what they are.
@Suite struct CamtReaderTests {
    private func read(_ name: String) throws -> ParsedStatement {
        try CamtReader.read(try StatementFixtures.bytes(camt: name), context: StatementFixtures.context)
    }

    private func read(text: String) throws(ImportIssue) -> ParsedStatement {
        try CamtReader.read(Array(text.utf8), context: StatementFixtures.context)
    }

    @Test(arguments: StatementFixtures.camt)
    func fixtureGivesItsExpectedEntries(_ name: String) throws {
        try StatementExpectations.expect(try read(name).entries, matchFixture: "statements/camt/" + name)
    }

    @Test(arguments: StatementFixtures.camt)
    func everyFixtureLooksLikeCamtAndNotOFX(_ name: String) throws {
        let bytes = try StatementFixtures.bytes(camt: name)
        #expect(CamtReader.looksLike(bytes))
        #expect(!OFXReader.looksLike(bytes))
    }

    @Test func detectionNeedsACamtMessageOrNamespace() {
        let yes = ["<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">",
                   "<?xml version=\"1.0\"?><!-- x --><a:Document xmlns:a=\"x\"><a:BkToCstmrAcctRpt>",
                   "<Document><BkToCstmrDbtCdtNtfctn>"]
        let no = ["<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03\"><CstmrCdtTrfInitn>", "<OFX>", "date,amount\n", ""]
        for text in yes { #expect(CamtReader.looksLike(Array(text.utf8)), "\(text)") }
        for text in no { #expect(!CamtReader.looksLike(Array(text.utf8)), "\(text)") }
    }

    @Test func aBusinessApplicationHeaderAroundTheDocumentIsFine() throws {
        let header = "<AppHdr><Fr><FIId><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></FIId></Fr><To><FIId><FinInstnId>"
            + "<BICFI>NOLADE21XXX</BICFI></FinInstnId></FIId></To><BizMsgIdr>1</BizMsgIdr><MsgDefIdr>camt.053.001.08</MsgDefIdr>"
            + "<CreDt>2026-01-01T00:00:00Z</CreDt></AppHdr>"
        let text = "<?xml version=\"1.0\"?><BizMsg>" + header + "<Document><BkToCstmrStmt><Stmt><Acct><Ccy>EUR</Ccy></Acct>"
            + "<Ntry><Amt>1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-01-01</Dt></BookgDt><AddtlNtryInf>Fee</AddtlNtryInf></Ntry>"
            + "</Stmt></BkToCstmrStmt></Document></BizMsg>"
        #expect(CamtReader.looksLike(Array(text.utf8)))
        let entry = try #require(try read(text: text).entries.first)
        #expect(entry.location == .element(path: "BizMsg/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]", line: 1))
    }

    /// Version .02: the debit's merchant is the creditor, the credit's the debtor; two `Ustrd`
    /// lines join with a space, then `AddtlNtryInf` after ` | `; bank ids come from the entry's
    /// `AcctSvcrRef`, else `NtryRef` (`2`), else the detail's `AcctSvcrRef`; a `TxId` or an
    /// `EndToEndId` is the payer's reference, never the bank's id (docs/SPEC.md section 9); an entry with no details takes `AddtlNtryInf` as the
    /// merchant and its proprietary bank code as the type; the ISO domain code wins over the
    /// proprietary one.
    @Test func version02MerchantsNotesAndIDs() throws {
        let parsed = try read("camt053-v02.xml")
        #expect(parsed.accounts == ["****3000"])
        #expect(parsed.entries.map(\.bankID) == ["2026030200001", "2", "KARTE-0328-77", nil, nil])
        #expect(parsed.entries[3].payerReference == "TX-778")
        #expect(parsed.entries[0].notes == "Abschlag Strom März 2026 Vertragskonto 100200300 | SEPA-BASISLASTSCHRIFT")
        #expect(parsed.entries.map(\.transactionType) == ["PMNT/IDDT/ESDD", "PMNT/RCDT/ESCT", nil, nil, "NCHG+805"])
        #expect(parsed.entries[4].merchant == "Kontoführungsentgelt")
        #expect(parsed.entries[0].date == .day(try! CalendarDay(year: 2026, month: 3, day: 2)))  // booking date, not value date
    }

    /// Version .08: `<Sts><Cd>`, `Cdtr/Pty/Nm`, the ultimate debtor winning over the debtor, a
    /// pending entry with only a value date, and an agent's name (a bank) never taken as the
    /// creditor.
    @Test func version08StatusCodesAndPartyChoices() throws {
        let entries = try read("camt053-v08.xml").entries
        #expect(entries.map(\.merchant) == ["Migros Genossenschaft", "Familie Keller", "SBB CFF FFS"])
        #expect(entries.map(\.status) == [.posted, .posted, .pending])
        #expect(entries.map { $0.currency?.code } == ["CHF", "CHF", "CHF"])
    }

    @Test func reportsKeepPendingEntriesAndSkipInformationOnlyOnes() throws {
        let parsed = try read("camt052-pending.xml")
        #expect(parsed.entries.map(\.status) == [.pending, .posted])
        #expect(parsed.skipped == [SkippedPart(.element(path: "Document/BkToCstmrAcctRpt/Rpt[1]/Ntry[2]", line: 34),
                                               "status INFO: information only, never booked")])
    }

    /// A batch whose three details carry amounts that add up becomes three entries, each keyed
    /// by the entry's id and its place (`BATCH-A/1`...; their `EndToEndId` is the payer's); details with no amounts, or amounts that do not add
    /// up, keep the entry whole with a warning; details with their own CdtDbtInd net out (-15 + 5).
    @Test func batchesSplitOnlyWhenTheirDetailsAddUp() throws {
        let parsed = try read("batch.xml")
        #expect(parsed.entries.map(\.amount.description) == ["-100.00", "-150.00", "-50.00", "75.00", "-90.00", "-15.00", "5.00"])
        #expect(parsed.entries.map(\.bankID) == ["BATCH-A/1", "BATCH-A/2", "BATCH-A/3", "BATCH-B", "BATCH-C", "NET-D/1", "NET-D/2"])
        #expect(parsed.warnings == [
            "line 82 (Document/BkToCstmrStmt/Stmt[1]/Ntry[2]): a batch of 2 transactions kept as one: not every transaction detail has an amount",
            "line 108 (Document/BkToCstmrStmt/Stmt[1]/Ntry[3]): a batch of 2 transactions kept as one: the details add up to -80.00, the entry says -90.00",
        ])
        #expect(parsed.entries[4].merchant == "Payroll Services Ltd")  // both details name the same creditor
    }

    /// `DtTm` with an offset or `Z` is that instant; with none it is Berlin time (CEST from 29
    /// March 02:00, so 10:00 is 08:00Z); milliseconds are kept; a value date stands in for a
    /// missing booking date.
    @Test func dateTimesWithAndWithoutOffsets() throws {
        let dates = try read("datetime.xml").entries.map(\.date.description)
        #expect(dates == ["2026-03-29T00:30:00Z", "2026-03-29T09:15:00Z", "2026-03-29T08:00:00Z", "2026-06-01T10:00:00.250Z",
                          "2026-06-02T03:30:00Z"])
    }

    /// The ultimate creditor (the shop behind a payment service) and the ultimate debtor win; a
    /// debit whose only party is the account holder as debtor falls back to the remittance text.
    @Test func ultimatePartiesWin() throws {
        let entries = try read("ultimate-parties.xml").entries
        #expect(entries.map(\.merchant) == ["Buchhandlung am Markt", "Schadenabteilung Nord", "Bargeldauszahlung GA 1234 Hauptbahnhof"])
        #expect(entries[2].notes == nil)
    }

    /// Any prefix; `Othr/Id` accounts; each `Stmt` its own account and default currency (an
    /// `Amt` with no `Ccy` takes the account's).
    @Test func prefixedNamespacesAndSeveralStatements() throws {
        let parsed = try read("prefixed.xml")
        #expect(parsed.accounts == ["****0123", "****0987"])
        #expect(parsed.entries.map { $0.currency?.code } == ["USD", "EUR", "EUR"])
        #expect(parsed.entries[1].location == .element(path: "Document/BkToCstmrStmt/Stmt[2]/Ntry[1]", line: 47))
    }

    @Test func notificationsWithAnOtherAccountID() throws {
        let parsed = try read("camt054.xml")
        #expect(parsed.accounts == ["****5678"])
        #expect(parsed.entries.map(\.merchant) == ["Ola Nordmann"])
    }

    @Test func somethingThatIsNotCamtCannotBeRead() {
        let message = "not a camt.052, camt.053 or camt.054 document: no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn element"
        #expect(throws: ImportIssue(.line(1), .malformed(message))) { try read(text: "<Document><CstmrCdtTrfInitn/></Document>") }
        #expect(throws: ImportIssue(.line(1), .malformed("no statement (Stmt, Rpt or Ntfctn) in the file"))) {
            try read(text: "<Document><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr></BkToCstmrStmt></Document>")
        }
    }

    @Test func aFileCutInsideAnEntryReportsItAndKeepsTheClosedOnes() throws {
        let text = "<Document><BkToCstmrStmt><Stmt><Acct><Ccy>EUR</Ccy></Acct>\n"
            + "<Ntry><Amt>1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-01-01</Dt></BookgDt><AddtlNtryInf>A</AddtlNtryInf></Ntry>\n"
            + "<Ntry><Amt>2.0"
        let parsed = try read(text: text)
        #expect(parsed.entries.map(\.merchant) == ["A"])
        #expect(parsed.issues == [ImportIssue(.element(path: "Document/BkToCstmrStmt/Stmt[1]/Ntry[2]", line: 3),
                                              .malformed("the file ends inside this entry (no </Ntry>)"))])
    }

    @Test func anAccountAndCurrencyNamedAfterTheEntriesStillApply() throws {
        let text = "<Document><BkToCstmrStmt><Stmt>"
            + "<Ntry><Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-01</Dt></BookgDt><AddtlNtryInf>A</AddtlNtryInf></Ntry>"
            + "<Acct><Id><IBAN>GB29NWBK60161331926819</IBAN></Id><Ccy>GBP</Ccy></Acct></Stmt></BkToCstmrStmt></Document>"
        let entry = try #require(try read(text: text).entries.first)
        #expect(entry.currency == .gbp)
        #expect(entry.account == "****6819")
    }
}
