import Foundation
import Testing
@testable import TransactionSearch

/// The expected transactions of a statement fixture, kept beside it as
/// `<fixture>.expected.tsv`: a header line, then one line per entry with every field of
/// `StatementEntry` (tab-separated, empty for none; a tab, newline or backslash in a value is
/// written `\t`, `\n`, `\\`). Tests render what a reader produced the same way and compare line
/// by line, so a failure names the entry and the field.
enum StatementExpectations {
    static let columns = ["location", "date", "amount", "currency", "merchant", "notes", "account", "card", "category",
                          "subcategory", "status", "bankID", "pendingBankID", "transactionType"]

    /// The TSV text of entries, header included.
    static func render(_ entries: [StatementEntry]) -> String {
        var lines = [columns.joined(separator: "\t")]
        for entry in entries {
            let values: [String?] = [
                entry.location.description, entry.date.description, entry.amount.description, entry.currency?.code,
                entry.merchant, entry.notes, entry.account, entry.card, entry.category, entry.subcategory,
                entry.status.rawValue, entry.bankID, entry.pendingBankID, entry.transactionType,
            ]
            lines.append(values.map { escaped($0 ?? "") }.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Compares what a reader produced with the fixture's expectation file, field by field.
    static func expect(_ entries: [StatementEntry], matchFixture path: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = String(decoding: try TestFiles.fixture(path + ".expected.tsv"), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let actual = render(entries).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(actual.count == expected.count, "\(path): \(actual.count - 1) entries, expected \(expected.count - 1)",
                sourceLocation: sourceLocation)
        for (index, (left, right)) in zip(actual, expected).enumerated() where left != right {
            let names = columns
            let leftFields = left.split(separator: "\t", omittingEmptySubsequences: false)
            let rightFields = right.split(separator: "\t", omittingEmptySubsequences: false)
            let differences = names.indices.compactMap { column -> String? in
                let got = column < leftFields.count ? String(leftFields[column]) : "<none>"
                let want = column < rightFields.count ? String(rightFields[column]) : "<none>"
                return got == want ? nil : "\(names[column]): got '\(got)', expected '\(want)'"
            }
            Issue.record("\(path) entry \(index): \(differences.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
    }

    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
