/// The search box syntax of docs/SPEC.md section 3b: what a person types into one box, turned into the
/// text and terms of a `Query`, and printed back.
///
/// - Plain words are the query's text; `"two words"` is one term with its space.
/// - `merchant:`, `category:`, `notes:`, `payee:`, `card:` (name, `4242` or `****4242`), `account:`
///   narrow a term to a field; `status:pending` or `status:posted`.
/// - `amount:12.5` (12.50-12.59, as a typed number), `amount>50`, `amount>=50`, `amount<20`,
///   `amount<=20`, `amount:10..20` (magnitudes, ends included; `10..` and `..20` are open).
/// - `date:2026` (a year), `date:2026-03`, `date:2026-03-14`, `date>=2026-01-01`,
///   `date:2026-01..2026-03`; relative dates `date:today`, `date:last-month`,
///   `date>=this-year`, `date:2026-01..today` (`RelativeDateSyntax`).
/// - `amount~42` (magnitudes within 5% of 42), `amount~42±3` or `amount~42+-3` (within 3).
/// - A leading `-` excludes a word, a phrase, a field term or a group.
/// - `OR` (upper case) between terms or groups; parentheses group, also attached to what they
///   enclose (`(merchant:uber amount<5)`); AND binds tighter than OR; a lower-case `or` is a
///   word (`GroupParser`).
/// - Field names are case-insensitive; `=` reads as `:`. An unknown field (`12:30`) is plain
///   text. A known field with a bad value, a misplaced `OR`, an unclosed or empty group is a
///   `SearchSyntaxError` naming its position; the lenient parse skips that part and reports it.
public enum SearchSyntax {
    /// Parses a search box string.
    /// - Throws: the first `SearchSyntaxError`.
    public static func parse(_ searchText: String) throws(SearchSyntaxError) -> ParsedSearch {
        let parsed = parseLeniently(searchText)
        if let problem = parsed.problems.first { throw problem }
        return parsed
    }

    /// Parses a search box string, keeping every valid term and reporting the others in
    /// `problems`: for a box that searches on every keystroke, where `amount>` is half typed.
    public static func parseLeniently(_ searchText: String) -> ParsedSearch {
        var parser = GroupParser(searchText)
        return parser.parse()
    }

    // MARK: Interpreting one term

    enum Meaning {
        case word(String)
        case term(SearchTerm)
        case problem(SearchSyntaxError)
        /// An empty phrase (`""`).
        case nothing
    }

    /// The words of a text, split on white space scalars (as the search splits them).
    static func words(of text: String) -> [String] {
        text.unicodeScalars.split { $0.properties.isWhitespace }.map { String(String.UnicodeScalarView($0)) }
    }

    /// The fields the syntax knows, by lower-case name.
    enum SyntaxField: String, CaseIterable {
        case merchant, category, notes, payee, card, account, status, amount, date
    }

    static func interpret(_ token: SyntaxToken) -> Meaning {
        var pieces = token.pieces
        var isExcluded = false
        if token.raw != "-", let first = pieces.first, !first.isQuoted, first.text.unicodeScalars.first == "-" {
            isExcluded = true
            pieces[0].text.unicodeScalars.removeFirst()
            pieces[0].position += 1
            if pieces[0].text.isEmpty { pieces.removeFirst() }
        }
        if let first = pieces.first, !first.isQuoted, let (field, operation, nameLength) = fieldPrefix(first.text) {
            var valuePieces = pieces
            valuePieces[0].text.unicodeScalars.removeFirst(nameLength + operation.rawValue.count)
            let value = valuePieces.map(\.text).joined()
            let position = first.position + nameLength + operation.rawValue.count
            switch fieldCondition(field, operation, value) {
            case .success(let condition): return .term(SearchTerm(condition, isExcluded: isExcluded))
            case .failure(let failure):
                let start = failure.offset < 0 ? first.position + nameLength : position + failure.offset
                return .problem(SearchSyntaxError(position: start, term: token.raw, expected: failure.expected,
                                                  kind: failure.kind, field: field.rawValue))
            }
        }
        if let first = pieces.first, !first.isQuoted, let misspelled = misspelledField(first.text, token: token, position: first.position) {
            return .problem(misspelled)
        }
        let text = pieces.map(\.text).joined()
        let isPhrase = pieces.contains { $0.isQuoted }
        if !isExcluded && !isPhrase { return .word(text) }
        if text.allSatisfy(\.isWhitespace) { return isExcluded && !isPhrase ? .word("-") : .nothing }
        return .term(SearchTerm(.text(text, field: .all), isExcluded: isExcluded))
    }

