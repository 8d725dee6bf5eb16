import CommandLineSupport
import Foundation
import TransactionSearch

/// What `recurring`, `report` and `summary` share: the data options, the query's filters (no
/// grouping, sort or page: an insight sets its own), `--today`, and a store loaded with them.
enum InsightArguments {
    /// The filters of a query that narrow the rows an insight reads.
    static let filterOptions: [CommandSpec.Option] = QueryOptions.options.filter { option in
        !["group", "group-order", "sort", "limit", "offset", "kind"].contains(option.name)
    }

    /// `--today`.
    static let todayOption = CommandSpec.Option.value(
        "today", "YYYY-MM-DD", help: "The day relative dates and 'next' count from (default the system clock).")

    /// The loaded store (with `--today` set as its clock) and the query of the words and filters.
    static func load(_ arguments: ParsedArguments, words: [String]) throws(FSearchError) -> (loaded: DataSource.Loaded, query: Query) {
        try SearchCommand.refuseMisplacedCommand(arguments, words: words)
        let loaded = try DataSource.from(arguments).load(arguments, timeZone: try Choice.timeZone(arguments.value("tz")),
                                                         baseCurrency: nil, skipBad: arguments.has("skip-bad"),
                                                         recovering: arguments.has("recover"))
        if let today = arguments.value("today") { loaded.store.clock = .fixed(day: try Choice.day(today, option: "today")) }
        var query = try QueryOptions.query(from: arguments, today: loaded.store.today)
        query.limit = 0
        return (loaded, query)
    }
}

/// Small writers for the insight commands' JSON and CSV.
enum InsightText {
    /// A JSON string literal of `text`, quotes included.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled).
    static func csv(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` padded with spaces to `width` characters (left aligned), or right aligned.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let missing = max(0, width - text.count)
        return right ? String(repeating: " ", count: missing) + text : text + String(repeating: " ", count: missing)
    }

    /// Rows as a table: each column as wide as its widest cell, numbers right aligned.
    static func table(_ header: [String], _ rows: [[String]], rightAligned: Set<Int>) -> String {
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { pad(cells[$0], widths[$0], right: rightAligned.contains($0)) }.joined(separator: "  ")
                .replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
