import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The boolean search box (docs/SPEC.md section 11), case by case: precedence, parentheses
/// attached to values, exclusions of groups, `amount~`, years; errors with their positions;
/// the lenient parse; and printing and parsing random typed strings back.
@Suite struct BooleanSyntaxTests {
    static func word(_ text: String) -> SearchTerm { SearchTerm(.word(text)) }
    static func clause(_ terms: SearchTerm...) -> SearchClause { SearchClause(terms) }
    static func day(_ text: String) -> CalendarDay { SearchSyntaxTests.day(text) }
    static func amount(_ text: String) -> DecimalAmount { SearchSyntaxTests.amount(text) }
    static let uber = SearchTerm(.text("uber", field: .merchant))
    static let belowFive = SearchTerm(.magnitude(MagnitudeRange(upper: amount("5"), upperInclusive: false)))

    static let cases: [(name: String, input: String, text: String, terms: [SearchTerm])] = [
        ("OR between words", "uncle OR chichipotle", "", [.anyOf([clause(word("uncle")), clause(word("chichipotle"))])]),
        ("AND binds tighter than OR", "a b OR c", "", [.anyOf([clause(word("a"), word("b")), clause(word("c"))])]),
        ("AND binds tighter on the right too", "a OR b c", "", [.anyOf([clause(word("a")), clause(word("b"), word("c"))])]),
        ("a lower-case or is a word", "a or b", "a or b", []),
        ("a group and a word", "(a OR b) c", "c", [.anyOf([clause(word("a")), clause(word("b"))])]),
        ("parentheses around one clause are the clause", "(merchant:uber amount<5)", "", [uber, belowFive]),
        ("attached parentheses around a clause of an OR", "(merchant:uber amount<5) OR notes:taxi", "",
         [.anyOf([clause(uber, belowFive), clause(SearchTerm(.text("taxi", field: .notes)))])]),
        ("an excluded group", "merchant:uber -(notes:work OR category:travel)", "",
         [uber, .anyOf([clause(SearchTerm(.text("work", field: .notes))), clause(SearchTerm(.text("travel", field: .category)))], isExcluded: true)]),
        ("the SPEC's example", "(starbucks OR costa) -date:2026-03", "",
         [.anyOf([clause(word("starbucks")), clause(word("costa"))]),
          SearchTerm(.dates(from: day("2026-03-01"), to: day("2026-03-31")), isExcluded: true)]),
        ("nested alternatives are one list", "a OR (b OR c)", "", [.anyOf([clause(word("a")), clause(word("b")), clause(word("c"))])]),
        ("double parentheses", "((a))", "a", []),
        ("excluded clause of two", "-(a b)", "", [.anyOf([clause(word("a"), word("b"))], isExcluded: true)]),
        ("a group whose first word starts with a combining mark", "( \u{301}x OR y)", "",
         [.anyOf([clause(word("\u{301}x")), clause(word("y"))])]),
        ("an excluded group right inside another", "-(-(a b) c)", "",
         [.anyOf([clause(.anyOf([clause(word("a"), word("b"))], isExcluded: true), word("c"))], isExcluded: true)]),
        ("a group in a clause", "x (a OR b) OR y", "", [.anyOf([clause(word("x"), .anyOf([clause(word("a")), clause(word("b"))])), clause(word("y"))])]),
        ("a quoted parenthesis is text", "\"(a)\"", "", [SearchTerm(.text("(a)", field: .all))]),
        ("a quoted OR is text", "\"OR\"", "", [SearchTerm(.text("OR", field: .all))]),
        ("a parenthesis inside a word is text", "a(b", "a(b", []),
        ("an excluded word inside a group", "(a -b OR c)", "", [.anyOf([clause(word("a"), SearchTerm(.text("b", field: .all), isExcluded: true)), clause(word("c"))])]),
        ("amount near, 5%", "amount~42", "", [SearchTerm(.amountNear(amount("42"), tolerance: nil))]),
        ("amount near, within", "amount~42±3", "", [SearchTerm(.amountNear(amount("42"), tolerance: amount("3")))]),
        ("amount near, ASCII", "amount~42+-3.5", "", [SearchTerm(.amountNear(amount("42"), tolerance: amount("3.5")))]),
        ("amount near excluded", "-amount~12,5", "", [SearchTerm(.amountNear(amount("12.5"), tolerance: nil), isExcluded: true)]),
        ("a range of years", "date:2025..2026", "", [SearchTerm(.dates(from: day("2025-01-01"), to: day("2026-12-31")))]),
        ("after a year", "date>2025", "", [SearchTerm(.dates(from: day("2026-01-01"), to: nil))]),
        ("OR of relative dates", "date:today OR date:yesterday", "",
         [.anyOf([clause(SearchTerm(.relativeDates(from: .period(.today), to: .period(.today)))),
                  clause(SearchTerm(.relativeDates(from: .period(.yesterday), to: .period(.yesterday))))])]),
    ]