    /// How a field term compares its value.
    enum Operation: String {
        case colon = ":", equals = "=", atMost = "<=", atLeast = ">=", below = "<", above = ">", near = "~"
    }

    /// `merchant:` or `amount>=` at the start of a term: the field, the operation and the
    /// length of the name; nil when the name is not a known field (then it is plain text).
    static func fieldPrefix(_ text: String) -> (SyntaxField, Operation, Int)? {
        let scalars = text.unicodeScalars
        let name = scalars.prefix { $0.isASCII && $0.properties.isAlphabetic }
        guard !name.isEmpty, let field = SyntaxField(rawValue: String(String.UnicodeScalarView(name)).lowercased()) else { return nil }
        let rest = scalars.dropFirst(name.count)
        for operation in [Operation.atMost, .atLeast, .colon, .equals, .below, .above, .near]
        where rest.starts(with: operation.rawValue.unicodeScalars) {
            return (field, operation, name.count)
        }
        return nil
    }

    private typealias Problem = SyntaxValueParsing.ValueProblem

    /// The condition of a known field's term. A problem's offset counts from the value's
    /// start; -1 points at the operation.
    private static func fieldCondition(
        _ field: SyntaxField, _ operation: Operation, _ value: String
    ) -> Result<SearchTerm.Condition, Problem> {
        if operation == .near && field != .amount {
            return .failure(Problem(offset: -1, expected: "':' after \(field.rawValue) (only amount takes ~, as in amount~42)"))
        }
        let compares = operation != .colon && operation != .equals
        if compares && field != .amount && field != .date {
            return .failure(Problem(offset: -1, expected: "':' after \(field.rawValue) (only amount and date compare with < and >)",
                                    kind: .comparison))
        }
        if value.allSatisfy(\.isWhitespace) {
            return .failure(Problem(offset: 0, expected: "a value after '\(field.rawValue)\(operation.rawValue)'", kind: .missingValue))
        }
        switch field {
        case .merchant: return .success(.text(value, field: .merchant))
        case .category: return .success(.text(value, field: .category))
        case .notes: return .success(.text(value, field: .notes))
        case .payee: return .success(.text(value, field: .payee))
        case .card: return .success(.text(value, field: .card))
        case .account: return .success(.text(value, field: .account))
        case .status:
            guard let status = TransactionStatus(rawValue: value.lowercased()) else {
                return .failure(Problem(offset: 0, expected: "pending or posted, not '\(value)'"))
            }
            return .success(.status(status))
        case .amount: return amountCondition(operation, value)
        case .date: return dateCondition(operation, value)
        }
    }

    private static func amountCondition(_ operation: Operation, _ value: String) -> Result<SearchTerm.Condition, Problem> {
        if operation == .near { return nearCondition(value) }
        if let (low, high, highOffset) = rangeParts(value) {
            guard operation == .colon || operation == .equals else {
                return .failure(Problem(offset: 0, expected: "one amount after '\(operation.rawValue)', not a range"))
            }
            let lower: DecimalAmount?, upper: DecimalAmount?
            switch rangeSides(low, high, highOffset: highOffset, SyntaxValueParsing.magnitude) {
            case .success(let sides): (lower, upper) = sides
            case .failure(let problem): return .failure(problem)
            }
            if let lower, let upper, upper < lower {
                return .failure(Problem(offset: 0, expected: "the smaller amount first (\(high)..\(low), not \(value))"))
            }
            return .success(.magnitude(MagnitudeRange(lower: lower, upper: upper)))
        }
        switch SyntaxValueParsing.magnitude(value) {
        case .failure(let problem): return .failure(problem)
        case .success(let amount):
            switch operation {
            case .colon, .equals: return .success(.text(value, field: .amount))
            case .above: return .success(.magnitude(MagnitudeRange(lower: amount, lowerInclusive: false)))
            case .atLeast: return .success(.magnitude(MagnitudeRange(lower: amount)))
            case .below: return .success(.magnitude(MagnitudeRange(upper: amount, upperInclusive: false)))
            case .atMost: return .success(.magnitude(MagnitudeRange(upper: amount)))
            case .near: return .success(.amountNear(amount, tolerance: nil))
            }
        }
    }

