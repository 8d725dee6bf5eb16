import Foundation
import TransactionSearch

/// Queries with `OR`, parentheses and excluded groups, the plain way, as docs/SPEC.md section
/// 11 says them: a query holds for a row when every word of its text and every one of its
/// terms holds, an excluded term being one that must not hold. A group (`anyOf`) holds when at
/// least one of its clauses does, and a clause when all of its terms do (the excluded ones
/// not): AND inside a clause, OR between clauses. A clause with no terms asks nothing, so it
/// holds for every row; a group with no clause holds for none. Words inside groups are matched
/// as the text's words are (in the query's scope, approximately when widened), except that a
/// word inside an excluded group is never matched approximately, as an excluded word is not.
extension PlainScan {
    /// How terms are read where they stand: the words' scope, the words matched
    /// approximately, and whether an enclosing group is excluded.
    struct Context {
        let scope: TermField
        let widened: [[UInt8]: TypoWord]
        let isNegated: Bool
    }

    /// Whether every term holds for the row (an excluded one: does not hold); an empty text
    /// term asks nothing.
    static func allHold(_ terms: [SearchTerm], _ row: Row, _ context: Context) -> Bool {
        terms.allSatisfy { term in
            if isEmptyText(term.condition) { return true }
            let inner = Context(scope: context.scope, widened: context.widened, isNegated: context.isNegated || term.isExcluded)
            return holds(row, term.condition, inner) != term.isExcluded
        }
    }

    /// Whether a folded word of the text or of a group matches the row in the scope: exactly,
    /// or approximately when it is widened and nothing excludes it.
    static func wordMatches(_ row: Row, _ word: [UInt8], _ context: Context) -> Bool {
        if !context.isNegated, let typo = context.widened[word] { return typo.holds(in: row) }
        return matches(row, text: word, field: context.scope)
    }

    /// The words that may be matched approximately: those of the text, and of the groups'
    /// clauses, leaving out excluded words and everything inside excluded groups; each once.
    static func searchedWords(of query: Query) -> [[UInt8]] {
        var found = words(query.text)
        func visit(_ terms: [SearchTerm]) {
            for term in terms where !term.isExcluded {
                switch term.condition {
                case .word(let text):
                    for word in words(text) where !found.contains(word) { found.append(word) }
                case .anyOf(let clauses):
                    for clause in clauses { visit(clause.terms) }
                default: break
                }
            }
        }
        visit(query.terms)
        return found
    }

    /// `amount~`: whether the amount's magnitude m is within the tolerance t of the value v,
    /// ends included, |m - v| <= t; with no tolerance, within 5% of v: 100 |m - v| <= 5 v.
    /// Compared as exact fractions.
    static func isNear(_ money: Money, _ value: DecimalAmount, _ tolerance: DecimalAmount?) -> Bool {
        let (amount, amountDigits) = magnitude(money)
        let center = Int128(value.significand.magnitude)
        // Everything over 10^digits.
        let digits = max(amountDigits, value.fractionDigits, tolerance?.fractionDigits ?? 0)
        let m = amount * power(digits - amountDigits)
        let v = center * power(digits - value.fractionDigits)
        let distance = m > v ? m - v : v - m
        guard let tolerance else { return distance * 100 <= v * 5 }
        return distance <= Int128(tolerance.significand.magnitude) * power(digits - tolerance.fractionDigits)
    }
}
