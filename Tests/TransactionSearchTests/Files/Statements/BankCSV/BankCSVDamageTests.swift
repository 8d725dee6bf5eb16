import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles
import TransactionSearchSupport

/// Damaged input never crashes or hangs the reader: every fixture cut at many points and with
/// random bytes changed (seeded), and random CSV-like noise, each either read or refused.
@Suite struct BankCSVDamageTests {
    static let context = BankCSVFixtureTests.context

    private static let fixtures = BankCSVFixtureTests.cases.map(\.name) + ["no-date-column"]

    @Test func truncatedFixturesAreReadOrRefused() throws {
        for name in Self.fixtures {
            let bytes = try TestFiles.fixture("statements/bank-csv/\(name).csv")
            let step = max(1, bytes.count / (40 * RandomScale.factor))
            for cut in stride(from: 0, through: bytes.count, by: step) {
                let prefix = Array(bytes[..<cut])
                _ = BankCSVReader.looksLike(prefix)
                if let (statement, _) = try? BankCSVReader.read(prefix, context: Self.context) {
                    #expect(statement.entries.count + statement.issues.count <= 40, "\(name) cut at \(cut)")
                }
            }
        }
    }

    @Test func fixturesWithChangedBytesAreReadOrRefused() throws {
        for (position, name) in Self.fixtures.enumerated() {
            let bytes = try TestFiles.fixture("statements/bank-csv/\(name).csv")
            let seed = 0xDA_3A6E_0000 &+ UInt64(position)
            var random = SeededRandom(seed: seed)
            let alphabet = Array("0123456789.,;|\t\"'()-+$€ \r\nabcDEF/:".utf8) + [0x00, 0x80, 0xC3, 0xFF, 0xE2]
            for _ in 0..<(25 * RandomScale.factor) {
                var copy = bytes
                for _ in 0..<random.int(in: 1...6) where !copy.isEmpty {
                    copy[random.int(in: 0...(copy.count - 1))] = random.chance(0.5) ? random.pick(alphabet) : UInt8.random(in: 0...255, using: &random)
                }
                _ = BankCSVReader.looksLike(copy)
                _ = try? BankCSVReader.read(copy, context: Self.context)
            }
        }
    }

    @Test func randomNoiseIsReadOrRefused() {
        let seed: UInt64 = 0x0_4015E
        var random = SeededRandom(seed: seed)
        let pieces = ["2023-04-17", "17.04.2023", "04/17/2023", "-1.234,56", "$1,036.47", "(12.34)", "Datum", "Betrag", "Amount",
                      "Date", "\"", "\"\"", ";", ",", "\t", "|", "\n", "\r", "\r\n", "EUR", "S", "H", "Af", "=\"", "as of", " ", "sep=;"]
        for _ in 0..<(300 * RandomScale.factor) {
            let text = (0..<random.int(in: 0...60)).map { _ in random.pick(pieces) }.joined()
            _ = BankCSVReader.looksLike(Array(text.utf8))
            _ = try? BankCSVReader.read(Array(text.utf8), context: Self.context)
        }
    }
}
