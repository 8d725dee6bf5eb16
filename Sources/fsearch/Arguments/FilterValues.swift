import CommandLineSupport
import TransactionSearch

/// Filter values that no transaction has: `--category Fod` makes every search empty, and the
/// words typed beside it are not to blame. Each such value is said with the closest value the
/// store has (`no category 'Fod'; did you mean Food?`), compared folded (case and accents
/// ignored) by edit distance.
enum FilterValues {
    /// One sentence per `--card`, `--category` or `--account` value that matches no row of
    /// `store` on its own, in the order given.
    static func missing(in filters: QueryFilters, of store: TransactionStore) -> [String] {
        var sentences: [String] = []
        let lists: [(FacetField, [String?], (inout QueryFilters, String?) -> Void)] = [
            (.card, filters.cards, { $0.cards = [$1] }),
            (.category, filters.categories, { $0.categories = [$1] }),
            (.account, filters.accounts, { $0.accounts = [$1] }),
        ]
        for (field, values, set) in lists {
            var known: [String]?
            for value in values {
                var alone = QueryFilters()
                set(&alone, value)
                guard store.search(Query(filters: alone, limit: 0)).total.count == 0 else { continue }
                guard let value else {
                    sentences.append("every transaction has a\(field == .account ? "n" : "") \(field.rawValue)")
                    continue
                }
                if known == nil { known = storedValues(of: field, in: store) }
                var sentence = "no \(field.rawValue) '\(value)'"
                if let closest = closest(to: value, among: known ?? [], field: field) { sentence += "; did you mean \(closest)?" }
                sentences.append(sentence)
            }
        }
        return sentences
    }

    /// The distinct values of a field, as stored.
    static func storedValues(of field: FacetField, in store: TransactionStore) -> [String] {
        let result = store.search(Query(limit: 0, facets: [FacetRequest(field, limit: Int.max)]))
        return result.facets.first?.values.compactMap(\.key) ?? []
    }

    /// The stored value closest to `typed`, folded, within a third of its length in edits (at
    /// least one, at most three); for a card also by its last four digits (`4243` finds
    /// `4242`, said as typed: a number for a number).
    static func closest(to typed: String, among values: [String], field: FacetField) -> String? {
        let folded = Folding.fold(typed)
        let limit = max(1, min(3, folded.count / 3))
        var candidates: [(shown: String, folded: String)] = values.map { ($0, Folding.fold($0)) }
        if field == .card {
            for value in values {
                let mask = Transaction.cardTitle(of: value)
                if mask != value { candidates.append((String(mask.dropFirst(4)), String(mask.dropFirst(4)))) }
            }
        }
        var best: (shown: String, distance: Int)?
        for candidate in candidates {
            let distance = EditDistance.between(folded, candidate.folded)
            if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (candidate.shown, distance) }
        }
        return best?.shown
    }
}
