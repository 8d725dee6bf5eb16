import Foundation
import Testing
import TransactionSearch

/// fsearch's facets (`--facets`, `--facet-limit`, `--disjunctive-facets`), the typo line, and
/// relative dates counted from `--today`.
@Suite struct FSearchSearchAidsTests {
    @Test func theTableSaysWhatATypoWasReadAsAndShowsTheFacetsBelow() throws {
        let output = try FSearchRunner.run(["starbuks", "--facets", "card,status", "--facet-limit", "2", "--limit", "1"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "showing results for starbucks (nothing matched 'starbuks' exactly)")
        let result = try FSearchTests.sampleStore().search(Query(text: "starbuks", limit: 1, facets: [FacetRequest(.card, limit: 2), FacetRequest(.status, limit: 2)]))
        let card = try #require(lines.firstIndex(of: "card"))
        let status = try #require(lines.firstIndex(of: "status"))
        #expect(card < status)
        let values = result.facets[0].values
        #expect(lines[card + 1].hasPrefix("  \(values[0].title) "))
        #expect(lines[card + 1].contains("\(values[0].count) transactions · "))
        #expect(lines[card + 1 ..< status].contains { $0.hasPrefix("  Other ") } == (result.facets[0].other != nil))
        #expect(lines[status + 1].hasPrefix("  Posted "))
    }

    @Test func theStreamedJSONHasFacetsAndCorrectionsAsTheEncoderWritesThem() throws {
        let store = try FSearchTests.sampleStore()
        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 10, day: 14))
        let cases: [([String], Query)] = [
            (["starbuks", "--facets", "category,merchant,card,account,month,status,payee", "--facet-limit", "2"],
             Query(text: "starbuks", facets: FacetField.allCases.map { FacetRequest($0, limit: 2) })),
            (["card:4242", "date:last-month", "--facets", "card,month", "--disjunctive-facets", "--today", "2026-10-14", "--limit", "3"],
             try Query(parsing: "card:4242 date:last-month", limit: 3, facets: [FacetRequest(.card, isDisjunctive: true), FacetRequest(.month, isDisjunctive: true)])),
            (["zzqxy", "--facets", "status"], Query(text: "zzqxy", facets: [FacetRequest(.status)])),
            (["--facets", "category", "--facet-limit", "0", "--limit", "0"], Query(limit: 0, facets: [FacetRequest(.category, limit: 0)])),
        ]
        for (arguments, query) in cases {
            let output = try FSearchRunner.run(arguments + ["--format", "json"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(FSearchOutputTests.blankElapsed(output.stdout) == (try FSearchOutputTests.encoded(store.search(query))), "\(arguments)")
        }
    }

    @Test func relativeDatesCountFromToday() throws {
        let store = try FSearchTests.sampleStore()
        store.clock = .fixed(day: try CalendarDay(year: 2026, month: 10, day: 14))
        for text in ["date:last-month", "date:this-year", "date>=last-30-days", "date:2026-01..last-week"] {
            let output = try FSearchRunner.run([text, "--today", "2026-10-14", "--format", "json", "--limit", "0"])
            #expect(output.status == 0, "\(output.stderr)")
            let total = try #require(try FSearchTests.json(output.stdout)["total"] as? [String: Any])
            #expect(total["count"] as? Int == store.search(try Query(parsing: text)).total.count, "\(text)")
        }
    }

    @Test(arguments: [
        (["--facets", "colour"], Int32(64), "--facets 'colour' is not one of category|merchant|card|account|month|status"),
        (["--facets", "card,card"], 64, "--facets names card twice"),
        (["--facet-limit", "3"], 64, "--facet-limit and --disjunctive-facets go with --facets"),
        (["--facets", "card", "--facet-limit", "-1"], 64, "--facet-limit needs a whole number"),
        (["--today", "2026-13-01"], 64, "--today '2026-13-01' is not a date"),
        (["date:tomorrow"], 64, "expected a date (2026-03, 2026-03-14) or today, yesterday"),
    ] as [([String], Int32, String)])
    func badOptionsSayWhatIsAllowed(arguments: [String], status: Int32, message: String) throws {
        let output = try FSearchRunner.run(arguments)
        #expect(output.status == status, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }
}
