import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every statement fixture cut short at many points and with seeded random bytes changed,
/// read by both readers: each read returns or throws an `ImportIssue`, never traps and never
/// hangs (the time limit catches a loop that stops advancing), and what it returns keeps the
/// readers' promises: no blank merchant, no account number longer than its last four.
@Suite(.timeLimit(.minutes(10))) struct MarkupStatementDamageTests {
    private static let fixtures: [(name: String, path: String)] =
        StatementFixtures.ofx.map { ($0, "statements/ofx/" + $0) } + StatementFixtures.camt.map { ($0, "statements/camt/" + $0) }

    /// Bytes that matter to markup, to change other bytes into.
    private static let markupBytes: [UInt8] = Array("<>/&;\"'=![]?-:#x \n\r".utf8) + [0x00, 0x80, 0xC3, 0xFF]

    private func readBoth(_ bytes: [UInt8], _ what: @autoclosure () -> String) {
        for isOFX in [true, false] {
            do throws(ImportIssue) {
                let parsed = isOFX ? try OFXReader.read(bytes, context: StatementFixtures.context)
                    : try CamtReader.read(bytes, context: StatementFixtures.context)
                for entry in parsed.entries {
                    #expect(!entry.merchant.trimmingWhitespace().isEmpty, "\(what()): blank merchant")
                    #expect((entry.account?.count ?? 0) <= 8, "\(what()): account \(entry.account ?? "")")
                }
            } catch {
                _ = error.description  // an unreadable file is fine; a trap is not
            }
        }
    }

    @Test(arguments: fixtures.map(\.name))
    func truncatedAnywhere(_ name: String) throws {
        let bytes = try TestFiles.fixture(try #require(Self.fixtures.first { $0.name == name }).path)
        let step = max(1, bytes.count / (80 * RandomScale.factor))
        for end in stride(from: 0, through: bytes.count, by: step) {
            readBoth(Array(bytes[..<end]), "\(name) cut at \(end)")
        }
    }

    @Test(arguments: fixtures.map(\.name))
    func withRandomBytesChanged(_ name: String) throws {
        let bytes = try TestFiles.fixture(try #require(Self.fixtures.first { $0.name == name }).path)
        let seed = UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) })
        var random = SeededRandom(seed: seed)
        for trial in 0..<(60 * RandomScale.factor) {
            var damaged = bytes
            for _ in 0..<random.int(in: 1...6) {
                let index = random.int(in: 0...(damaged.count - 1))
                damaged[index] = random.chance(0.6) ? random.pick(Self.markupBytes) : UInt8(random.int(in: 0...255))
            }
            if random.chance(0.2) { damaged.removeSubrange(random.int(in: 0...(damaged.count / 2))..<random.int(in: (damaged.count / 2)...damaged.count)) }
            readBoth(damaged, "\(name) seed \(seed) trial \(trial)")
        }
    }

    @Test func pathologicalInputsEnd() {
        let inputs = [
            String(repeating: "<", count: 10_000), String(repeating: "<!--", count: 2_000), String(repeating: "<![CDATA[", count: 1_000),
            String(repeating: "&", count: 10_000), String(repeating: "</OFX>", count: 2_000), String(repeating: "<STMTTRN>", count: 2_000),
            String(repeating: "<Ntry>", count: 2_000), "<OFX>" + String(repeating: "<A>", count: 255) + String(repeating: "</B>", count: 5_000),
            "<?", "<!", "<a b=\"", "<OFX><STMTTRN><TRNAMT>" + String(repeating: "9", count: 400), String(repeating: "\r", count: 5_000),
        ]
        for input in inputs { readBoth(Array(input.utf8), String(input.prefix(20))) }
    }
}
