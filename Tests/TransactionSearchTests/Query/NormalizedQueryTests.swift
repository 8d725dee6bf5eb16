import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `Query.normalized`: the same terms in any order, at any depth, normalize to one query (the
/// cache's key), and the order it sorts terms by tells different terms apart.
@Suite struct NormalizedQueryTests {
    /// Texts with the characters the order key uses as separators, Unicode and empty ones.
    private static let texts = ["la", "shop", "a b", "t1 3", "café", "ß", "ラーメン", "", "1;2", "+t", "o2{", "w3 x"]

    private static func amount(_ random: inout SeededRandom) -> DecimalAmount {
        // 1.5, 1.50 and 15 among them: equal amounts spelt differently.
        DecimalAmount(significand: Int64(random.pick([0, 5, 15, 150, 1500, -15, 99_999])), fractionDigits: random.int(in: 0...3))
    }

    private static func day(_ random: inout SeededRandom) -> CalendarDay? {
        random.chance(0.2) ? nil : CalendarDay(daysSince1970: Int32(random.int(in: 20_000...20_010)))
    }

    /// A random term; groups nest up to `depth`.
    private static func term(_ random: inout SeededRandom, depth: Int) -> SearchTerm {
        let excluded = random.chance(0.3)
        let condition: SearchTerm.Condition
        switch random.int(in: 0...(depth > 0 ? 8 : 7)) {
        case 0: condition = .text(random.pick(texts), field: random.pick(TermField.allCases))
        case 1: condition = .word(random.pick(texts))
        case 2:
            condition = .magnitude(MagnitudeRange(lower: random.chance(0.3) ? nil : amount(&random), lowerInclusive: random.chance(0.5),
                                                  upper: random.chance(0.3) ? nil : amount(&random), upperInclusive: random.chance(0.5)))
        case 3: condition = .dates(from: day(&random), to: day(&random))
        case 4:
            let bounds: [DateBound?] = [nil, .period(.lastMonth), .outside(.thisWeek), .period(.lastDays(random.int(in: 1...9))),
                                        day(&random).map { .day($0) }]
            condition = .relativeDates(from: random.pick(bounds), to: random.pick(bounds))
        case 5: condition = .status(random.pick(TransactionStatus.allCases))
        case 6: condition = .amountNear(amount(&random), tolerance: random.chance(0.5) ? nil : amount(&random))
        case 7: condition = .text(random.pick(texts), field: .notes)
        default:
            let clauses = (0..<random.int(in: 0...3)).map { _ in
                SearchClause((0..<random.int(in: 0...3)).map { _ in term(&random, depth: depth - 1) })
            }
            condition = .anyOf(clauses)
        }
        return SearchTerm(condition, isExcluded: excluded)
    }

    /// The term with its groups' clauses, and each clause's terms, shuffled at every depth.
    private static func shuffled(_ term: SearchTerm, _ random: inout SeededRandom) -> SearchTerm {
        guard case .anyOf(let clauses) = term.condition else { return term }
        let mixed = clauses.map { SearchClause($0.terms.map { shuffled($0, &random) }.shuffled(using: &random)) }
        return SearchTerm(.anyOf(mixed.shuffled(using: &random)), isExcluded: term.isExcluded)
    }

    @Test func theSameTermsInAnyOrderNormalizeAlike() {
        var random = SeededRandom(seed: 58)
        for _ in 0..<400 {
            var terms = (0..<random.int(in: 1...5)).map { _ in NormalizedQueryTests.term(&random, depth: 2) }
            // Some terms twice, as a person may type them.
            if random.chance(0.3), let repeated = terms.first { terms.append(repeated) }
            let query = Query(text: random.pick(["", "la shop", "shop  la"]), terms: terms)
            var other = query
            other.terms = terms.map { NormalizedQueryTests.shuffled($0, &random) }.shuffled(using: &random)
            #expect(query.normalized == other.normalized, "\(terms)")
            #expect(query.normalized.normalized == query.normalized, "normalizing twice changes \(terms)")
        }
    }

    /// The term with every amount spelt with one more fraction digit (`1.5` as `1.50`): the
    /// same term.
    private static func respelt(_ term: SearchTerm) -> SearchTerm {
        func respelt(_ amount: DecimalAmount?) -> DecimalAmount? {
            amount.map { DecimalAmount(significand: $0.significand * 10, fractionDigits: $0.fractionDigits + 1) }
        }
        let condition: SearchTerm.Condition
        switch term.condition {
        case .magnitude(let range):
            condition = .magnitude(MagnitudeRange(lower: respelt(range.lower), lowerInclusive: range.lowerInclusive,
                                                  upper: respelt(range.upper), upperInclusive: range.upperInclusive))
        case .amountNear(let value, let tolerance): condition = .amountNear(respelt(value)!, tolerance: respelt(tolerance))
        case .anyOf(let clauses): condition = .anyOf(clauses.map { SearchClause($0.terms.map(NormalizedQueryTests.respelt)) })
        default: condition = term.condition
        }
        return SearchTerm(condition, isExcluded: term.isExcluded)
    }

    @Test func differentTermsHaveDifferentKeys() {
        var random = SeededRandom(seed: 59)
        let terms = (0..<300).map { _ in NormalizedQueryTests.term(&random, depth: 1) }
        for left in terms {
            let same = NormalizedQueryTests.respelt(left)
            #expect(same == left && same.orderKey == left.orderKey, "\(left) respelt")
            for right in terms {
                #expect((left.orderKey == right.orderKey) == (left == right), "\(left) and \(right)")
            }
        }
    }
}
