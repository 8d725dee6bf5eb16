import Foundation
import Testing
import TransactionSearch

/// `fsearch recurring`, `report` and `summary` on the bundled sample: formats, figures equal
/// to the library's, clear refusals.
@Suite struct FSearchInsightsTests {
    @Test func reportCSVIsTheLibrarysReport() throws {
        let output = try FSearchRunner.run(["report", "--period", "year", "--by", "account", "--kind", "all", "--format", "csv"],
                                           in: URL(fileURLWithPath: "/"))
        #expect(output.status == 0, "\(output.stderr)")
        let report = try FSearchTests.sampleStore().report(ReportRequest(period: .year, dimension: .account, kind: nil))
        var expected = "period,group,count,currency,sum\n"
        for cell in report.cells {
            for amount in cell.amounts {
                expected += "\(cell.period.text!),\(cell.group!.title),\(amount.count),\(amount.sum.currency.code),\(amount.sum.decimalText)\n"
            }
        }
        #expect(output.stdout == expected)
    }

    @Test func tablesJSONAndSummary() throws {
        let root = URL(fileURLWithPath: "/")
        let table = try FSearchRunner.run(["report", "--from", "2026-01-01"], in: root)
        #expect(table.status == 0 && table.stdout.contains("█") && !table.stdout.contains("\u{1B}["), "\(table.stderr)")
        let json = try FSearchRunner.run(["report", "--by", "payee", "--period", "week", "--format", "json"], in: root)
        let object = try FSearchTests.json(json.stdout)
        #expect(object["period"] as? String == "week" && (object["cells"] as? [Any])?.isEmpty == false)
        let summary = try FSearchRunner.run(["summary", "--format", "csv"], in: root)
        let store = try FSearchTests.sampleStore()
        #expect(summary.stdout.split(separator: "\n").first == "month,currency,income,spending,net")
        #expect(summary.stdout.split(separator: "\n").count == store.summary().months.count + 1)
        let recurring = try FSearchRunner.run(["recurring", "--format", "json"], in: root)
        let series = try FSearchTests.json(recurring.stdout)["series"]
        #expect(recurring.status == 0 && series is [Any])
    }

    @Test func badValuesAreUsageErrors() throws {
        let root = URL(fileURLWithPath: "/")
        let period = try FSearchRunner.run(["report", "--period", "fortnight"], in: root)
        #expect(period.status == 64 && period.stderr.contains("week|month|year"))
        let typo = try FSearchRunner.run(["reprot"], in: root)
        #expect(typo.status == 64 && typo.stderr.contains("did you mean report"))
    }
}
