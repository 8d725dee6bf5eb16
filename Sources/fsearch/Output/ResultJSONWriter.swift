import TransactionSearch

/// Writes a result as docs/SPEC.md section 6's JSON, byte for byte as `JSONEncoder` writes
/// `QueryResult` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, but with the
/// rows streamed chunk by chunk: keys in sorted order, two spaces of indent, `" : "`, an empty
/// array or object as `[`, an empty line, `]`, strings escaped as the encoder escapes them.
/// `FSearchOutputTests` compares the two. Bytes go straight to the buffer: no string is built
/// per value. The caller flushes `output` at the end.
struct ResultJSONWriter {
    var output: BufferedOutput

    /// A value of a member: a JSON string, `null`, or a number.
    enum Value {
        case string(String)
        case optional(String?)
        case number(Int)
        case bool(Bool)
    }

    /// Writes `result` (its rows ignored) with the rows of `chunks` in place of its rows.
    mutating func write(_ result: QueryResult, rows chunks: ResultRowChunks) {
        output.write("{\n")
        if let base = result.baseCurrency { member("baseCurrency", .string(base.code), indent: 1) }
        if !result.corrections.isEmpty { writeCorrections(result.corrections) }
        member("elapsedMicroseconds", .number(result.elapsedMicroseconds), indent: 1)
        if !result.facets.isEmpty { writeFacets(result.facets) }
        member("grouping", .string(result.grouping.rawValue), indent: 1)
        key("groups", indent: 1)
        if result.groups.isEmpty {
            emptyContainer("[", "]", indent: 1)
        } else {
            output.write("[\n")
            for (index, group) in result.groups.enumerated() {
                if index > 0 { output.write(",\n") }
                writeGroup(group)
            }
            output.write("\n  ],\n")
        }
        key("rows", indent: 1)
        var wroteRow = false
        for chunk in chunks {
            for row in chunk {
                output.write(wroteRow ? ",\n" : "[\n")
                wroteRow = true
                writeRow(row)
            }
        }
        if wroteRow { output.write("\n  ],\n") } else { emptyContainer("[", "]", indent: 1) }
        key("total", indent: 1)
        output.write("{\n")
        aggregate(base: result.total.base, problem: result.total.baseProblem, count: result.total.count, indent: 2)
        sums(result.total.sums, indent: 2, last: true)
        output.write("  }\n}\n")
    }

    private mutating func writeGroup(_ group: ResultGroup) {
        output.write("    {\n")
        aggregate(base: group.base, problem: group.baseProblem, count: group.count, indent: 3)
        member("key", .optional(group.key.text), indent: 3)
        sums(group.sums, indent: 3, last: false)
        member("title", .string(group.title), indent: 3, last: true)
        output.write("    }")
    }

    /// A row's keys in the encoder's sorted order: every transaction field, `group` and
    /// `matches`, and when the row has them `processor` and `sources` (the shape of
    /// `QueryResult`'s encoding).
    private static let rowKeys = (TransactionField.allCases.map(\.rawValue) + ["group", "matches"]).sorted()
    private static let rowKeysWithProcessor = (rowKeys + ["processor"]).sorted()
    private static let rowKeysWithSources = (rowKeys + ["sources"]).sorted()
    private static let rowKeysWithBoth = (rowKeys + ["processor", "sources"]).sorted()

