/// The boolean part of the search box (docs/SPEC.md section 11): `OR` between clauses,
/// parentheses, `-` before a group. AND binds tighter than OR: `a b OR c` is `(a b) OR c`.
/// A recursive descent over `SyntaxItem`s; each term is read by `SearchSyntax.interpret`.
///
/// The result is canonical, so that a query printed and parsed again is the same value: a
/// group of one clause that is not excluded is spliced into the clause around it (`x (a b)` is
/// `x a b`), a clause that is only a group joins the alternatives around it (`a OR (b OR c)` is
/// `a OR b OR c`), and at the top a single clause is the query's text and terms.
///
/// Problems are collected, never thrown here: an `OR` with nothing before or after it, a `(`
/// never closed (closed at the end), a `)` with no group open, `()` (each ignored and
/// reported), and terms whose value does not fit their field. A clause that loses all its terms
/// to problems is left out of its `OR`, so `a OR amount>abc` searches `a` (not everything).
struct GroupParser {
    /// One clause while it is parsed: its terms in the order typed, words as `.word` terms.
    struct Clause {
        var terms: [SearchTerm] = []
        /// Items typed in it (terms, groups): an `OR` after a clause of none is misplaced.
        var typed = 0
        /// Whether some part of it was a problem, left out.
        var lostParts = false

        /// Whether it is left out of its `OR`: nothing of it remains, and either something
        /// typed in it was a problem or nothing was typed (a misplaced `OR`). A clause of empty
        /// phrases only (`""`) stays: it holds for every row.
        var isDropped: Bool { terms.isEmpty && (lostParts || typed == 0) }
    }

    let items: [SyntaxItem]
    private var index = 0
    private(set) var problems: [SearchSyntaxError] = []

    init(_ searchText: String) {
        items = SyntaxItem.items(of: searchText)
    }

    /// The whole string as the text and terms of a search, and the problems found, in the
    /// order of their positions.
    mutating func parse() -> ParsedSearch {
        let (clauses, _, _) = expression(depth: 0)
        var parsed = ParsedSearch()
        let kept = GroupParser.alternatives(clauses)
        if kept.count == 1 {
            var words: [String] = []
            for term in kept[0].terms {
                if case .word(let word) = term.condition, !term.isExcluded { words.append(word) } else { parsed.terms.append(term) }
            }
            parsed.text = words.joined(separator: " ")
        } else if kept.count > 1 {
            parsed.terms = [.anyOf(kept)]
        }
        parsed.problems = problems.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        return parsed
    }

    /// Clauses separated by `OR`, up to the `)` that closes the group (`closed`) or the end;
    /// `typed` counts the items met.
    private mutating func expression(depth: Int) -> (clauses: [Clause], closed: Bool, typed: Int) {
        var clauses = [Clause()]
        var typed = 0
        var lastOr = 0
        func problem(_ position: Int, _ term: String, _ expected: String) -> SearchSyntaxError {
            SearchSyntaxError(position: position, term: term, expected: expected)
        }
        while index < items.count {
            let item = items[index]
            index += 1
            switch item {
            case .or(let position):
                typed += 1
                if clauses[clauses.count - 1].typed == 0 {
                    let place = clauses.count == 1 ? (depth == 0 ? "at the start" : "after '('") : "after another OR"
                    problems.append(problem(position, "OR", "a term before OR (OR \(place) joins nothing)"))
                } else {
                    clauses.append(Clause())
                    lastOr = position
                }
            case .close(let position):
                if depth == 0 {
                    problems.append(problem(position, ")", "a '(' before this ')' (no group is open here)"))
                    continue
                }
                return (finish(clauses, lastOr: lastOr), true, typed)
            case .open(let position, let isExcluded):
                typed += 1
                clauses[clauses.count - 1].typed += 1
                let opening = isExcluded ? "-(" : "("
                let inner = expression(depth: depth + 1)
                if !inner.closed {
                    problems.append(problem(position, opening, "')' to close the group opened here"))
                }
                if inner.typed == 0 {
                    problems.append(problem(position, opening + ")", "a term inside the parentheses"))
                    clauses[clauses.count - 1].lostParts = true
                    continue
                }
                let kept = GroupParser.alternatives(inner.clauses)
                if kept.isEmpty {
                    clauses[clauses.count - 1].lostParts = true
                } else if kept.count == 1 && !isExcluded {
                    clauses[clauses.count - 1].terms += kept[0].terms  // `(a b)` is `a b`
                } else {
                    clauses[clauses.count - 1].terms.append(.anyOf(kept, isExcluded: isExcluded))
                }
            case .term(let token):
                typed += 1
                clauses[clauses.count - 1].typed += 1
                switch SearchSyntax.interpret(token) {
                case .word(let word): clauses[clauses.count - 1].terms.append(SearchTerm(.word(word)))
                case .term(let term): clauses[clauses.count - 1].terms.append(term)
                case .problem(let error):
                    problems.append(error)
                    clauses[clauses.count - 1].lostParts = true
                case .nothing: break
                }
            }
        }
        return (finish(clauses, lastOr: lastOr), false, typed)
    }

    /// The clauses of an expression that ended, reporting an `OR` with nothing after it.
    private mutating func finish(_ clauses: [Clause], lastOr: Int) -> [Clause] {
        if clauses.count > 1 && clauses[clauses.count - 1].typed == 0 {
            problems.append(SearchSyntaxError(position: lastOr, term: "OR", expected: "a term after OR (OR at the end joins nothing)"))
        }
        return clauses
    }

    /// The clauses an `OR` keeps, as `SearchClause`s: dropped ones left out, and a clause that
    /// is only a group (not excluded) replaced by that group's clauses.
    private static func alternatives(_ clauses: [Clause]) -> [SearchClause] {
        var kept: [SearchClause] = []
        for clause in clauses where !clause.isDropped {
            if clause.terms.count == 1, !clause.terms[0].isExcluded, case .anyOf(let inner) = clause.terms[0].condition {
                kept += inner
            } else {
                kept.append(SearchClause(clause.terms))
            }
        }
        return kept
    }
}
