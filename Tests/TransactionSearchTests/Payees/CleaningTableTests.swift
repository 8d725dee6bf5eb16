@testable import TransactionSearch
import Testing

/// The descriptor table: every row cleans to its expected payee and processor.
@Suite struct CleaningTableTests {
    let cleaner = PayeeCleaner()

    @Test func everyTableDescriptorCleansToItsExpectedPayeeAndProcessor() {
        var failures: [String] = []
        for row in PayeeTable.rows {
            let result = cleaner.clean(row.descriptor)
            if result.payee != row.payee || result.processor != row.processor {
                failures.append(
                    "line \(row.line): \(row.descriptor.debugDescription) -> \(result.payee.debugDescription)"
                        + " [\(result.processor ?? "-")], expected \(row.payee.debugDescription) [\(row.processor ?? "-")]")
            }
        }
        for failure in failures { print("FAIL", failure) }
        #expect(failures.isEmpty, "\(failures.count) of \(PayeeTable.rows.count) rows failed")
    }

    @Test func tableHasAtLeast300RowsAnd50NamesThatStay() {
        #expect(PayeeTable.rows.count >= 300)
        #expect(PayeeTable.rows.filter { $0.section.hasPrefix("--- Names that must stay") }.count >= 50)
        let scripts = PayeeTable.rows.filter { $0.descriptor.unicodeScalars.contains { $0.value > 0x36F } }
        #expect(scripts.count >= 15)
    }

    @Test func cleaningATableRowsOwnPayeeAgainGivesTheSamePayee() {
        var failures: [String] = []
        for row in PayeeTable.rows {
            let once = cleaner.clean(row.descriptor).payee
            let twice = cleaner.clean(once).payee
            if once != twice { failures.append("line \(row.line): \(once.debugDescription) -> \(twice.debugDescription)") }
        }
        for failure in failures { print("NOT IDEMPOTENT", failure) }
        #expect(failures.isEmpty)
    }

    @Test func explainGivesTheSameResultAsCleanForEveryTableRow() {
        for row in PayeeTable.rows {
            #expect(cleaner.explain(row.descriptor).result == cleaner.clean(row.descriptor), "\(row.descriptor)")
        }
    }
}
