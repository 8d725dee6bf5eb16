import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

@Suite struct ImportTests {
    /// Every bad fixture, with the exact problems it must report.
    static let badFixtures: [(file: String, issues: [ImportIssue])] = [
        ("bad-date.csv", [ImportIssue(.line(3), field: .date, .invalid(.invalidDate("2026-02-30")))]),
        ("bad-amount.csv", [
            ImportIssue(.line(3), .tooManyFields(expected: 5, found: 6)),
            ImportIssue(.line(4), field: .amount, .invalid(.invalidAmount("twelve"))),
        ]),
        ("too-many-fraction-digits.csv", [
            ImportIssue(.line(3), field: .amount, .invalid(.tooManyFractionDigits(amount: "-12.345", currency: "EUR", allowed: 2))),
        ]),
        ("blank-merchant.csv", [ImportIssue(.line(3), field: .merchant, .invalid(.blank))]),
        ("unterminated-quote.csv", [ImportIssue(.line(3), .unterminatedQuote)]),
        ("missing-column.csv", [ImportIssue(.line(1), .missingColumn("amount"))]),
        ("duplicate-id.csv", [ImportIssue(.line(4), field: .id, .invalid(.duplicateID("b1")))]),
        ("subcategory-without-category.csv", [ImportIssue(.line(3), field: .subcategory, .invalid(.subcategoryWithoutCategory))]),
        ("bad-currency.csv", [ImportIssue(.line(2), field: .currency, .invalid(.invalidCurrency("EURO")))]),
        ("bad-status.csv", [ImportIssue(.line(2), field: .status, .invalid(.invalidStatus("cleared")))]),
        ("too-many-fraction-digits.json", [
            ImportIssue(.index(1), field: .amount, .invalid(.tooManyFractionDigits(amount: "-12.345", currency: "EUR", allowed: 2))),
        ]),
        ("malformed-line.jsonl", [ImportIssue(.line(2), .invalidJSON("expected a string key at line 2, column 74"))]),
    ]

    @Test(arguments: badFixtures.indices)
    func eachBadFixtureReportsItsExactErrorAndAddsNothing(index: Int) throws {
        let (file, expected) = ImportTests.badFixtures[index]
        let store = TransactionStore()
        try store.add(.sample("existing"))
        let before = StoreFingerprint(store)
        let format = InterchangeFormat(pathExtension: file)!
        let bytes = try TestFiles.fixture("bad/" + file)
        do throws(ImportError) {
            try store.importTransactions(from: bytes, format: format)
            Issue.record("\(file) imported without an error")
        } catch {
            #expect(error.issues == expected, "\(file)")
        }
        #expect(StoreFingerprint(store) == before)
    }

    @Test func skippingBadRowsAddsTheGoodOnesAndReportsEverySkippedRow() throws {
        let store = TransactionStore()
        let report = try store.importTransactions(from: try TestFiles.fixture("bad/bad-amount.csv"), format: .csv, skippingInvalid: true)
        #expect(report.addedIDs == ["b1"])
        #expect(report.skipped.map(\.location) == [.line(3), .line(4)])
        let json = try store.importTransactions(from: try TestFiles.fixture("bad/malformed-line.jsonl"), format: .json, skippingInvalid: true)
        #expect(json.addedIDs == ["j1"])
        #expect(json.skipped.count == 1)
    }

    @Test func everyFieldHasItsOwnPlaceInAFieldTable() {
        #expect(TransactionField.allCases.map(\.position) == Array(TransactionField.allCases.indices))
        var table = FieldTable<Int>()
        for field in TransactionField.allCases { table[field] = field.rawValue.count }
        #expect(TransactionField.allCases.allSatisfy { table[$0] == $0.rawValue.count })
    }

    @Test func headerIsCaseInsensitiveInAnyOrderAndUnknownColumnsWarn() throws {
        let store = TransactionStore()
        let csv = "Amount,MERCHANT,Extra,date\n-4.10,Starbucks,zzz,2026-03-14\n"
        let report = try store.importTransactions(from: csv, format: .csv)
        #expect(report.warnings == ["line 1: unknown column \"Extra\" ignored"])
        let stored = try #require(store.transaction(id: report.addedIDs[0]))
        #expect(stored.merchant == "Starbucks" && stored.amount == Money(minorUnits: -410, currency: .eur))
    }

    @Test func readsJSONArraysAndJSONLines() throws {
        let array = #"[{"date": "2026-03-14T09:30:00Z", "merchant": "Café", "amount": -4.1, "currency": "usd", "status": "PENDING", "notes": null}]"#
        let lines = "{\"date\": \"2026-03-14\", \"merchant\": \"A\", \"amount\": \"1\"}\n\n{\"date\": \"2026-03-15\", \"merchant\": \"B\", \"amount\": 2}\n"
        let store = TransactionStore()
        let first = try store.importTransactions(from: array, format: .json)
        let transaction = try #require(store.transaction(id: first.addedIDs[0]))
        #expect(transaction.amount == Money(minorUnits: -410, currency: .usd))
        #expect(transaction.status == .pending)
        #expect(try store.importTransactions(from: lines, format: .json).addedIDs.count == 2)
        #expect(throws: ImportError.self) {
            try store.importTransactions(from: #"[{"date": "2026-03-14", "merchant": 5, "amount": 1}]"#, format: .json)
        }
    }

    @Test func bothRealDataSetsImportWithNoError() throws {
        let store = TransactionStore(baseCurrency: .usd)
        let report = try store.importTransactions(from: try TestFiles.resource("plaid.csv"), format: .csv)
        #expect(report.addedIDs.count == 636)
        #expect(report.skipped.isEmpty && report.warnings.isEmpty)
        #expect(store.transactions().contains { $0.merchant.contains("Entergy¬†Services") })
        store.checkInvariants()
    }

    @Test func importThenExportThenImportGivesIdenticalTransactions() throws {
        for format in InterchangeFormat.allCases {
            for lines in [false, true] where format == .json || !lines {
                let first = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!)
                try first.importTransactions(from: try TestFiles.sample(), format: .csv)
                let exported = first.export(as: format, jsonLines: lines)
                let second = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!)
                try second.importTransactions(from: exported, format: format)
                #expect(second.transactions(in: .dateAscending) == first.transactions(in: .dateAscending))
                #expect(second.export(as: format, jsonLines: lines) == exported)
            }
        }
    }

    @Test func sampleHasWhatTheIssueAsksFor() throws {
        let store = TransactionStore()
        try store.importTransactions(from: try TestFiles.sample(), format: .csv)
        let all = store.transactions()
        #expect((1800...2200).contains(all.count))
        #expect(Set(all.map(\.amount.currency.code)).isSuperset(of: ["EUR", "USD", "GBP", "JPY"]))
        #expect(Set(all.compactMap(\.card)).count >= 4)
        #expect(Set(all.compactMap(\.account)).count >= 3)
        #expect(all.contains { $0.status == .pending })
        #expect(all.contains { $0.notes != nil })
        for name in ["Café de Flore", "Пятёрочка", "東京ラーメン"] {
            #expect(all.contains { $0.merchant == name }, "\(name)")
        }
    }
}
