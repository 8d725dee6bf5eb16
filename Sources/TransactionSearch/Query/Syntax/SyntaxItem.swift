/// One piece of a search box string as the boolean parse sees it: a term, an `OR`, or a
/// parenthesis. Parentheses are taken from the edges of terms, so they work attached to what
/// they enclose: `(merchant:uber amount<5)` is an open, two terms and a close.
enum SyntaxItem: Equatable {
    /// A term (a word, a phrase, a field term), its parentheses taken off.
    case term(SyntaxToken)
    /// `(`, or `-(` (`isExcluded`): a group opens.
    case open(position: Int, isExcluded: Bool)
    /// `)`: the innermost open group closes.
    case close(position: Int)
    /// `OR` in upper case, unquoted and alone: the clauses on either side are alternatives.
    case or(position: Int)

    /// The items of a string: each token's leading `(` (a `-` before one excludes that group),
    /// its trailing `)`, and what is between. Only unquoted text is looked at: `"(a)"`
    /// is a phrase with its parentheses; a parenthesis inside a word (`a(b`) is part of it.
    static func items(of input: String) -> [SyntaxItem] {
        var items: [SyntaxItem] = []
        for token in SyntaxTokenizer.tokens(of: input) {
            var pieces = token.pieces
            var opens: [SyntaxItem] = []
            var closes: [SyntaxItem] = []
            if let first = pieces.first, !first.isQuoted {
                let characters = Array(first.text)
                var index = 0
                while index < characters.count {
                    if characters[index] == "(" {
                        opens.append(.open(position: first.position + index, isExcluded: false))
                        index += 1
                    } else if characters[index] == "-" && index + 1 < characters.count && characters[index + 1] == "(" {
                        opens.append(.open(position: first.position + index + 1, isExcluded: true))
                        index += 2
                    } else {
                        break
                    }
                }
                if !opens.isEmpty {
                    pieces[0].text = String(characters[index...])
                    pieces[0].position += index
                    if pieces[0].text.isEmpty { pieces.removeFirst() }
                }
            }
            if let last = pieces.last, !last.isQuoted {
                let characters = Array(last.text)
                var end = characters.count
                while end > 0 && characters[end - 1] == ")" { end -= 1 }
                for index in end..<characters.count { closes.append(.close(position: last.position + index)) }
                if end < characters.count {
                    pieces[pieces.count - 1].text = String(characters[..<end])
                    if end == 0 { pieces.removeLast() }
                }
            }
            items += opens
            if !pieces.isEmpty {
                let raw = opens.isEmpty && closes.isEmpty ? token.raw : SyntaxItem.raw(of: token, opens: opens, closes: closes)
                let term = SyntaxToken(pieces: pieces, raw: raw, position: pieces[0].position)
                if pieces.count == 1 && !pieces[0].isQuoted && pieces[0].text == "OR" {
                    items.append(.or(position: pieces[0].position))
                } else {
                    items.append(.term(term))
                }
            }
            items += closes
        }
        return items
    }

    /// The text of a token between its stripped parentheses, as typed (quotes and escapes
    /// kept).
    private static func raw(of token: SyntaxToken, opens: [SyntaxItem], closes: [SyntaxItem]) -> String {
        let characters = Array(token.raw)
        var start = 0, end = characters.count
        if case .open(let position, _)? = opens.last { start = position + 1 - token.position }
        if case .close(let position)? = closes.first { end = position - token.position }
        guard start >= 0, start <= end, end <= characters.count else { return token.raw }
        return String(characters[start..<end])
    }
}
