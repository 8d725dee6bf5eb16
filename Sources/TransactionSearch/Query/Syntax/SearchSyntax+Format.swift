extension SearchSyntax {
    /// The text and terms of a query in the search box syntax. Parsing the result gives the
    /// same text and terms back for every query the parser makes; for others it gives an
    /// equivalent one: a text word that would read as syntax (`-x`, `amount>5`) is quoted
    /// (a phrase term), and a magnitude range with an excluded end on both sides is printed as
    /// two terms (the same rows, unless the term is itself excluded), and an empty range as
    /// `amount<0`.
    ///
    /// A query whose only term is a group of alternatives prints them bare (`a OR b`); other
    /// groups print in parentheses, `-` before an excluded one.
    public static func format(_ query: Query) -> String {
        let words = words(of: query.text)
        if words.isEmpty, query.terms.count == 1, !query.terms[0].isExcluded,
           case .anyOf(let clauses) = query.terms[0].condition, clauses.count > 1 {
            return alternatives(clauses)
        }
        var parts: [String] = []
        for word in words { parts.append(format(word: word)) }
        for term in query.terms { parts.append(format(term)) }
        return parts.joined(separator: " ")
    }

    /// A plain word, quoted when it would read as syntax (`-x`, `amount>5`, `OR`, `(x`).
    private static func format(word: String) -> String {
        parseLeniently(word) == ParsedSearch(text: word) ? word : SyntaxTokenizer.quoted(word)
    }

    /// Clauses joined by `OR`, each its terms joined by spaces (AND binds tighter); a clause
    /// with no terms, which holds for every row, as `""`.
    private static func alternatives(_ clauses: [SearchClause]) -> String {
        clauses.map { clause in
            clause.terms.isEmpty ? "\"\"" : clause.terms.map { format($0) }.joined(separator: " ")
        }.joined(separator: " OR ")
    }

    /// One term in the syntax.
    public static func format(_ term: SearchTerm) -> String {
        let sign = term.isExcluded ? "-" : ""
        switch term.condition {
        case .word(let word):
            return sign.isEmpty ? format(word: word) : sign + SyntaxTokenizer.quoted(word)
        case .amountNear(let value, let tolerance):
            return sign + "amount~" + value.description + (tolerance.map { "±" + $0.description } ?? "")
        case .anyOf(let clauses):
            // A group with no alternative matches nothing: printed as a term that holds for no row.
            if clauses.isEmpty { return sign + "amount<0" }
            let inner = alternatives(clauses)
            // A word that starts with a combining mark would join the `(` into one character,
            // which is then no parenthesis: a space keeps them apart.
            let opening = sign + "("
            return opening + ((opening + inner).count == opening.count + inner.count ? "" : " ") + inner + ")"
        case .text(let value, let field):
            let prefix = field == .all ? sign : sign + field.rawValue + ":"
            let plain = prefix + value
            if field == .all && !term.isExcluded { return SyntaxTokenizer.quoted(value) }
            return parseLeniently(plain) == ParsedSearch(terms: [term]) ? plain : prefix + SyntaxTokenizer.quoted(value)
        case .magnitude(let range):
            switch (range.lower, range.upper) {
            case (nil, nil): return sign + "amount:0.."
            case (let lower?, nil): return sign + "amount" + (range.lowerInclusive ? ">=" : ">") + lower.description
            case (nil, let upper?): return sign + "amount" + (range.upperInclusive ? "<=" : "<") + upper.description
            case (let lower?, let upper?):
                let isEmpty = upper < lower
                    || (!(lower < upper) && !(range.lowerInclusive && range.upperInclusive))
                if isEmpty { return sign + "amount<0" }  // no magnitude is below 0: no row
                if range.lowerInclusive && range.upperInclusive {
                    return sign + "amount:\(lower)..\(upper)"
                }
                return sign + "amount" + (range.lowerInclusive ? ">=" : ">") + lower.description
                    + " " + sign + "amount" + (range.upperInclusive ? "<=" : "<") + upper.description
            }
        case .dates(let from, let to):
            switch (from, to) {
            case (nil, nil): return sign + "date>=0001-01-01"
            case (let from?, nil): return sign + "date>=\(from)"
            case (nil, let to?): return sign + "date<=\(to)"
            case (let from?, let to?):
                if from == to { return sign + "date:\(from)" }
                let parts = from.components
                if parts.month == 1 && parts.day == 1 && to == CalendarMonth(year: parts.year, month: 12).lastDay {
                    return sign + "date:" + pad(parts.year, 4)
                }
                let month = from.calendarMonth
                if from == month.firstDay && to == month.lastDay { return sign + "date:\(month)" }
                return sign + "date:\(from)..\(to)"
            }
        case .status(let status):
            return sign + "status:" + status.rawValue
        case .relativeDates(let from, let to):
            return RelativeDateSyntax.format(from: from, to: to, sign: sign)
        }
    }
}
