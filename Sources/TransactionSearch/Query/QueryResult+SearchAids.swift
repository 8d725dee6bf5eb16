/// The JSON of facets and corrections, keys added to docs/SPEC.md section 6 (each written only
/// when there are some):
///
/// ```
/// "facets": { "category": [ { "key": "Food & Drink", "title": "Food & Drink", "count": 40,
///                             "sums": { "EUR": "-120.50" } },
///                           { "key": null, "title": "Uncategorized", "count": 5, "sums": {...} },
///                           { "other": true, "title": "Other", "count": 30, "sums": {...} } ] },
/// "corrections": [ { "term": "starbuks", "matched": ["starbucks"] } ]
/// ```
///
/// A facet is a list of values in order (the "none" value, key null, last among them), then,
/// when values were left out past the limit, one entry with `"other": true` and no key summing
/// them. `base` and `baseProblem` as for groups.
extension QueryResult {
    private enum AidKeys: String, CodingKey {
        case facets, corrections
    }

    private enum ValueKeys: String, CodingKey {
        case key, title, count, sums, base, baseProblem, other
    }

    /// A facet field as a key.
    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encodeSearchAids(to encoder: any Encoder) throws {
        guard !facets.isEmpty || !corrections.isEmpty else { return }
        var container = encoder.container(keyedBy: AidKeys.self)
        if !corrections.isEmpty { try container.encode(corrections, forKey: .corrections) }
        guard !facets.isEmpty else { return }
        var object = container.nestedContainer(keyedBy: FieldKey.self, forKey: .facets)
        for facet in facets {
            var list = object.nestedUnkeyedContainer(forKey: FieldKey(stringValue: facet.field.rawValue))
            for value in facet.values {
                var entry = list.nestedContainer(keyedBy: ValueKeys.self)
                try entry.encode(value.key, forKey: .key)
                try QueryResult.encodeAggregate(value.aggregate, title: value.title, in: &entry)
            }
            if let other = facet.other {
                var entry = list.nestedContainer(keyedBy: ValueKeys.self)
                try entry.encode(true, forKey: .other)
                try QueryResult.encodeAggregate(other, title: Facet.otherTitle, in: &entry)
            }
        }
    }

    private static func encodeAggregate(_ aggregate: Aggregate, title: String, in entry: inout KeyedEncodingContainer<ValueKeys>) throws {
        try entry.encode(title, forKey: .title)
        try entry.encode(aggregate.count, forKey: .count)
        try QueryResult.encode(aggregate.sums, in: &entry, forKey: .sums)
        if let base = aggregate.base { try entry.encode(base.decimalText, forKey: .base) }
        if let problem = aggregate.baseProblem { try entry.encode(problem.description, forKey: .baseProblem) }
    }

    mutating func decodeSearchAids(from decoder: any Decoder, baseCurrency: Currency) throws {
        let container = try decoder.container(keyedBy: AidKeys.self)
        corrections = try container.decodeIfPresent([Correction].self, forKey: .corrections) ?? []
        guard container.contains(.facets) else { return }
        let object = try container.nestedContainer(keyedBy: FieldKey.self, forKey: .facets)
        var decoded: [Facet] = []
        for field in FacetField.allCases where object.contains(FieldKey(stringValue: field.rawValue)) {
            var facet = Facet(field: field, values: [])
            var list = try object.nestedUnkeyedContainer(forKey: FieldKey(stringValue: field.rawValue))
            while !list.isAtEnd {
                let entry = try list.nestedContainer(keyedBy: ValueKeys.self)
                let aggregate = Aggregate(
                    count: try entry.decode(Int.self, forKey: .count), sums: try QueryResult.decodeSums(entry, forKey: .sums),
                    base: try QueryResult.decodeMoney(entry.decodeIfPresent(String.self, forKey: .base), currency: baseCurrency),
                    baseProblem: try entry.decodeIfPresent(String.self, forKey: .baseProblem).flatMap(BaseTotalProblem.init(description:)))
                if try entry.decodeIfPresent(Bool.self, forKey: .other) == true {
                    facet.other = aggregate
                } else {
                    facet.values.append(FacetValue(
                        key: try entry.decodeIfPresent(String.self, forKey: .key), title: try entry.decode(String.self, forKey: .title),
                        count: aggregate.count, sums: aggregate.sums, base: aggregate.base, baseProblem: aggregate.baseProblem))
                }
            }
            decoded.append(facet)
        }
        facets = decoded
    }
}
