/// The file formats a statement reader recognises from a file's content.
public enum StatementFormat: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Our own CSV (docs/SPEC.md section 1).
    case csv
    /// Our own JSON or JSON Lines.
    case json
    /// OFX or QFX, 1.x (SGML) or 2.x (XML).
    case ofx
    /// Quicken Interchange Format.
    case qif
    /// ISO 20022 camt.052, camt.053 or camt.054.
    case camt
    /// SWIFT MT940 or MT942.
    case mt940
    /// A bank's own CSV export.
    case bankCSV = "bank-csv"

    /// The format's name as options and reports write it (`bank-csv`).
    public var description: String { rawValue }
}
