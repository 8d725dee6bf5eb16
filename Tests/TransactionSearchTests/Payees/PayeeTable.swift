import Foundation

/// The descriptor table in `Resources/payees.tsv`: `descriptor<TAB>payee<TAB>processor`,
/// `#` lines are section comments. The section "Names that must stay" holds names that only
/// look like noise.
struct PayeeRow: Sendable {
    /// The raw descriptor.
    let descriptor: String
    /// The expected payee.
    let payee: String
    /// The expected processor, or nil.
    let processor: String?
    /// The row's section comment.
    let section: String
    /// The line number in the file (for failure messages).
    let line: Int
}

/// Loads the table once.
enum PayeeTable {
    /// Every row of the table.
    static let rows: [PayeeRow] = {
        guard let text = try? TestFiles.resourceText("payees.tsv") else { preconditionFailure("Resources/payees.tsv is missing") }
        var rows: [PayeeRow] = []
        var section = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                section = line.dropFirst().trimmingCharacters(in: .whitespaces)
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            rows.append(PayeeRow(
                descriptor: fields[0], payee: fields[1], processor: fields[2].isEmpty ? nil : fields[2],
                section: section, line: index + 1))
        }
        return rows
    }()
}
