import Foundation
import TransactionSearch
import TransactionSearchSupport

/// Random boolean queries: words (some misspelled, so they are matched approximately), every
/// field term, amounts (ranges, typed, `~`), dates (days, months, years), statuses, nested
/// groups and exclusions at any depth, every grouping and group order, sometimes facets.
extension RandomWorld {
    /// A boolean query over this world's vocabulary.
    mutating func booleanQuery() -> Query {
        var query = Query()
        query.text = (0..<pick([0, 0, 1, 1, 2])).map { _ in booleanWord() }.joined(separator: " ")
        query.scope = pick(SearchScope.allCases + [.all, .all, .all])
        query.terms = (0..<pick([1, 1, 2, 3])).map { _ in booleanTerm(depth: 0) }
        if random.chance(0.15) { query.filters.kind = pick(TransactionKind.allCases) }
        if random.chance(0.1) { query.filters.status = pick(TransactionStatus.allCases) }
        if random.chance(0.1) { query.filters.cards = [pick(RandomWorld.cards)] }
        if random.chance(0.15) {
            let first = RandomWorld.baseDay + Int64(random.int(in: -2...30))
            query.filters.from = CalendarDay(daysSince1970: Int32(first))
            query.filters.to = CalendarDay(daysSince1970: Int32(first + Int64(random.int(in: 0...20))))
        }
        query.grouping = pick(Grouping.allCases)
        query.groupOrdering = pick(GroupOrdering.allCases)
        query.sort = pick(ResultOrder.allCases)
        query.limit = pick([0, 3, 50])
        query.offset = pick([0, 0, 2])
        if random.chance(0.2) {
            query.facets = [FacetRequest(pick(FacetField.allCases), limit: pick([2, 10]), isDisjunctive: random.chance(0.5))]
        }
        return query
    }

    /// A word for the text or a group: a piece of a stored string, or a misspelling.
    mutating func booleanWord() -> String {
        random.chance(0.25) ? RandomWorld.misspelled(&self) : word()
    }

    /// A term at some depth of nesting: a group (less often the deeper), or a leaf.
    mutating func booleanTerm(depth: Int) -> SearchTerm {
        if depth < 3 && random.chance(depth == 0 ? 0.6 : 0.3) {
            let clauses = (0..<pick([1, 2, 2, 3])).map { _ in
                SearchClause((0..<pick([0, 1, 1, 2, 3])).map { _ in booleanTerm(depth: depth + 1) })
            }
            return .anyOf(clauses, isExcluded: random.chance(0.3))
        }
        let condition: SearchTerm.Condition
        switch random.int(in: 0...9) {
        case 0, 1, 2: condition = .word(booleanWord())
        case 3: condition = .text(word(), field: pick(TermField.allCases))
        case 4: condition = .text(pick(["uber", "café", "7", "12.5", "visa", "****4242", "main", "lidl"]), field: pick(TermField.allCases))
        case 5:
            let lower = random.chance(0.7) ? DecimalAmount(significand: Int64(random.int(in: 0...2000)), fractionDigits: pick([0, 2])) : nil
            let upper = random.chance(0.7) ? DecimalAmount(significand: Int64(random.int(in: 0...2000)), fractionDigits: pick([0, 2])) : nil
            condition = .magnitude(MagnitudeRange(lower: lower, lowerInclusive: random.chance(0.5), upper: upper, upperInclusive: random.chance(0.5)))
        case 6:
            let value = pick([DecimalAmount(significand: 1200, fractionDigits: 2), DecimalAmount(significand: 4, fractionDigits: 0),
                              DecimalAmount(significand: 19, fractionDigits: 0), DecimalAmount(significand: 125, fractionDigits: 1),
                              DecimalAmount(significand: 1150, fractionDigits: 0)])
            let tolerance = random.chance(0.5) ? nil : pick([DecimalAmount(significand: 1, fractionDigits: 0), DecimalAmount(significand: 50, fractionDigits: 2),
                                                              DecimalAmount(significand: 0, fractionDigits: 0), DecimalAmount(significand: 100, fractionDigits: 0)])
            condition = .amountNear(value, tolerance: tolerance)
        case 7:
            let first = RandomWorld.baseDay + Int64(random.int(in: 0...40))
            switch random.int(in: 0...3) {
            case 0: condition = .dates(from: CalendarDay(daysSince1970: Int32(first)), to: CalendarDay(daysSince1970: Int32(first + Int64(random.int(in: 0...10)))))
            case 1:
                let month = CalendarDay(daysSince1970: Int32(first)).calendarMonth
                condition = .dates(from: month.firstDay, to: month.lastDay)
            case 2: condition = .dates(from: try! CalendarDay(year: 2026, month: 1, day: 1), to: try! CalendarDay(year: 2026, month: 12, day: 31))
            default: condition = .dates(from: nil, to: CalendarDay(daysSince1970: Int32(first)))
            }
        case 8: condition = .status(pick(TransactionStatus.allCases))
        default: condition = .word(pick(["star", "uber", "cafe", "lidl", "12", "a", "zzqx", "strasse"]))
        }
        return SearchTerm(condition, isExcluded: random.chance(0.3))
    }

    /// A random clause of one to three leaves or groups (for the identities).
    mutating func booleanClause() -> SearchClause {
        SearchClause((0..<random.int(in: 1...3)).map { _ in booleanTerm(depth: 1) })
    }

    /// A word of five letters or more from the world's texts with zero to two random edits
    /// (substitution, deletion, insertion, adjacent swap): near the edge of what approximate
    /// matching accepts.
    static func misspelled(_ world: inout RandomWorld) -> String {
        let sources = RandomWorld.merchants + RandomWorld.categories.compactMap { $0 } + RandomWorld.notes.compactMap { $0 }
        let words = sources.flatMap { $0.split(separator: " ").map(String.init) }.filter { $0.unicodeScalars.count >= 5 }
        var scalars = Array(world.pick(words).unicodeScalars)
        let replacements = Array("aeiouxzßéñжя".unicodeScalars)
        for _ in 0..<world.pick([0, 1, 1, 2]) where scalars.count > 2 {
            let index = world.random.int(in: 0...(scalars.count - 2))
            switch world.random.int(in: 0...3) {
            case 0: scalars[index] = world.pick(replacements)
            case 1: scalars.remove(at: index)
            case 2: scalars.insert(world.pick(replacements), at: index)
            default: scalars.swapAt(index, index + 1)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
