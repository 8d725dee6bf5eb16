/// The interchange formats of docs/SPEC.md section 1.
public enum InterchangeFormat: String, Hashable, Sendable, CaseIterable {
    /// RFC 4180 CSV with a header row.
    case csv
    /// A JSON array of objects, or JSON Lines (one object a line); told apart by the first byte.
    case json

    /// The format a file name suggests (`.csv`; `.json`, `.jsonl`, `.ndjson`), or nil.
    public init?(pathExtension path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") { self = .csv } else if lower.hasSuffix(".json") || lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            self = .json
        } else {
            return nil
        }
    }

    /// The import format that reads it.
    package var statementFormat: StatementFormat {
        switch self {
        case .csv: .csv
        case .json: .json
        }
    }
}