    @Test(arguments: cases.indices)
    func eachFormParsesToItsTerms(index: Int) throws {
        let (name, input, text, terms) = BooleanSyntaxTests.cases[index]
        let parsed = try SearchSyntax.parse(input)
        #expect(parsed == ParsedSearch(text: text, terms: terms), "\(name): \(input)")
        // And prints back to a text that parses the same.
        let printed = parsed.applied(to: Query()).description
        #expect(try SearchSyntax.parse(printed) == parsed, "\(name): \(input) printed as \(printed)")
    }

    static let errors: [(input: String, position: Int, expected: String)] = [
        ("OR a", 1, "a term before OR"),
        ("a OR", 3, "a term after OR"),
        ("a OR OR b", 6, "a term before OR"),
        ("a (OR b)", 4, "OR after '('"),
        ("(a OR b", 1, "')' to close the group"),
        ("x ((a) b", 3, "')' to close the group"),
        ("a)", 2, "a '(' before this ')'"),
        ("a b))", 4, "a '(' before this ')'"),
        ("()", 1, "a term inside the parentheses"),
        ("x -()", 4, "a term inside the parentheses"),
        ("(amount>abc OR a)", 9, "an amount such as"),
        ("merchant~x", 9, "':' after merchant"),
        ("date~2026", 5, "':' after date"),
        ("amount~", 8, "a value after 'amount~'"),
        ("amount~42±", 11, "how far from 42"),
        ("amount~42+-", 12, "how far from 42"),
        ("amount~42±x", 11, "an amount such as"),
        ("amount~10..20", 8, "one amount after '~'"),
        ("amount~-5", 8, "without a sign"),
        ("date:10000", 6, "a year (2026), a month (2026-03) or a day"),
    ]

    @Test(arguments: errors.indices)
    func eachMistakeIsAnErrorAtItsPosition(index: Int) {
        let (input, position, expected) = BooleanSyntaxTests.errors[index]
        do {
            let parsed = try SearchSyntax.parse(input)
            Issue.record("\(input) parsed as \(parsed)")
        } catch {
            #expect(error.position == position, "\(input): \(error)")
            #expect(error.expected.contains(expected), "\(input): \(error)")
        }
    }

    static let lenient: [(input: String, text: String, terms: [SearchTerm], positions: [Int])] = [
        ("a OR amount>abc", "a", [], [13]),  // the broken alternative is left out, not everything
        ("(a OR b", "", [.anyOf([clause(word("a")), clause(word("b"))])], [1]),
        ("coffee OR", "coffee", [], [8]),
        ("OR coffee", "coffee", [], [1]),
        ("x) y", "x y", [], [2]),
        ("a OR () b", "", [.anyOf([clause(word("a")), clause(word("b"))])], [6]),
        ("-(amount>) star", "star", [], [10]),
        ("(a OR amount>) OR b", "", [.anyOf([clause(word("a")), clause(word("b"))])], [14]),
        ("uber OR merchant>x OR lyft", "", [.anyOf([clause(word("uber")), clause(word("lyft"))])], [17]),
    ]

    @Test(arguments: lenient.indices)
    func theLenientParseSetsABadPartAsideAndSearchesTheRest(index: Int) {
        let (input, text, terms, positions) = BooleanSyntaxTests.lenient[index]
        let parsed = SearchSyntax.parseLeniently(input)
        #expect(parsed.text == text && parsed.terms == terms, "\(input): \(parsed)")
        #expect(parsed.problems.map(\.position) == positions, "\(input): \(parsed.problems)")
    }