    /// `42` (within 5%), `42±3` or `42+-3` (within 3) after `amount~`.
    private static func nearCondition(_ value: String) -> Result<SearchTerm.Condition, Problem> {
        if rangeParts(value) != nil {
            return .failure(Problem(offset: 0, expected: "one amount after '~' (amount~42, amount~42±3), not a range"))
        }
        var center = value, tolerance: String?
        var toleranceOffset = 0
        for separator in ["±", "+-"] {
            guard let range = value.range(of: separator) else { continue }
            center = String(value[..<range.lowerBound])
            tolerance = String(value[range.upperBound...])
            toleranceOffset = center.count + separator.count
            break
        }
        let amount: DecimalAmount
        switch SyntaxValueParsing.magnitude(center) {
        case .success(let value): amount = value
        case .failure(let problem): return .failure(problem)
        }
        guard let tolerance else { return .success(.amountNear(amount, tolerance: nil)) }
        if tolerance.isEmpty {
            return .failure(Problem(offset: toleranceOffset, expected: "how far from \(center) after '±', as in amount~\(center)±3"))
        }
        switch SyntaxValueParsing.magnitude(tolerance) {
        case .success(let within): return .success(.amountNear(amount, tolerance: within))
        case .failure(let problem): return .failure(Problem(offset: toleranceOffset + problem.offset, expected: problem.expected))
        }
    }

    private static func dateCondition(_ operation: Operation, _ value: String) -> Result<SearchTerm.Condition, Problem> {
        if let relative = RelativeDateSyntax.condition(operation, value) { return relative }
        if let (low, high, highOffset) = rangeParts(value) {
            guard operation == .colon || operation == .equals else {
                return .failure(Problem(offset: 0, expected: "one date after '\(operation.rawValue)', not a range"))
            }
            let from: CalendarDay?, to: CalendarDay?
            switch rangeSides(low, high, highOffset: highOffset, SyntaxValueParsing.days) {
            case .success(let sides): (from, to) = (sides.0?.lowerBound, sides.1?.upperBound)
            case .failure(let problem): return .failure(problem)
            }
            if let from, let to, to < from {
                return .failure(Problem(offset: 0, expected: "the earlier date first (\(high)..\(low), not \(value))"))
            }
            return .success(.dates(from: from, to: to))
        }
        switch SyntaxValueParsing.days(value) {
        case .failure(let problem): return .failure(problem)
        case .success(let days):
            switch operation {
            case .colon, .equals: return .success(.dates(from: days.lowerBound, to: days.upperBound))
            case .atLeast: return .success(.dates(from: days.lowerBound, to: nil))
            case .above: return .success(.dates(from: days.upperBound.adding(days: 1), to: nil))
            case .atMost: return .success(.dates(from: nil, to: days.upperBound))
            case .below: return .success(.dates(from: nil, to: days.lowerBound.adding(days: -1)))
            case .near: return .failure(Problem(offset: -1, expected: "':' after date (only amount takes ~)"))
            }
        }
    }

    /// Both sides of a range read by `parse`, an empty side as nil; a problem in the second
    /// side has its offset counted from the value's start.
    private static func rangeSides<Value>(
        _ low: String, _ high: String, highOffset: Int, _ parse: (String) -> Result<Value, Problem>
    ) -> Result<(Value?, Value?), Problem> {
        var lower: Value?
        var upper: Value?
        if !low.isEmpty {
            switch parse(low) {
            case .success(let value): lower = value
            case .failure(let problem): return .failure(problem)
            }
        }
        if !high.isEmpty {
            switch parse(high) {
            case .success(let value): upper = value
            case .failure(let problem): return .failure(Problem(offset: highOffset + problem.offset, expected: problem.expected))
            }
        }
        return .success((lower, upper))
    }

    /// `10..20` as its two sides (either may be empty) and the offset of the second; nil when
    /// the value is not a range. `..` alone is not a range.
    private static func rangeParts(_ value: String) -> (String, String, Int)? {
        guard let separator = value.range(of: "..") else { return nil }
        let low = String(value[..<separator.lowerBound])
        let high = String(value[separator.upperBound...])
        guard !low.isEmpty || !high.isEmpty else { return nil }
        return (low, high, low.count + 2)
    }
}

extension CalendarDay {
    /// The day `days` later (earlier when negative).
    func adding(days: Int32) -> CalendarDay { CalendarDay(daysSince1970: daysSince1970 + days) }
}
