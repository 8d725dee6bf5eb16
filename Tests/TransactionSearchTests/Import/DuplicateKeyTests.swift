import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A JSON object that names a field twice is refused, naming the field and the record: keeping
/// the last value silently could turn -1.00 into -999.00.
@Suite struct DuplicateKeyTests {
    @Test(arguments: [
        (#"[{"date":"2026-03-14","merchant":"A","amount":"-1.00"},{"date":"2026-03-14","merchant":"B","amount":"-1.00","amount":"-999.00"}]"#,
         ImportIssue(.index(1), field: .amount, .duplicateKey("amount"))),
        (#"{"date":"2026-03-14","merchant":"A","Amount":"-1.00","amount":"-999.00"}"# + "\n",
         ImportIssue(.line(1), field: .amount, .duplicateKey("amount"))),
        ("\n" + #"{"date":"2026-03-14","MERCHANT":"A","merchant":"B","amount":"-1"}"#,
         ImportIssue(.line(2), field: .merchant, .duplicateKey("merchant"))),
    ])
    func aFieldNamedTwiceIsAnError(json: String, expected: ImportIssue) {
        let store = TransactionStore()
        do throws(ImportError) {
            try store.importTransactions(from: json, format: .json)
            Issue.record("imported \(json)")
        } catch {
            #expect(error.issues == [expected])
        }
        #expect(store.count == 0)
        #expect(expected.description.hasSuffix(": the key \(expected.field!.rawValue) appears twice"), "\(expected)")
    }

    @Test func anUnknownKeyTwiceIsStillOnlyAWarning() throws {
        let report = try TransactionStore().importTransactions(
            from: #"[{"date":"2026-03-14","merchant":"A","amount":"-1","x":1,"x":2}]"#, format: .json)
        #expect(report.addedIDs.count == 1)
        #expect(report.warnings == [#"index 0: unknown key "x" ignored"#])
    }
}
