import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Random statements written as OFX 1.x, OFX 2.x and camt.053 by the test writers and read
/// back: every field the format carries comes back exactly (markup characters, umlauts,
/// Cyrillic, CJK and emoji in the text; amounts in currencies of 0, 2 and 3 minor digits;
/// calendar days and instants at offsets such as +05:45 and -03:30).
@Suite struct MarkupStatementRoundTripTests {
    private static let context = StatementContext(clock: ZoneClock(timeZone: TimeZone(identifier: "UTC")!), defaultCurrency: nil)
    private static var rounds: Int { 20 * RandomScale.factor }

    /// Every field of an entry but its location, one line.
    private static func line(_ entry: StatementEntry) -> String {
        [entry.date.description, entry.amount.description, entry.currency?.code ?? "", entry.merchant, entry.notes ?? "",
         entry.account ?? "", entry.card ?? "", entry.status.rawValue, entry.bankID ?? ""].joined(separator: "\t")
    }

    private static func expectedLines(_ statement: GeneratedStatement, _ format: (GeneratedStatement.Transaction, GeneratedStatement.Account) -> StatementEntry) -> [String] {
        statement.accounts.flatMap { account in account.transactions.map { line(format($0, account)) } }
    }

    private static func entry(_ transaction: GeneratedStatement.Transaction, merchant: String, notes: String?, account: String?,
                              card: String?, status: TransactionStatus) -> StatementEntry {
        StatementEntry(location: .line(0), date: transaction.date, amount: transaction.amount, currency: transaction.currency,
                       merchant: merchant, notes: notes, account: account, card: card, status: status, bankID: transaction.bankID)
    }

    private func compare(_ actual: [StatementEntry], _ expected: [String], seed: UInt64, format: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = actual.map(Self.line)
        #expect(lines.count == expected.count, "\(format) seed \(seed): \(lines.count) entries, expected \(expected.count)",
                sourceLocation: sourceLocation)
        for (index, (got, want)) in zip(lines, expected).enumerated() where got != want {
            Issue.record("\(format) seed \(seed) entry \(index):\n got  \(got)\n want \(want)", sourceLocation: sourceLocation)
            return
        }
    }

    @Test(arguments: [OFXTestWriter.Style.sgml, .xml])
    func ofxCarriesDatesAmountsCurrenciesTextAndIDs(_ style: OFXTestWriter.Style) throws {
        for round in 0..<Self.rounds {
            let seed = UInt64(round) &* 7919 &+ (style == .sgml ? 1 : 2)
            let statement = GeneratedStatement.make(seed: seed, accountCount: 1 + round % 3, maximumTransactions: 25)
            let bytes = OFXTestWriter.write(statement, style: style, seed: seed)
            #expect(OFXReader.looksLike(bytes))
            let parsed = try OFXReader.read(bytes, context: Self.context)
            #expect(parsed.issues.isEmpty, "seed \(seed): \(parsed.issues)")
            // OFX keeps bank and credit card statements in separate message sets, bank first.
            let ordered = GeneratedStatement(accounts: statement.accounts.filter { !$0.isCreditCard } + statement.accounts.filter(\.isCreditCard))
            let expected = Self.expectedLines(ordered) { transaction, account in
                let masked = StatementEntry.maskedAccount(account.number)
                let (merchant, notes) = OFXTestWriter.expected(transaction)
                return Self.entry(transaction, merchant: merchant, notes: notes, account: masked,
                                  card: account.isCreditCard ? masked : nil, status: .posted)
            }
            compare(parsed.entries, expected, seed: seed, format: "OFX \(style)")
        }
    }

    @Test func camtCarriesDatesAmountsCurrenciesTextIDsAndStatus() throws {
        for round in 0..<Self.rounds {
            let seed = UInt64(round) &* 104_729 &+ 3
            let statement = GeneratedStatement.make(seed: seed, accountCount: 1 + round % 3, maximumTransactions: 25)
            let bytes = CamtTestWriter.write(statement, seed: seed)
            #expect(CamtReader.looksLike(bytes))
            let parsed = try CamtReader.read(bytes, context: Self.context)
            #expect(parsed.issues.isEmpty, "seed \(seed): \(parsed.issues)")
            let expected = Self.expectedLines(statement) { transaction, account in
                Self.entry(transaction, merchant: transaction.merchant, notes: transaction.notes, account: StatementEntry.maskedAccount(account.number),
                           card: nil, status: transaction.isPending ? .pending : .posted)
            }
            compare(parsed.entries, expected, seed: seed, format: "camt")
        }
    }
}