    private mutating func writeRow(_ row: ResultRow) {
        let transaction = row.transaction
        let processor = transaction.processor
        let sources = transaction.sources.texts
        let keys = switch (processor != nil, !sources.isEmpty) {
        case (false, false): ResultJSONWriter.rowKeys
        case (true, false): ResultJSONWriter.rowKeysWithProcessor
        case (false, true): ResultJSONWriter.rowKeysWithSources
        case (true, true): ResultJSONWriter.rowKeysWithBoth
        }
        output.write("    {\n")
        for (index, name) in keys.enumerated() {
            let last = index == keys.count - 1
            switch name {
            case "processor":
                member(name, .optional(processor), indent: 3, last: last)
            case "sources":
                key(name, indent: 3)
                output.write("{\n")
                for (position, field) in sources.keys.sorted().enumerated() {
                    member(field, .string(sources[field]!), indent: 4, last: position == sources.count - 1)
                }
                output.write(last ? "      }\n" : "      },\n")
            case "group":
                member(name, .optional(row.group?.text), indent: 3, last: last)
            case "matches":
                key(name, indent: 3)
                if row.matches.isEmpty {
                    emptyContainer("[", "]", indent: 3, last: last)
                } else {
                    output.write("[\n")
                    for (position, range) in row.matches.enumerated() {
                        if position > 0 { output.write(",\n") }
                        output.write("        [\n          ")
                        output.write(String(range.lowerBound))
                        output.write(",\n          ")
                        output.write(String(range.upperBound))
                        output.write("\n        ]")
                    }
                    output.write(last ? "\n      ]\n" : "\n      ],\n")
                }
            default:
                let field = TransactionField(rawValue: name)!
                member(name, .optional(field.text(in: transaction)), indent: 3, last: last)
            }
        }
        output.write("    }")
    }

    /// The `base`, `baseProblem` and `count` keys of a total or a group.
    mutating func aggregate(base: Money?, problem: BaseTotalProblem?, count: Int, indent: Int) {
        if let base { member("base", .string(base.decimalText), indent: indent) }
        if let problem { member("baseProblem", .string(problem.description), indent: indent) }
        member("count", .number(count), indent: indent)
    }

    mutating func sums(_ sums: [Money], indent: Int, last: Bool) {
        key("sums", indent: indent)
        guard !sums.isEmpty else {
            emptyContainer("{", "}", indent: indent, last: last)
            return
        }
        output.write("{\n")
        for (index, money) in sums.enumerated() {
            member(money.currency.code, .string(money.decimalText), indent: indent + 1, last: index == sums.count - 1)
        }
        spaces(indent)
        output.write(last ? "}\n" : "},\n")
    }

    mutating func spaces(_ indent: Int) {
        switch indent {
        case 1: output.write("  ")
        case 2: output.write("    ")
        case 3: output.write("      ")
        default: for _ in 0..<indent { output.write("  ") }
        }
    }

    mutating func key(_ name: String, indent: Int) {
        spaces(indent)
        output.write(UInt8(ascii: "\""))
        output.write(name)
        output.write("\" : ")
    }

    /// `"name" : value,` on its own line (no comma when `last`).
    mutating func member(_ name: String, _ value: Value, indent: Int, last: Bool = false) {
        key(name, indent: indent)
        switch value {
        case .string(let text): quoted(text)
        case .optional(let text?): quoted(text)
        case .optional(nil): output.write("null")
        case .number(let number): output.write(String(number))
        case .bool(let value): output.write(value ? "true" : "false")
        }
        output.write(last ? "\n" : ",\n")
    }

    /// An empty array or object as the encoder writes it: open, an empty line, close.
    mutating func emptyContainer(_ open: StaticString, _ close: StaticString, indent: Int, last: Bool = false) {
        output.write(open)
        output.write("\n\n")
        spaces(indent)
        output.write(close)
        output.write(last ? "\n" : ",\n")
    }

    /// A JSON string as `JSONEncoder` escapes it: `"` and `\`, `\b \f \n \r \t`, other controls
    /// below 0x20 as `\u00XX` (lower-case hex); `/`, DEL and non-ASCII as they are.
    mutating func quoted(_ text: String) {
        output.write(UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            output.write(text)
        } else {
            for byte in text.utf8 {
                switch byte {
                case 0x22: output.write("\\\"")
                case 0x5C: output.write("\\\\")
                case 0x08: output.write("\\b")
                case 0x0C: output.write("\\f")
                case 0x0A: output.write("\\n")
                case 0x0D: output.write("\\r")
                case 0x09: output.write("\\t")
                case 0..<0x20:
                    output.write("\\u00")
                    output.write(byte >> 4 == 0 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
                    let low = byte & 0xF
                    output.write(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
                default: output.write(byte)
                }
            }
        }
        output.write(UInt8(ascii: "\""))
    }
}
