import Foundation
import TransactionSearch

/// The plain way to answer a query, as apps do today: keep every row with its fields folded once,
/// then on each query filter every row, `Dictionary(grouping:)`, sort, and cut the page.
///
/// It is the reference the tests compare the store with (slow, obvious, written from docs/SPEC.md
/// sections 2 and 3 with no shared query code), and the baseline `bench` measures against.
/// Local days come from `Calendar`, not from the store's zone tables.
public struct PlainScan: Sendable {
    struct Row: Sendable {
        let transaction: Transaction
        let day: CalendarDay
        /// Milliseconds; a calendar date sorts as its midnight in the zone.
        let sortInstant: Int64
        let merchant: [UInt8]
        let category: [UInt8]?
        let subcategory: [UInt8]?
        let notes: [UInt8]?
        let card: [UInt8]?
        let cardTitle: [UInt8]?
        let account: [UInt8]?
        let payee: [UInt8]

        /// A text field's folded copy (nil when the row has none, or for a field not kept).
        func folded(_ field: TransactionField) -> [UInt8]? {
            switch field {
            case .merchant: merchant
            case .category: category
            case .subcategory: subcategory
            case .notes: notes
            case .card: card
            case .account: account
            case .payee: payee
            case .id, .date, .amount, .currency, .status, .importKey: nil
            }
        }
    }

    let rows: [Row]
    let timeZone: TimeZone

