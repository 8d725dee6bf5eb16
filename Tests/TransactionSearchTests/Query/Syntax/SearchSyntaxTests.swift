import Foundation
import Testing
@testable import TransactionSearch

/// The search box syntax, case by case: each input and the text and terms it must give, or the
/// error and its position.
@Suite struct SearchSyntaxTests {
    static func day(_ text: String) -> CalendarDay {
        guard case .day(let day)? = ParsedDate.parse(text) else { fatalError("bad test day \(text)") }
        return day
    }

    static func amount(_ text: String) -> DecimalAmount { TermFolding.number(Array(text.utf8))! }

    static func term(_ condition: SearchTerm.Condition, excluded: Bool = false) -> SearchTerm {
        SearchTerm(condition, isExcluded: excluded)
    }

    static let cases: [(name: String, input: String, text: String, terms: [SearchTerm])] = [
        ("plain words", "star  coffee", "star coffee", []),
        ("empty", "   ", "", []),
        ("a phrase keeps its space", "\"café de\" x", "x", [term(.text("café de", field: .all))]),
        ("an unclosed quote runs to the end", "a \"two words", "a", [term(.text("two words", field: .all))]),
        ("an escaped quote in a phrase", #""say \"hi\"""#, "", [term(.text("say \"hi\"", field: .all))]),
        ("an empty phrase is nothing", "\"\" a", "a", []),
        ("merchant field", "merchant:star", "", [term(.text("star", field: .merchant))]),
        ("field names ignore case", "MERCHANT:Star Category:food", "",
         [term(.text("Star", field: .merchant)), term(.text("food", field: .category))]),
        ("a quoted field value", "notes:\"with team\"", "", [term(.text("with team", field: .notes))]),
        ("card by last four", "card:4242", "", [term(.text("4242", field: .card))]),
        ("card by masked title", "card:****4242", "", [term(.text("****4242", field: .card))]),
        ("account", "account:Main", "", [term(.text("Main", field: .account))]),
        ("status", "status:PENDING", "", [term(.status(.pending))]),
        ("amount as typed", "amount:12.5", "", [term(.text("12.5", field: .amount))]),
        ("amount with a comma", "amount:12,50", "", [term(.text("12,50", field: .amount))]),
        ("a quoted amount", "amount:\"19\"", "", [term(.text("19", field: .amount))]),
        ("amount above", "amount>50", "", [term(.magnitude(MagnitudeRange(lower: amount("50"), lowerInclusive: false)))]),
        ("amount at least", "amount>=50", "", [term(.magnitude(MagnitudeRange(lower: amount("50"))))]),
        ("amount at most includes its end", "amount<=20", "", [term(.magnitude(MagnitudeRange(upper: amount("20"))))]),
        ("amount below", "amount<20", "", [term(.magnitude(MagnitudeRange(upper: amount("20"), upperInclusive: false)))]),
        ("amount range", "amount:10..20", "", [term(.magnitude(MagnitudeRange(lower: amount("10"), upper: amount("20"))))]),
        ("open amount range", "amount:10..", "", [term(.magnitude(MagnitudeRange(lower: amount("10"))))]),
        ("equal ends", "amount:5..5.00", "", [term(.magnitude(MagnitudeRange(lower: amount("5"), upper: amount("5.00"))))]),
        ("a year", "date:2026", "", [term(.dates(from: day("2026-01-01"), to: day("2026-12-31")))]),
        ("a month", "date:2026-03", "", [term(.dates(from: day("2026-03-01"), to: day("2026-03-31")))]),
        ("a day", "date:2026-03-14", "", [term(.dates(from: day("2026-03-14"), to: day("2026-03-14")))]),
        ("from a day", "date>=2026-01-01", "", [term(.dates(from: day("2026-01-01"), to: nil))]),
        ("after a day", "date>2026-01-31", "", [term(.dates(from: day("2026-02-01"), to: nil))]),
        ("before a month", "date<2026-03", "", [term(.dates(from: nil, to: day("2026-02-28")))]),
        ("to the end of a month", "date<=2024-02", "", [term(.dates(from: nil, to: day("2024-02-29")))]),
        ("a range of months", "date:2026-01..2026-03", "", [term(.dates(from: day("2026-01-01"), to: day("2026-03-31")))]),
        ("exclude a word", "coffee -uber", "coffee", [term(.text("uber", field: .all), excluded: true)]),
        ("exclude a field term", "-card:4242", "", [term(.text("4242", field: .card), excluded: true)]),
        ("exclude a phrase", "-\"uber eats\"", "", [term(.text("uber eats", field: .all), excluded: true)]),
        ("-12.5 excludes amounts, not a negative amount", "-12.5", "", [term(.text("12.5", field: .all), excluded: true)]),
        ("exclude a date", "-date:2026-03", "", [term(.dates(from: day("2026-03-01"), to: day("2026-03-31")), excluded: true)]),
        ("a lone dash is text", "a - b", "a - b", []),
        ("an unknown field is text", "12:30 foo:bar", "12:30 foo:bar", []),
        ("a quoted field is a phrase", "\"merchant:x\"", "", [term(.text("merchant:x", field: .all))]),
        ("= reads as :", "merchant=star", "", [term(.text("star", field: .merchant))]),
        ("everything at once", "amount>100 category:travel -uber coffee", "coffee", [
            term(.magnitude(MagnitudeRange(lower: amount("100"), lowerInclusive: false))),
            term(.text("travel", field: .category)), term(.text("uber", field: .all), excluded: true),
        ]),
    ]

    @Test(arguments: cases.indices)
    func eachFormParsesToItsTerms(index: Int) throws {
        let (name, input, text, terms) = SearchSyntaxTests.cases[index]
        let parsed = try SearchSyntax.parse(input)
        #expect(parsed == ParsedSearch(text: text, terms: terms), "\(name): \(input)")
    }

    static let errors: [(input: String, position: Int, expected: String)] = [
        ("amount>abc", 8, "an amount such as 50 or 12.5"),
        ("coffee date:2026-13", 18, "a month from 01 to 12"),
        ("date:0000", 6, "a year from 0001 to 9999"),
        ("date:2026-02-30", 14, "a day that exists in 2026-02"),  // the day part
        ("amount:20..10", 8, "the smaller amount first"),
        ("date:2026-03..2026-01", 6, "the earlier date first"),
        ("merchant:", 10, "a value after 'merchant:'"),
        ("status:", 8, "a value after 'status:'"),
        ("amount>-5", 8, "an amount without a sign"),
        ("amount:+5", 8, "an amount without a sign"),
        ("merchant>x", 9, "':' after merchant"),
        ("status:done", 8, "pending or posted"),
        ("amount:10..x", 12, "an amount such as 50 or 12.5"),
        ("amount>10..20", 8, "one amount after '>'"),
        ("date:03-2026", 6, "a month (2026-03) or a day (2026-03-14)"),
        ("-amount>abc", 9, "an amount such as"),
        ("AMOUNT:..", 8, "an amount such as"),
    ]

    @Test(arguments: errors.indices)
    func aKnownFieldWithABadValueIsAnErrorAtItsPosition(index: Int) {
        let (input, position, expected) = SearchSyntaxTests.errors[index]
        do {
            let parsed = try SearchSyntax.parse(input)
            Issue.record("\(input) parsed as \(parsed)")
        } catch {
            #expect(error.position == position, "\(input): \(error)")
            #expect(error.expected.contains(expected), "\(input): \(error)")
            #expect(error.description.hasPrefix("at character \(position) ('"), "\(error)")
        }
    }

    @Test func theLenientParseKeepsTheValidPartAndReportsTheRest() {
        let parsed = SearchSyntax.parseLeniently("coffee amount> date:2026-03 merchant>x -uber")
        #expect(parsed.text == "coffee")
        #expect(parsed.terms == [
            SearchSyntaxTests.term(.dates(from: SearchSyntaxTests.day("2026-03-01"), to: SearchSyntaxTests.day("2026-03-31"))),
            SearchSyntaxTests.term(.text("uber", field: .all), excluded: true),
        ])
        #expect(parsed.problems.map(\.position) == [15, 37])
        #expect(parsed.problems.map(\.term) == ["amount>", "merchant>x"])
    }

    @Test func aQueryAndItsParsedFormSurviveJSON() throws {
        let parsed = SearchSyntax.parseLeniently("star \"café de\" amount:10..20 date>2026-01 -card:4242 status:pending amount>")
        let decodedParse = try JSONDecoder().decode(ParsedSearch.self, from: JSONEncoder().encode(parsed))
        #expect(decodedParse == parsed)
        var query = parsed.applied(to: Query(grouping: .month, sort: .amountDescending, limit: 10))
        query.filters.cards = ["4242", nil]
        let decodedQuery = try JSONDecoder().decode(Query.self, from: JSONEncoder().encode(query))
        #expect(decodedQuery == query)
    }

    @Test func aQueryPrintsAndParsesBack() throws {
        let query = try Query(parsing: "coffee \"a b\" -uber amount>=5 date:2026-03 merchant:\"x y\" card:****4242", grouping: .day)
        #expect(query.grouping == .day)
        #expect(query.searchText == "coffee \"a b\" -uber amount>=5 date:2026-03 merchant:\"x y\" card:****4242")
        #expect(try Query(parsing: query.searchText, grouping: .day) == query)
    }
}

/// Exclusions are answered as a set difference on the index, not by testing every row.
@Suite struct ExclusionPlanTests {
    @Test(arguments: ["-uber", "-merchant:uber", "-date:2026-03", "-uber -date:2026-03-07", "-card:4242"])
    func anExclusionSubtractsRowsFoundThroughTheIndex(search: String) throws {
        let store = TransactionStore()
        var world = RandomWorld(seed: 5)
        try store.add(contentsOf: (0..<300).map { _ in world.draft(id: nil) })
        let query = try Query(parsing: search, grouping: .day)
        #expect(store.explainPlan(query).hasPrefix("subtract"), "\(search): \(store.explainPlan(query))")
        let everything = store.search(Query(grouping: .day, limit: 0)).total.count
        let excluded = store.search(try Query(parsing: String(search.dropFirst()), limit: 0)).total.count
        if !search.contains(" ") { #expect(store.search(query).total.count == everything - excluded) }
    }
}
