import TransactionSearch

/// One timed query and what it stands for.
struct BenchQuery {
    var label: String
    var query: Query
}

/// The standard query mix: merchant words of several selectivities, one- and two-character
/// terms, a word found nowhere, two words, folded Unicode, notes and amount scopes, each
/// grouping, date-range and card filters, a typo, four facets, and queries with `OR` and
/// groups (`boolean(for:)`); each asks for the first page of 50 rows. The card and
/// the last year are taken from the data, so real files get filters that match something.
enum QueryMix {
    static func standard(for store: TransactionStore) -> [BenchQuery] {
        let card = busiestCard(store)
        let sixteenPercent = sixteenPercentTerm(store)
        let typo = typoTerm(store)
        let lastYear = lastYearOfData(store)
        let lastYearFilters = QueryFilters(from: lastYear.from, to: lastYear.to)
        let cardFilters = QueryFilters(cards: [card])
        var cardAndYear = lastYearFilters
        cardAndYear.cards = [card]
        return [
            BenchQuery(label: "star, by day", query: Query(text: "star", grouping: .day)),
            BenchQuery(label: "starbucks, by month", query: Query(text: "starbucks", grouping: .month)),
            BenchQuery(label: "lidl, by card", query: Query(text: "lidl", grouping: .card)),
            BenchQuery(label: "café de (two words), by category", query: Query(text: "café de", grouping: .category)),
            BenchQuery(label: "a (one character), by day", query: Query(text: "a", grouping: .day)),
            BenchQuery(label: "st (two characters), no grouping", query: Query(text: "st")),
            BenchQuery(label: "zzqx (found nowhere), by day", query: Query(text: "zzqx", grouping: .day)),
            BenchQuery(label: "ПЯТЁРОЧКА (folded), by day", query: Query(text: "ПЯТЁРОЧКА", grouping: .day)),
            BenchQuery(label: "ラーメン, by month", query: Query(text: "ラーメン", grouping: .month)),
            BenchQuery(label: "lunch in notes, by day", query: Query(text: "lunch", scope: .notes, grouping: .day)),
            BenchQuery(label: "12.5 as an amount, no grouping", query: Query(text: "12.5", scope: .amount)),
            BenchQuery(label: "17 (text or amount), by category", query: Query(text: "17", grouping: .category)),
            BenchQuery(label: "shell, last year, by month", query: Query(text: "shell", filters: lastYearFilters, grouping: .month)),
            BenchQuery(label: "a on \(card), by card", query: Query(text: "a", filters: cardFilters, grouping: .card)),
            BenchQuery(label: "market on \(card), last year, by day",
                       query: Query(text: "market", filters: cardAndYear, grouping: .day)),
            BenchQuery(label: "strasse (ß folds), by merchant", query: Query(text: "strasse", grouping: .merchant)),
            BenchQuery(label: "ca (two characters), by day", query: Query(text: "ca", grouping: .day)),
            BenchQuery(label: "status pending alone, by category", query: Query(filters: QueryFilters(status: .pending), grouping: .category)),
            BenchQuery(label: "status posted alone, by day", query: Query(filters: QueryFilters(status: .posted), grouping: .day)),
            BenchQuery(label: "expenses only, by month", query: Query(filters: QueryFilters(kind: .expense), grouping: .month)),
            BenchQuery(label: "st on \(card), -50..-5, by category",
                       query: Query(text: "st", filters: QueryFilters(cards: [card], minimumAmount: -50, maximumAmount: -5), grouping: .category)),
            BenchQuery(label: "0.99 0,9 (amount terms), scope amount", query: Query(text: "0.99 0,9", scope: .amount)),
            BenchQuery(label: "\(sixteenPercent.text) (~16%), date-ascending, offset 100",
                       query: Query(text: sixteenPercent.text, sort: .dateAscending, offset: 100)),
            BenchQuery(label: "\(typo.text) (a typo of \(typo.word)), by month", query: Query(text: typo.text, grouping: .month)),
            BenchQuery(label: "\(typo.word), by month, 4 facets (category, card, month, status)",
                       query: Query(text: typo.word, grouping: .month, facets: fourFacets)),
        ] + boolean(for: store)
    }

    /// Queries with `OR` and groups (docs/SPEC.md section 11): two frequent terms, a frequent
    /// and a rare one, an excluded group, a clause of two terms beside a term, a group with an
    /// exclusion; the terms taken from the data (the report adds each one's share of rows).
    static func boolean(for store: TransactionStore) -> [BenchQuery] {
        let frequent = frequentTerms(store)
        let (first, second) = (frequent.first ?? "re", frequent.dropFirst().first ?? "ar")
        let rare = rareTerm(store)
        let forms: [(String, String, Grouping)] = [
            ("\(first) OR \(second)", "two frequent terms", .day),
            ("\(first) OR \(rare)", "a frequent and a rare term", .month),
            ("-(\(first) OR \(second))", "an excluded group", .category),
            ("(\(first) amount<5) OR \(rare)", "a clause of two and a term", .week),
            ("(\(second) OR \(rare)) -\(first)", "a group less a term", .card),
        ]
        return forms.map { text, kind, grouping in
            let query = (try? Query(parsing: text, grouping: grouping)) ?? Query(text: text, grouping: grouping)
            return BenchQuery(label: "\(text) (\(kind)), by \(grouping.rawValue)", query: query)
        }
    }

