import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// `previewImport` shows the file's first records as they would be stored, each marked new,
/// already present or replacing a pending row, whatever the store already holds.
@Suite struct ImportPreviewTests {
    static let header = "Date,Status,Payee,Amount,Currency,Transaction ID,Pending Transaction ID\n"
    /// Last week's export: a posted row and a pending one.
    static let earlier = header + """
        2023-04-10,Posted,Bakery,-4.20,EUR,T1,
        2023-04-12,Pending,Uber Eats,-20.00,EUR,P1,

        """
    /// This week's: the same posted row, the pending one posted with a tip, an amount that is
    /// no number, and two new rows.
    static let later = header + """
        2023-04-10,Posted,Bakery,-4.20,EUR,T1,
        2023-04-13,Posted,Uber Eats,-23.50,EUR,T2,P1
        2023-04-14,Posted,Lamp Shop,1.2.3,EUR,T5,
        2023-04-14,Posted,Cinema,-12.00,EUR,T3,
        2023-04-15,Posted,Book Shop,-9.90,EUR,T4,

        """

    @Test func firstRowsAreTheFilesRecordsMarkedWithWhatTheImportWouldDo() throws {
        let store = TransactionStore()
        try store.importStatement(from: Array(Self.earlier.utf8))
        let ids = Dictionary(uniqueKeysWithValues: store.transactions().map { ($0.merchant, $0.id) })
        let preview = try store.previewImport(of: Array(Self.later.utf8))
        #expect(preview.records == 4, "the refused record is not counted")
        #expect(preview.additions == 2)
        #expect(preview.report.alreadyPresent == 1)
        #expect(preview.report.replacedPendingIDs == [ids["Uber Eats"]!])
        #expect(preview.problems.map(\.location) == [.line(4)])
        // The refused record (line 4) is left out; the others come in file order.
        #expect(preview.firstRows.map(\.location) == [.line(2), .line(3), .line(5), .line(6)])
        #expect(preview.firstRows.map(\.outcome) == [.alreadyPresent, .replacesPending(id: ids["Uber Eats"]!), .new, .new])
        let rows = preview.firstRows.map(\.transaction)
        #expect(rows[0] == store.transactions().first { $0.id == ids["Bakery"] })
        #expect(rows[1].id == ids["Uber Eats"] && rows[1].amount.decimalText == "-23.50" && rows[1].status == .posted)
        #expect(rows[1].date.description == "2023-04-13")
        #expect(rows[2].id.isEmpty && rows[2].merchant == "Cinema" && rows[2].amount.decimalText == "-12.00")
        #expect(rows[3].merchant == "Book Shop")
        #expect(rows.allSatisfy { $0.importKey != nil })
        // A smaller count cuts the list; the store is unchanged.
        #expect(try store.previewImport(of: Array(Self.later.utf8), firstRows: 1).firstRows.map(\.outcome) == [.alreadyPresent])
        #expect(store.count == 2)
    }

    @Test func aFileAlreadyInTheStoreStillShowsItsRows() throws {
        let store = TransactionStore()
        let bytes = try TestFiles.fixture("statements/bank-csv/sparkasse-de.csv")
        try store.importStatement(from: bytes)
        let preview = try store.previewImport(of: bytes)
        #expect(preview.additions == 0)
        #expect(preview.firstRows.count == 5)
        #expect(preview.firstRows.allSatisfy { $0.outcome == .alreadyPresent && !$0.transaction.id.isEmpty })
        #expect(preview.firstRows.map(\.transaction.merchant).first == "Bäckerei Müller")
    }
}
