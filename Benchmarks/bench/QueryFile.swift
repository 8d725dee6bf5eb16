import Foundation
import TransactionSearch

/// `bench --queries FILE`: a person's own query mix, as a JSON list of objects, each a search
/// box text and options (every key optional but `search`):
///
///     [{"label": "coffee this year", "search": "coffee date>=2026-01-01", "group": "month"},
///      {"search": "", "status": "pending", "group": "category", "cards": ["4242"]}]
///
/// Keys: `label`, `search`, `scope`, `group`, `sort`, `limit`, `offset`, `from`, `to`
/// (YYYY-MM-DD), `cards`, `categories`, `accounts`, `status`, `min`, `max`, `kind`.
struct QueryFile: Decodable {
    struct Entry: Decodable {
        var label: String?
        var search: String
        var scope: SearchScope?
        var group: Grouping?
        var sort: ResultOrder?
        var limit: Int?
        var offset: Int?
        var from: CalendarDay?
        var to: CalendarDay?
        var cards: [String]?
        var categories: [String]?
        var accounts: [String]?
        var status: TransactionStatus?
        var min: DecimalAmount?
        var max: DecimalAmount?
        var kind: TransactionKind?
    }

    /// The queries of a file.
    static func read(_ path: String) throws -> [BenchQuery] {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchFailure("cannot read \(path)") }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw BenchFailure("\(path): not a list of queries (\(error))")
        }
        return try entries.enumerated().map { index, entry in
            var query: Query
            do {
                query = try Query(parsing: entry.search)
            } catch {
                throw BenchFailure("\(path): query \(index + 1): \(error)")
            }
            if let scope = entry.scope { query.scope = scope }
            if let group = entry.group { query.grouping = group }
            if let sort = entry.sort { query.sort = sort }
            if let limit = entry.limit { query.limit = limit }
            if let offset = entry.offset { query.offset = offset }
            query.filters = QueryFilters(
                from: entry.from, to: entry.to, cards: entry.cards ?? [], categories: entry.categories ?? [],
                accounts: entry.accounts ?? [], status: entry.status, minimumAmount: entry.min, maximumAmount: entry.max, kind: entry.kind)
            return BenchQuery(label: entry.label ?? "query \(index + 1): \(entry.search)", query: query)
        }
    }
}