    /// Pieces of typed searches, well formed or not, with parentheses attached or apart.
    static let pieces = [
        "a", "star", "uber", "café", "OR", "OR", "or", "(", ")", "-(", "12.5", "7", "-x", "\"two words\"", "\"OR\"",
        "merchant:uber", "category:food", "notes:lunch", "card:4242", "account:main", "status:pending", "-status:posted",
        "amount>5", "amount<=20", "amount:10..20", "amount~12", "amount~12±2", "amount~4+-1", "date:2026", "date:2026-03",
        "date>=2026-03-10", "-date:2026-03-14", "date:last-month", "amount>abc", "()", "stabrucks", "lunch", "-uber",
    ]

    /// Random typed strings: each parsed leniently, printed (`Query.description`), and parsed
    /// again strictly, gives the same words and terms: the printed form is canonical.
    @Test func printedQueriesParseBackTheSame() throws {
        var random = SeededRandom(seed: 35_200)
        for round in 0..<(3000 * RandomScale.factor) {
            var parts: [String] = []
            for _ in 0..<random.int(in: 1...8) {
                var piece = random.pick(BooleanSyntaxTests.pieces)
                if random.chance(0.15) { piece = "(" + piece }
                if random.chance(0.15) { piece += ")" }
                parts.append(piece)
            }
            let typed = parts.joined(separator: " ")
            let parsed = SearchSyntax.parseLeniently(typed)
            let query = parsed.applied(to: Query())
            let printed = query.description
            do {
                let again = try SearchSyntax.parse(printed)
                #expect(again.text == parsed.text && again.terms == parsed.terms,
                        "seed 35200 round \(round): \(typed) -> \(printed) -> \(again.applied(to: Query()).description)")
            } catch {
                Issue.record("seed 35200 round \(round): \(typed) printed as \(printed), which does not parse: \(error)")
            }
        }
    }

    /// Random boolean queries (not made by the parser) print as a search that parses to the
    /// same query, once printed again, and answers the same.
    @Test(arguments: 0..<4)
    func anyBooleanQueryPrintsAsAnEquivalentSearch(seedIndex: Int) throws {
        let seed = UInt64(35_300 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore()
        try store.add(contentsOf: (0..<60).map { _ in world.draft(id: nil) })
        for round in 0..<(100 * RandomScale.factor) {
            var query = world.booleanQuery()
            query.terms = BooleanSyntaxTests.typeable(query.terms)
            // A word that reads as syntax (`-Eleven`) is printed as a phrase of scope all.
            query.text = SearchSyntax.words(of: query.text).filter { SearchSyntax.parseLeniently($0) == ParsedSearch(text: $0) }
                .joined(separator: " ")
            let once = try Query(parsing: query.description, scope: query.scope, filters: query.filters, grouping: query.grouping,
                                 groupOrdering: query.groupOrdering, sort: query.sort, limit: query.limit, offset: query.offset,
                                 facets: query.facets)
            let twice = try Query(parsing: once.description, scope: query.scope, filters: query.filters, grouping: query.grouping,
                                  groupOrdering: query.groupOrdering, sort: query.sort, limit: query.limit, offset: query.offset,
                                  facets: query.facets)
            #expect(twice == once, "seed \(seed) round \(round): \(query) -> \(once) -> \(twice)")
            #expect(store.search(once).total == store.search(query).total, "seed \(seed) round \(round): \(query) -> \(once)")
        }
    }

    /// The terms the syntax can type as they are: no blank texts, no amount text that is not a
    /// number, no range with two exclusive ends (printed as two terms), no word holding white
    /// space or syntax (a word reads as its own text only), no excluded word.
    static func typeable(_ terms: [SearchTerm]) -> [SearchTerm] {
        terms.compactMap { term -> SearchTerm? in
            switch term.condition {
            case .anyOf(let clauses):
                return .anyOf(clauses.map { SearchClause(typeable($0.terms)) }, isExcluded: term.isExcluded)
            case .word(let text):
                // `-word` types an excluded phrase of scope all, not an excluded word of the scope.
                return !term.isExcluded && SearchSyntax.parseLeniently(text) == ParsedSearch(text: text) ? term : nil
            default:
                return term.canBeTyped && !term.hasTwoExclusiveEnds ? term : nil
            }
        }
    }
}