    public init(transactions: [Transaction], timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func fold(_ text: String?) -> [UInt8]? { text.map { Array(Folding.fold($0).utf8) } }
        rows = transactions.map { transaction in
            let day: CalendarDay
            let sortInstant: Int64
            switch transaction.date {
            case .day(let calendarDay):
                day = calendarDay
                let parts = calendarDay.components
                let noon = calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: 12))!
                sortInstant = Int64((calendar.startOfDay(for: noon).timeIntervalSince1970 * 1000).rounded())
            case .instant(let milliseconds):
                let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
                day = try! CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)
                sortInstant = milliseconds
            }
            return Row(
                transaction: transaction, day: day, sortInstant: sortInstant,
                merchant: fold(transaction.merchant)!, category: fold(transaction.category),
                subcategory: fold(transaction.subcategory), notes: fold(transaction.notes),
                card: fold(transaction.card), cardTitle: fold(transaction.cardTitle),
                account: fold(transaction.account), payee: fold(transaction.payee)!)
        }
    }

    /// The answer to a query, computed row by row. Relative dates count from `today` (the
    /// system clock's day in the zone when nil).
    public func search(_ query: Query, rates: ExchangeRates? = nil, today: CalendarDay? = nil) -> QueryResult {
        let query = resolvingRelativeDates(query, today: today ?? systemToday)
        let words = PlainScan.words(query.text)
        // A word (of the text or of a group, not excluded) with no exact match anywhere in its
        // scope is matched approximately (docs/SPEC.md section 8). Without groups every word is
        // required, so such a word leaves nothing matching: only then are words looked at.
        let hasGroups = query.terms.contains { if case .anyOf = $0.condition { true } else { false } }
        var widened: [[UInt8]: TypoWord] = [:]
        var matching = hasGroups ? [] : filter(query, words: words, widened: widened)
        if hasGroups || matching.isEmpty {
            widened = typoWords(PlainScan.searchedWords(of: query), scope: TermField(query.scope))
            if hasGroups || !widened.isEmpty { matching = filter(query, words: words, widened: widened) }
        }
        let total = PlainScan.aggregate(matching.map(\.transaction), rates: rates)

        // Group, order the groups, sort each group, lay them out, cut the page.
        let grouped = Dictionary(grouping: matching) { PlainScan.key(of: $0, query.grouping) }
        var keys = Array(grouped.keys)
        keys.sort { PlainScan.groupPrecedes($0, $1, query) }
        keys = PlainScan.ordered(keys, grouped: grouped, total: total, query.groupOrdering, rates: rates)
        var laidOut: [(row: Row, key: GroupKey?)] = []
        for key in keys {
            for row in grouped[key]!.sorted(by: { PlainScan.rowPrecedes($0, $1, query.sort) }) {
                laidOut.append((row, query.grouping == .none ? nil : key))
            }
        }
        let start = min(max(query.offset, 0), laidOut.count)
        let page = laidOut[start ..< min(laidOut.count, start + max(query.limit, 0))]
        let corrections = widened.keys.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { correction(for: widened[$0]!) }
        var highlights = PlainScan.highlightTerms(query)
        if query.scope == .all || query.scope == .merchant {
            for spelling in corrections.flatMap(\.matched) where !highlights.contains(Array(spelling.utf8)) {
                highlights.append(Array(spelling.utf8))
            }
        }
        let resultRows = page.map { entry in
            ResultRow(transaction: entry.row.transaction, group: entry.key,
                      matches: PlainScan.matchRanges(of: highlights, in: entry.row.transaction.merchant))
        }
        let groups = query.grouping == .none ? [] : keys.map { key -> ResultGroup in
            let aggregate = PlainScan.aggregate(grouped[key]!.map(\.transaction), rates: rates)
            return ResultGroup(key: key ?? .day(CalendarDay(daysSince1970: 0)), count: aggregate.count,
                               sums: aggregate.sums, base: aggregate.base, baseProblem: aggregate.baseProblem)
        }
        var result = QueryResult(grouping: query.grouping, total: total, groups: groups, rows: resultRows)
        result.corrections = corrections
        result.facets = facets(of: query, matching: matching, widened: widened, rates: rates)
        return result
    }

    /// The rows that pass the filters and every word and term; `widened` words are matched
    /// approximately.
    func filter(_ query: Query, words: [[UInt8]], widened: [[UInt8]: TypoWord]) -> [Row] {
        let context = Context(scope: TermField(query.scope), widened: widened, isNegated: false)
        return rows.filter { row in
            passesFilters(row, query.filters)
                && words.allSatisfy { PlainScan.wordMatches(row, $0, context) }
                && PlainScan.allHold(query.terms, row, context)
        }
    }

    // MARK: Matching

    static func words(_ text: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        for word in Folding.fold(text).unicodeScalars.split(whereSeparator: { $0.properties.isWhitespace }) {
            let bytes = Array(String(word).utf8)
            if !words.contains(bytes) { words.append(bytes) }
        }
        return words
    }

    static func contains(_ field: [UInt8]?, _ term: [UInt8]) -> Bool {
        guard let field else { return false }
        return term.isEmpty || field.firstRange(of: term) != nil
    }

    /// Digits, optionally one `.` or `,` and more digits: the value and its fraction digits.
    static func number(_ term: [UInt8]) -> (value: Int128, digits: Int)? {
        let text = String(decoding: term, as: UTF8.self)
        let parts = text.split(separator: text.contains(",") ? "," : ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              text.count <= 19 else { return nil }
        let digits = parts.count == 2 ? parts[1].count : 0
        return (Int128(parts.joined())!, digits)
    }

    /// |amount| as a fraction `numerator / 10^digits`.
    static func magnitude(_ money: Money) -> (Int128, Int) {
        (Int128(money.minorUnits.magnitude), money.currency.minorDigits)
    }

    static func power(_ exponent: Int) -> Int128 {
        (0..<exponent).reduce(Int128(1)) { value, _ in value * 10 }
    }

    /// Compares a / 10^p with b / 10^q: negative, zero or positive.
    static func compare(_ a: Int128, _ p: Int, _ b: Int128, _ q: Int) -> Int {
        let left = a * power(q), right = b * power(p)
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    static func amountMatches(_ money: Money, _ term: [UInt8]) -> Bool {
        guard let (value, digits) = number(term) else { return false }
        let (amount, amountDigits) = magnitude(money)
        return compare(amount, amountDigits, value, digits) >= 0 && compare(amount, amountDigits, value + 1, digits) < 0
    }

    /// The text fields a scope's words look in, as docs/SPEC.md section 2 says (a card term
    /// also looks in the masked title, `matches`). The reference states this itself rather than
    /// asking the store's description (`TextField.isSearched`), so that the tests compare two
    /// readings of the spec; `matches` spells the same lists out per row (no array a row), and
    /// the typo search (`typoWords`, `correction`) iterates these.
    static func textFields(searchedBy scope: TermField) -> [TransactionField] {
        switch scope {
        case .all: [.merchant, .category, .subcategory, .notes, .payee]
        case .merchant: [.merchant]
        case .category: [.category, .subcategory]
        case .notes: [.notes]
        case .card: [.card]
        case .account: [.account]
        case .payee: [.payee]
        case .amount: []
        }
    }

    static func matches(_ row: Row, text term: [UInt8], field: TermField) -> Bool {
        switch field {
        case .all:
            return contains(row.merchant, term) || contains(row.category, term) || contains(row.subcategory, term)
                || contains(row.notes, term) || contains(row.payee, term) || amountMatches(row.transaction.amount, term)
        case .merchant: return contains(row.merchant, term)
        case .category: return contains(row.category, term) || contains(row.subcategory, term)
        case .notes: return contains(row.notes, term)
        case .amount: return amountMatches(row.transaction.amount, term)
        case .card: return contains(row.card, term) || contains(row.cardTitle, term)
        case .account: return contains(row.account, term)
        case .payee: return contains(row.payee, term)
        }
    }

    /// A text term or a word that folds to nothing constrains nothing, whether required or
    /// excluded.
    static func isEmptyText(_ condition: SearchTerm.Condition) -> Bool {
        switch condition {
        case .text(let text, _), .word(let text): Folding.fold(text).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        default: false
        }
    }

    static func holds(_ row: Row, _ condition: SearchTerm.Condition, _ context: Context) -> Bool {
        switch condition {
        case .word(let text):
            return words(text).allSatisfy { wordMatches(row, $0, context) }
        case .amountNear(let value, let tolerance):
            return isNear(row.transaction.amount, value, tolerance)
        case .anyOf(let clauses):
            return clauses.contains { allHold($0.terms, row, context) }
        case .text(let text, let field):
            let phrase = Array(Folding.fold(text).trimmingCharacters(in: .whitespacesAndNewlines).utf8)
            return matches(row, text: phrase, field: field)
        case .magnitude(let range):
            let (amount, digits) = magnitude(row.transaction.amount)
            if let lower = range.lower {
                let order = compare(amount, digits, Int128(lower.significand.magnitude), lower.fractionDigits)
                if order < 0 || (order == 0 && !range.lowerInclusive) { return false }
            }
            if let upper = range.upper {
                let order = compare(amount, digits, Int128(upper.significand.magnitude), upper.fractionDigits)
                if order > 0 || (order == 0 && !range.upperInclusive) { return false }
            }
            return true
        case .dates(let from, let to):
            return (from.map { row.day >= $0 } ?? true) && (to.map { row.day <= $0 } ?? true)
        case .status(let status):
            return row.transaction.status == status
        case .relativeDates:
            preconditionFailure("PlainScan.search works relative dates out first")
        }
    }

    func passesFilters(_ row: Row, _ filters: QueryFilters) -> Bool {
        let transaction = row.transaction
        if let from = filters.from, row.day < from { return false }
        if let to = filters.to, row.day > to { return false }
        func folded(_ text: String) -> [UInt8] {
            Array(Folding.fold(text).trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        }
        if !filters.cards.isEmpty && !filters.cards.contains(where: { wanted in
            guard let wanted else { return row.card == nil }
            guard let card = row.card, let title = row.cardTitle else { return false }
            let value = folded(wanted)
            return card == value || title == value || (title.starts(with: Array("****".utf8)) && Array(title.dropFirst(4)) == value)
        }) { return false }
        if !filters.categories.isEmpty && !filters.categories.contains(where: { wanted in
            wanted.map { row.category == folded($0) } ?? (row.category == nil)
        }) { return false }
        if !filters.accounts.isEmpty && !filters.accounts.contains(where: { wanted in
            wanted.map { row.account == folded($0) } ?? (row.account == nil)
        }) { return false }
        if let status = filters.status, transaction.status != status { return false }
        let signed = (Int128(transaction.amount.minorUnits), transaction.amount.currency.minorDigits)
        if let minimum = filters.minimumAmount,
           PlainScan.compare(signed.0, signed.1, Int128(minimum.significand), minimum.fractionDigits) < 0 { return false }
        if let maximum = filters.maximumAmount,
           PlainScan.compare(signed.0, signed.1, Int128(maximum.significand), maximum.fractionDigits) > 0 { return false }
        switch filters.kind {
        case .expense?: if transaction.amount.minorUnits >= 0 { return false }
        case .income?: if transaction.amount.minorUnits <= 0 { return false }
        case nil: break
        }
        return true
    }

    // MARK: Grouping and order

    static func key(of row: Row, _ grouping: Grouping) -> GroupKey? {
        switch grouping {
        case .none: nil
        case .day: .day(row.day)
        case .month: .month(row.day.calendarMonth)
        case .card: .card(row.transaction.card)
        case .category: .category(row.transaction.category)
        case .merchant: .merchant(row.transaction.merchant)
        case .week: .week(isoWeek(of: row.day))
        case .year: .year(row.day.year)
        case .account: .account(row.transaction.account)
        case .payee: .payee(row.transaction.payee.isEmpty ? nil : row.transaction.payee)
        }
    }

    static func groupPrecedes(_ a: GroupKey?, _ b: GroupKey?, _ query: Query) -> Bool {
        switch (a, b) {
        case (.day(let x)?, .day(let y)?): return query.sort == .dateAscending ? x < y : x > y
        case (.month(let x)?, .month(let y)?): return query.sort == .dateAscending ? x < y : x > y
        case (.week(let x)?, .week(let y)?): return query.sort == .dateAscending ? x < y : x > y
        case (.year(let x)?, .year(let y)?): return query.sort == .dateAscending ? x < y : x > y
        default:
            guard let a, let b else { return false }
            let aNone = a.text == nil, bNone = b.text == nil
            if aNone != bNone { return bNone }
            let (fa, fb) = (Array(Folding.fold(a.title).utf8), Array(Folding.fold(b.title).utf8))
            if fa != fb { return fa.lexicographicallyPrecedes(fb) }
            let (ta, tb) = (Array(a.title.utf8), Array(b.title.utf8))
            if ta != tb { return ta.lexicographicallyPrecedes(tb) }
            return Array((a.text ?? "").utf8).lexicographicallyPrecedes(Array((b.text ?? "").utf8))
        }
    }

    static func rowPrecedes(_ a: Row, _ b: Row, _ sort: ResultOrder) -> Bool {
        let idOrder = Array(a.transaction.id.utf8).lexicographicallyPrecedes(Array(b.transaction.id.utf8))
        switch sort {
        case .dateDescending:
            return a.sortInstant != b.sortInstant ? a.sortInstant > b.sortInstant : idOrder
        case .dateAscending:
            return a.sortInstant != b.sortInstant ? a.sortInstant < b.sortInstant : idOrder
        case .amountDescending, .amountAscending:
            let (x, p) = magnitude(a.transaction.amount), (y, q) = magnitude(b.transaction.amount)
            let order = compare(x, p, y, q)
            if order != 0 { return sort == .amountDescending ? order > 0 : order < 0 }
            return a.sortInstant != b.sortInstant ? a.sortInstant > b.sortInstant : idOrder
        }
    }

    // MARK: Totals and highlights

    static func aggregate(_ transactions: [Transaction], rates: ExchangeRates?) -> Aggregate {
        let byCurrency = Dictionary(grouping: transactions, by: \.amount.currency)
        let sums = byCurrency.keys.sorted { $0.code < $1.code }.map { currency in
            Money(minorUnits: byCurrency[currency]!.reduce(0) { $0 + $1.amount.minorUnits }, currency: currency)
        }
        let conversion = rates?.conversion(of: sums)
        return Aggregate(count: transactions.count, sums: sums, base: try? conversion?.get(),
                         baseProblem: conversion.flatMap { if case .failure(let problem) = $0 { problem } else { nil } })
    }

    /// What is marked in a page row's merchant: the words (of the text and of groups) when the
    /// scope searches merchants, and the phrases of scope all or merchant; never what is
    /// excluded, or inside an excluded group.
    static func highlightTerms(_ query: Query) -> [[UInt8]] {
        var terms = query.scope == .all || query.scope == .merchant ? searchedWords(of: query) : []
        func visit(_ list: [SearchTerm]) {
            for term in list where !term.isExcluded {
                switch term.condition {
                case .text(let text, let field) where field == .all || field == .merchant:
                    let phrase = Array(Folding.fold(text).trimmingCharacters(in: .whitespacesAndNewlines).utf8)
                    if !phrase.isEmpty && !terms.contains(phrase) { terms.append(phrase) }
                case .anyOf(let clauses):
                    for clause in clauses { visit(clause.terms) }
                default: break
                }
            }
        }
        visit(query.terms)
        return terms
    }

    /// Occurrences of the terms in the merchant's folded text, as ranges of original scalars:
    /// the text is folded one scalar at a time, remembering which scalar made each byte.
    static func matchRanges(of terms: [[UInt8]], in text: String) -> [Range<Int>] {
        var folded: [UInt8] = []
        var origins: [Int] = []
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let bytes = Array(Folding.fold(String(scalar)).utf8)
            folded += bytes
            origins += Array(repeating: index, count: bytes.count)
        }
        // Every scalar that an occurrence of a term covers is marked; the ranges are the runs of
        // marked scalars (so overlapping and touching occurrences make one range).
        var covered = [Bool](repeating: false, count: scalars.count)
        for term in terms where !term.isEmpty && term.count <= folded.count {
            for start in 0...(folded.count - term.count) where Array(folded[start ..< start + term.count]) == term {
                let end = start + term.count
                let upper = end < origins.count ? origins[end] : scalars.count
                for scalar in origins[start] ..< max(upper, origins[end - 1] + 1) { covered[scalar] = true }
            }
        }
        var runs: [Range<Int>] = []
        var runStart: Int?
        for (index, isCovered) in covered.enumerated() {
            if isCovered, runStart == nil { runStart = index }
            if !isCovered, let start = runStart {
                runs.append(start ..< index)
                runStart = nil
            }
        }
        if let start = runStart { runs.append(start ..< covered.count) }
        return runs
    }
}
