/// `QueryResult` as JSON in the shape of docs/SPEC.md section 6 (what `fsearch --format json` prints):
/// sums as objects keyed by currency code with exact decimal strings, group keys as text (or
/// null for the "none" group), rows with every field (`null` for none), their group and the
/// [start, end) scalar offsets of the matches in the merchant. Keys added to those of docs/SPEC.md:
/// `grouping`, `baseCurrency` when base totals are present (so both read back), and, where rates
/// are set but a total cannot be converted, `baseProblem` (its reason as text, such as
/// `no rate for USD`) in place of `base`; `facets` and `corrections` when there are some
/// (`QueryResult+SearchAids.swift`).
extension QueryResult: Codable {
    private enum Keys: String, CodingKey {
        case total, groups, rows, elapsedMicroseconds, grouping, baseCurrency
    }

    private enum AggregateKeys: String, CodingKey {
        case count, sums, base, baseProblem
    }

    private enum GroupKeys: String, CodingKey {
        case key, title, count, sums, base, baseProblem
    }

    /// A row's keys: every transaction field's name, then `group` and `matches`.
    private struct RowKeys: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(_ field: TransactionField) { stringValue = field.rawValue }
        static let group = RowKeys(stringValue: "group")
        static let matches = RowKeys(stringValue: "matches")
        static let processor = RowKeys(stringValue: "processor")
        static let sources = RowKeys(stringValue: "sources")
    }

    /// A currency code as a key.
    struct CurrencyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes docs/SPEC.md section 6's shape: exact decimal strings, group keys as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var total = container.nestedContainer(keyedBy: AggregateKeys.self, forKey: .total)
        try total.encode(self.total.count, forKey: .count)
        try QueryResult.encode(self.total.sums, in: &total, forKey: .sums)
        if let base = self.total.base { try total.encode(base.decimalText, forKey: .base) }
        if let problem = self.total.baseProblem { try total.encode(problem.description, forKey: .baseProblem) }
        var groups = container.nestedUnkeyedContainer(forKey: .groups)
        for group in self.groups {
            var object = groups.nestedContainer(keyedBy: GroupKeys.self)
            try object.encode(group.key.text, forKey: .key)
            try object.encode(group.title, forKey: .title)
            try object.encode(group.count, forKey: .count)
            try QueryResult.encode(group.sums, in: &object, forKey: .sums)
            if let base = group.base { try object.encode(base.decimalText, forKey: .base) }
            if let problem = group.baseProblem { try object.encode(problem.description, forKey: .baseProblem) }
        }
        var rows = container.nestedUnkeyedContainer(forKey: .rows)
        for row in self.rows {
            var object = rows.nestedContainer(keyedBy: RowKeys.self)
            let transaction = row.transaction
            for field in TransactionField.allCases {
                try object.encode(field.text(in: transaction), forKey: RowKeys(field))
            }
            if let processor = transaction.processor { try object.encode(processor, forKey: .processor) }
            let sources = transaction.sources.texts
            if !sources.isEmpty { try object.encode(sources, forKey: .sources) }
            try object.encode(row.group?.text, forKey: .group)
            try object.encode(row.matches.map { [$0.lowerBound, $0.upperBound] }, forKey: .matches)
        }
        try container.encode(elapsedMicroseconds, forKey: .elapsedMicroseconds)
        try container.encode(grouping, forKey: .grouping)
        if let baseCurrency { try container.encode(baseCurrency.code, forKey: .baseCurrency) }
        try encodeSearchAids(to: encoder)
    }

    /// Reads what `encode(to:)` writes (sums beyond 18 digits included).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let grouping = try container.decodeIfPresent(Grouping.self, forKey: .grouping) ?? .none
        let baseCurrency = try container.decodeIfPresent(String.self, forKey: .baseCurrency).flatMap(Currency.init) ?? .eur
        let total = try container.nestedContainer(keyedBy: AggregateKeys.self, forKey: .total)
        let aggregate = Aggregate(
            count: try total.decode(Int.self, forKey: .count),
            sums: try QueryResult.decodeSums(total, forKey: .sums),
            base: try QueryResult.decodeMoney(total.decodeIfPresent(String.self, forKey: .base), currency: baseCurrency),
            baseProblem: try total.decodeIfPresent(String.self, forKey: .baseProblem).flatMap(BaseTotalProblem.init(description:)))
        var groups: [ResultGroup] = []
        var groupList = try container.nestedUnkeyedContainer(forKey: .groups)
        while !groupList.isAtEnd {
            let object = try groupList.nestedContainer(keyedBy: GroupKeys.self)
            let text = try object.decodeIfPresent(String.self, forKey: .key)
            guard let key = GroupKey(text: text, grouping: grouping) else {
                throw DecodingError.dataCorruptedError(forKey: .key, in: object, debugDescription: "not a \(grouping) key")
            }
            groups.append(ResultGroup(
                key: key, count: try object.decode(Int.self, forKey: .count), sums: try QueryResult.decodeSums(object, forKey: .sums),
                base: try QueryResult.decodeMoney(object.decodeIfPresent(String.self, forKey: .base), currency: baseCurrency),
                baseProblem: try object.decodeIfPresent(String.self, forKey: .baseProblem).flatMap(BaseTotalProblem.init(description:))))
        }
        var rows: [ResultRow] = []
        var rowList = try container.nestedUnkeyedContainer(forKey: .rows)
        while !rowList.isAtEnd {
            let object = try rowList.nestedContainer(keyedBy: RowKeys.self)
            func text(_ key: RowKeys) throws -> String? { try object.decodeIfPresent(String.self, forKey: key) }
            guard var transaction = try Transaction(texts: { try text(RowKeys($0)) }) else {
                throw DecodingError.dataCorruptedError(forKey: RowKeys(.id), in: object, debugDescription: "not a transaction")
            }
            if let texts = try object.decodeIfPresent([String: String].self, forKey: .sources) {
                guard let sources = FieldSources(texts: texts) else {
                    throw DecodingError.dataCorruptedError(forKey: .sources, in: object, debugDescription: "not the sources of fields")
                }
                transaction.sources = sources
            }
            let matches = try object.decodeIfPresent([[Int]].self, forKey: .matches) ?? []
            rows.append(ResultRow(transaction: transaction, group: GroupKey(text: try text(.group), grouping: grouping),
                                  matches: matches.compactMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]..<$0[1] : nil }))
        }
        self.init(grouping: grouping, total: aggregate, groups: groups, rows: rows,
                  elapsedMicroseconds: try container.decodeIfPresent(Int.self, forKey: .elapsedMicroseconds) ?? 0)
        try decodeSearchAids(from: decoder, baseCurrency: baseCurrency)
    }

    /// The currency of the base totals: the total's, else the first group's; nil when no total
    /// has one (no rates, or none could be converted).
    public var baseCurrency: Currency? {
        total.base?.currency ?? groups.lazy.compactMap(\.base).first?.currency
    }

    static func encode<Key: CodingKey>(_ sums: [Money], in container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        var object = container.nestedContainer(keyedBy: CurrencyKey.self, forKey: key)
        for money in sums { try object.encode(money.decimalText, forKey: CurrencyKey(stringValue: money.currency.code)) }
    }

    static func decodeSums<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [Money] {
        let object = try container.nestedContainer(keyedBy: CurrencyKey.self, forKey: key)
        return try object.allKeys.map { code in
            guard let currency = Currency(code.stringValue),
                  let money = try decodeMoney(object.decode(String.self, forKey: code), currency: currency) else {
                throw DecodingError.dataCorruptedError(forKey: code, in: object, debugDescription: "not an amount")
            }
            return money
        }.sorted { $0.currency < $1.currency }
    }

    static func decodeMoney(_ text: String?, currency: Currency) throws -> Money? {
        guard let text else { return nil }
        return Money(decimalText: text, currency: currency)
    }
}
