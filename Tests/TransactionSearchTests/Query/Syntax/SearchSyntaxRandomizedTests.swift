import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Random searches in the syntax: printing and parsing give the same query back, and every form
/// parsed and run on the store gives the plain reference scan's answer.
@Suite struct SearchSyntaxRandomizedTests {
    /// 2,000 random parsed forms (more with TS_RANDOM_SCALE): format, parse, compare.
    @Test func parsingThePrintedFormGivesTheSameQueryBack() throws {
        var world = RandomWorld(seed: 77)
        for round in 0..<(2000 * RandomScale.factor) {
            let parsed = world.parsedSearch()
            let query = parsed.applied(to: Query())
            let printed = query.searchText
            let reparsed = try SearchSyntax.parse(printed)
            #expect(reparsed == parsed, "round \(round): \(printed)")
            if reparsed != parsed { return }
        }
    }

    /// Any query's terms, also those the parser cannot make, print as an equivalent search.
    @Test(arguments: 0..<6)
    func anyQueryPrintsAsAnEquivalentSearch(seedIndex: Int) throws {
        var world = RandomWorld(seed: UInt64(7700 + seedIndex))
        let store = TransactionStore()
        try store.add(contentsOf: (0..<60).map { _ in world.draft(id: nil) })
        for round in 0..<(60 * RandomScale.factor) {
            var query = world.query()
            query.terms = query.terms.filter { $0.canBeTyped && (!$0.isExcluded || !$0.hasTwoExclusiveEnds) }
            let reparsed = try Query(parsing: query.searchText, scope: query.scope, filters: query.filters,
                                     grouping: query.grouping, sort: query.sort, limit: query.limit, offset: query.offset)
            #expect(store.search(reparsed) == store.search(query), "seed \(seedIndex) round \(round): \(query.searchText)")
        }
    }

    /// Random stores and random typed searches: each answer equals the reference's.
    @Test(arguments: 0..<12)
    func everyFormAgreesWithThePlainScan(seedIndex: Int) throws {
        let seed = UInt64(9100 + seedIndex)
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        let added = try store.add(contentsOf: (0..<world.random.int(in: 5...80)).map { _ in world.draft(id: nil) })
        var transactions = added.addedIDs.compactMap { store.transaction(id: $0) }
        for _ in 0..<10 {
            let id = world.pick(added.addedIDs)
            if let updated = try? store.update(id: id, world.patch()) {
                transactions[transactions.firstIndex { $0.id == id }!] = updated
            }
        }
        let reference = PlainScan(transactions: transactions, timeZone: store.timeZone)
        for round in 0..<(100 * RandomScale.factor) {
            let typed = world.parsedSearch().applied(to: Query()).searchText
            let query = try Query(parsing: typed, grouping: world.pick(Grouping.allCases), sort: world.pick(ResultOrder.allCases))
            let expected = reference.search(query, rates: nil)
            let actual = store.search(query)
            if actual != expected {
                Issue.record("seed \(seed) round \(round): \(typed)\n\(SearchAgainstReferenceTests.difference(actual, expected))")
                return
            }
        }
    }
}

extension SearchTerm {
    /// Whether the syntax has a form for the term: not a blank text, nor an amount text that is
    /// not a number.
    var canBeTyped: Bool {
        guard case .text(let value, let field) = condition else { return true }
        if value.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return false }
        return field != .amount || TermFolding.number(Array(value.utf8)) != nil
    }

    /// A magnitude range with both ends, one of them excluded: it prints as two terms, which
    /// excluded together are not the same as the range excluded.
    var hasTwoExclusiveEnds: Bool {
        guard case .magnitude(let range) = condition, range.lower != nil, range.upper != nil else { return false }
        return !range.lowerInclusive || !range.upperInclusive
    }
}

extension RandomWorld {
    /// A random search as the parser would make it: plain words that read as words, and every
    /// kind of term, some excluded.
    mutating func parsedSearch() -> ParsedSearch {
        var words: [String] = []
        for _ in 0..<pick([0, 1, 1, 2, 3]) {
            let word = self.word()
            if word.unicodeScalars.contains(where: \.properties.isWhitespace) || word.unicodeScalars.contains("\"") { continue }
            if word != "-" && word.unicodeScalars.first == "-" { continue }
            if SearchSyntax.fieldPrefix(word) != nil { continue }
            // `OR` joins alternatives; a word's leading `(` or trailing `)` groups.
            if word == "OR" || word.hasPrefix("(") || word.hasSuffix(")") { continue }
            words.append(word)
        }
        var terms: [SearchTerm] = []
        for _ in 0..<pick([0, 1, 1, 2, 3]) {
            if let term = syntaxTerm() { terms.append(term) }
        }
        return ParsedSearch(text: words.joined(separator: " "), terms: terms)
    }

    private mutating func nonBlankWord() -> String {
        let word = self.word()
        return word.allSatisfy(\.isWhitespace) ? "x" : word
    }

    private mutating func magnitude() -> DecimalAmount {
        DecimalAmount(significand: Int64(random.int(in: 0...2000)), fractionDigits: pick([0, 0, 1, 2]))
    }

    private mutating func day() -> CalendarDay {
        CalendarDay(daysSince1970: Int32(RandomWorld.baseDay) + Int32(random.int(in: -5...45)))
    }

    private mutating func syntaxTerm() -> SearchTerm? {
        let condition: SearchTerm.Condition
        switch random.int(in: 0...9) {
        case 0: condition = .text(pick(["café de", "lunch with", "uber eats", "a b", nonBlankWord(), "say \"hi\"", "back\\slash"]), field: .all)
        case 1, 2: condition = .text(nonBlankWord(), field: pick([.merchant, .category, .notes, .card, .account]))
        case 3: condition = .text(pick(["12", "12.5", "12,50", "7", "0.5", "1200", "4.10"]), field: .amount)
        case 4:
            let bound = magnitude()
            switch random.int(in: 0...3) {
            case 0: condition = .magnitude(MagnitudeRange(lower: bound, lowerInclusive: false))
            case 1: condition = .magnitude(MagnitudeRange(lower: bound))
            case 2: condition = .magnitude(MagnitudeRange(upper: bound, upperInclusive: false))
            default: condition = .magnitude(MagnitudeRange(upper: bound))
            }
        case 5:
            var (low, high) = (magnitude(), magnitude())
            if high < low { swap(&low, &high) }
            condition = .magnitude(MagnitudeRange(lower: low, upper: high))
        case 6:
            let first = day()
            condition = .dates(from: first, to: first.adding(days: Int32(random.int(in: 0...20))))
        case 7:
            let month = day().calendarMonth
            condition = .dates(from: month.firstDay, to: month.lastDay)
        case 8: condition = random.chance(0.5) ? .dates(from: day(), to: nil) : .dates(from: nil, to: day())
        default: condition = .status(pick(TransactionStatus.allCases))
        }
        return SearchTerm(condition, isExcluded: random.chance(0.35))
    }
}