    /// The two candidate words whose rows are nearest 16% of the store.
    private static func frequentTerms(_ store: TransactionStore) -> [String] {
        let candidates = ["re", "ar", "an", "er", "on", "in", "la", "de", "es", "or", "al", "ma", "market", "shop", "coffee"]
        let total = Double(max(store.count, 1))
        return candidates.map { text in (text, Double(store.diagnostics.searchWithoutCache(Query(text: text, limit: 0)).total.count) / total) }
            .sorted { abs($0.1 - 0.16) < abs($1.1 - 0.16) }.map(\.0)
    }

    /// A word of four letters or more from a merchant of the tail, found in at most 0.5% of
    /// the rows (at least one).
    private static func rareTerm(_ store: TransactionStore) -> String {
        let merchants = store.diagnostics.searchWithoutCache(Query(grouping: .merchant, limit: 0)).groups.sorted { $0.count < $1.count }
        let limit = max(store.count / 200, 1)
        for group in merchants.prefix(200) {
            for word in Folding.fold(group.title).split(separator: " ") where word.count >= 4 && word.allSatisfy(\.isLetter) {
                let count = store.diagnostics.searchWithoutCache(Query(text: String(word), limit: 0)).total.count
                if count >= 1 && count <= limit { return String(word) }
            }
        }
        return "zzqx"
    }

    /// The facets a search screen shows as filter chips.
    static let fourFacets = [FacetRequest(.category), FacetRequest(.card), FacetRequest(.month), FacetRequest(.status)]

    /// A word of six letters or more from the busiest merchants with two inner letters
    /// swapped, found nowhere as typed (so it is matched approximately); the data decides.
    private static func typoTerm(_ store: TransactionStore) -> (text: String, word: String) {
        let merchants = store.diagnostics.searchWithoutCache(Query(grouping: .merchant, limit: 0)).groups.sorted { $0.count > $1.count }
        for group in merchants.prefix(50) {
            for word in Folding.fold(group.title).split(separator: " ") where word.count >= 6 && word.allSatisfy(\.isLetter) {
                var letters = Array(word)
                guard letters[2] != letters[3] else { continue }
                letters.swapAt(2, 3)
                let typo = String(letters)
                if !store.diagnostics.searchWithoutCache(Query(text: typo, limit: 0)).corrections.isEmpty { return (typo, String(word)) }
            }
        }
        return ("stabrucks", "starbucks")
    }

    /// A search box being typed, then deleted back: each keystroke a grouped first page.
    static let typing: [BenchQuery] = {
        let word = Array("starbucks")
        let forward = (1...word.count).map { String(word.prefix($0)) }
        return (forward + forward.dropLast().reversed()).map { text in
            BenchQuery(label: "typing '\(text)', by day", query: Query(text: text, grouping: .day))
        }
    }()

    /// A word whose rows are nearest 16% of the store (the data decides which).
    private static func sixteenPercentTerm(_ store: TransactionStore) -> (text: String, share: Double) {
        let candidates = ["re", "ar", "an", "er", "on", "in", "la", "de", "es", "or", "al", "ma", "market", "shop", "coffee"]
        let total = Double(max(store.count, 1))
        return candidates.map { text in (text, Double(store.diagnostics.searchWithoutCache(Query(text: text, limit: 0)).total.count) / total) }
            .min { abs($0.1 - 0.16) < abs($1.1 - 0.16) } ?? ("re", 0)
    }

    /// Grouping with no text: what a transaction list shows before anything is typed.
    static let grouping: [BenchQuery] = [
        BenchQuery(label: "all rows, by day", query: Query(grouping: .day)),
        BenchQuery(label: "all rows, by month", query: Query(grouping: .month)),
        BenchQuery(label: "all rows, by card", query: Query(grouping: .card)),
        BenchQuery(label: "all rows, by category", query: Query(grouping: .category)),
    ]

    private static func busiestCard(_ store: TransactionStore) -> String {
        let groups = store.diagnostics.searchWithoutCache(Query(grouping: .card, limit: 0)).groups
        return groups.filter { $0.key != .card(nil) }.max { $0.count < $1.count }.flatMap { $0.key.text } ?? "4242"
    }

    private static func lastYearOfData(_ store: TransactionStore) -> (from: CalendarDay, to: CalendarDay) {
        let newest = store.diagnostics.searchWithoutCache(Query(limit: 1)).rows.first?.transaction.date
        let last: CalendarDay
        switch newest {
        case .day(let day)?: last = day
        case .instant(let milliseconds)?: last = CalendarDay(daysSince1970: Int32(milliseconds / 86_400_000))
        case nil: last = CalendarDay(daysSince1970: 0)
        }
        return (CalendarDay(daysSince1970: last.daysSince1970 - 364), last)
    }
}
