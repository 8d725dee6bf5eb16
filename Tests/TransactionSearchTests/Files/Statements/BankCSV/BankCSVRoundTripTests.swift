import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles
import TransactionSearchSupport

/// Seeded transactions written in many bank layouts (`BankCSVTestWriter`) and read back without
/// options: amounts exact, dates, merchants, notes and lines as written.
@Suite struct BankCSVRoundTripTests {
    static let context = BankCSVFixtureTests.context

    private static let merchants = ["REWE Markt GmbH", "Café Noir", "Bäckerei Müller & Söhne", "Crédit Agricole", "El Corte Inglés",
                                    "Pingo Doce", "Albert Heijn 1234", "AMAZON MKTPL*AB12C", "Shop, \"Best\" Ltd", "Tom's Diner; Bar",
                                    "Two\nLines GmbH", "Straße 7 | Imbiss", "Zoë's Bakery", "Pâtisserie Léa", "Ñandú S.L."]
    private static let unicodeMerchants = ["Пятёрочка", "ラーメン 一蘭", "Łódź Kebab", "Ελληνικά", "Çiçek Pasajı 🌸"]
    private static let notes = ["Rechnung 2023-017", "Miete April", "ref: 123/456", "Gehalt; Bonus", "tip \"extra\"", "Überweisung"]

    private static func transactions(_ random: inout SeededRandom, unicode: Bool) -> [BankCSVTestWriter.Transaction] {
        let count = random.int(in: 1...25)
        let ambiguous = random.chance(0.3)
        return (0..<count).map { _ in
            let day = try! CalendarDay(year: random.int(in: 2019...2025), month: random.int(in: 1...12), day: random.int(in: 1...(ambiguous ? 12 : 28)))
            let magnitude = Int64(pow(10, random.unit() * 9).rounded(.down)) + 1
            let merchant = unicode && random.chance(0.3) ? random.pick(unicodeMerchants) : random.pick(merchants)
            return BankCSVTestWriter.Transaction(day: day, minutes: random.int(in: 0...1439), cents: random.chance(0.7) ? -magnitude : magnitude,
                                                 merchant: merchant, notes: random.chance(0.6) ? random.pick(notes) : nil)
        }
    }

    @Test func randomLayoutsReadBackExactly() throws {
        let runs = 80 * RandomScale.factor
        for run in 0..<runs {
            let seed = 0xBA_4C5F_0000 &+ UInt64(run)
            var random = SeededRandom(seed: seed)
            var transactions = Self.transactions(&random, unicode: true)
            let writer = BankCSVTestWriter.random(for: transactions, using: &random)
            if writer.encoding == .windows1252 {
                for index in transactions.indices where !transactions[index].merchant.unicodeScalars.allSatisfy({ $0.value < 0x100 }) {
                    transactions[index].merchant = random.pick(Self.merchants)
                }
            }
            if !writer.withNotes { for index in transactions.indices { transactions[index].notes = nil } }
            let (bytes, lines) = writer.write(transactions)
            let statement: ParsedStatement
            let layout: BankCSVLayout
            do {
                (statement, layout) = try BankCSVReader.read(bytes, context: Self.context)
            } catch {
                Issue.record("seed \(seed): \(error)\n\(writer)\n\(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            let context = "seed \(seed), \(writer)"
            #expect(statement.issues.isEmpty, "\(context): \(statement.issues)")
            #expect(statement.entries.count == transactions.count, "\(context)")
            // Windows-1252 text that happens to be plain ASCII is valid UTF-8, and reads as such.
            let expectedEncoding = writer.encoding == .windows1252 && bytes.allSatisfy({ $0 < 0x80 }) ? TextEncoding.utf8 : writer.encoding
            #expect(layout.encoding == expectedEncoding, "\(context)")
            #expect(layout.delimiter == String(writer.delimiter), "\(context)")
            #expect(layout.footerLines.count == writer.footer.count, "\(context): \(layout.footerLines)")
            for (index, (entry, transaction)) in zip(statement.entries, transactions).enumerated() {
                let expectedDate: TransactionDate = writer.dateStyle == .isoWithTime
                    ? .instant(millisecondsSince1970: Self.context.clock.instant(ofLocal: Int64(transaction.day.daysSince1970) * 86_400_000
                        + Int64(transaction.minutes ?? 0) * 60_000))
                    : .day(transaction.day)
                let expectedAmount = DecimalAmount(significand: transaction.cents, fractionDigits: 2)
                guard entry.date == expectedDate, entry.amount == expectedAmount, entry.merchant == transaction.merchant,
                      entry.notes == transaction.notes, entry.location == .line(lines[index]) else {
                    Issue.record("""
                        \(context), row \(index): got \(entry.location) \(entry.date) \(entry.amount) \(quoted(entry.merchant)) \(entry.notes ?? "-"), \
                        expected line \(lines[index]) \(expectedDate) \(expectedAmount) \(quoted(transaction.merchant)) \(transaction.notes ?? "-")
                        \(String(decoding: bytes, as: UTF8.self))
                        """)
                    break
                }
            }
        }
    }
}
