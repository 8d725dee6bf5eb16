import Foundation
import Testing
import TransactionSearch

/// Grouped results show every group's count and total, also the groups whose rows are not on
/// the page; the month facet lists months in date order.
@Suite struct FSearchGroupSummaryTests {
    @Test func everyGroupsTotalIsShownWhenTheRowsArePaged() throws {
        let output = try FSearchRunner.run(["--group", "category", "--limit", "14"], environment: ["COLUMNS": "200"])
        #expect(output.status == 0, "\(output.stderr)")
        let expected = try FSearchTests.sampleStore().search(Query(grouping: .category, limit: 14))
        #expect(expected.groups.count > 3, "the page must leave groups out")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "\(expected.groups.count) groups"), "\(output.stdout)")
        for (offset, group) in expected.groups.enumerated() {
            let line = lines[heading + 1 + offset]
            let count = group.count == 1 ? "1 transaction" : "\(group.count) transactions"
            #expect(line.hasPrefix("  \(group.title) ") && line.hasSuffix("  \(count) · \(group.sums.amountsText)"), "\(line)")
        }
    }

    @Test func aPageWithEveryRowNeedsNoSummaryAndLimitZeroIsTheSummary() throws {
        let all = try FSearchRunner.run(["starbucks reserve", "--group", "category", "--limit", "1000"])
        #expect(!all.stdout.contains(" groups\n") && !all.stdout.contains("1 group\n"), "\(all.stdout)")
        let none = try FSearchRunner.run(["--group", "month", "--limit", "0"], environment: ["COLUMNS": "200"])
        let expected = try FSearchTests.sampleStore().search(Query(grouping: .month, limit: 0))
        #expect(none.stdout.contains("\(expected.groups.count) groups\n  \(expected.groups[0].title)  "), "\(none.stdout)")
    }

    @Test func theMonthFacetIsInDateOrder() throws {
        for (arguments, newestFirst) in [([String](), true), (["--sort", "date-asc"], false)] {
            let output = try FSearchRunner.run(["--facets", "month", "--facet-limit", "6", "--limit", "1"] + arguments)
            let lines = output.stdout.split(separator: "\n").map(String.init)
            let start = try #require(lines.firstIndex(of: "month"))
            let months = lines[(start + 1)...].prefix { !$0.hasPrefix("  Other") }.map { line in
                line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            }
            #expect(months.count == 6, "\(output.stdout)")
            let keys = try months.map { title -> Int in
                let parts = title.split(separator: " ")
                let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
                return try #require(Int(parts[1])) * 12 + (try #require(names.firstIndex(of: String(parts[0]))))
            }
            #expect(keys == (newestFirst ? keys.sorted(by: >) : keys.sorted()), "\(months)")
        }
    }
}
