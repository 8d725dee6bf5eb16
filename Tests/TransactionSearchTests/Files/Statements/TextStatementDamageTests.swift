import TransactionSearchSupport
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every fixture cut short at many points and with seeded random bytes changed: both readers
/// return or throw an `ImportIssue`, never crash or hang, and what they return still keeps
/// the rules (a merchant in every entry, no long account number, locations inside the file).
@Suite struct TextStatementDamageTests {
    private static let fixtures: [(folder: String, name: String)] =
        StatementTestSupport.qifFixtures.map { ("qif", $0) } + StatementTestSupport.mt940Fixtures.map { ("mt940", $0) }

    /// Bytes that mean something to one of the formats, so changes hit the structure.
    private static let meaningful: [UInt8] = Array("\n\r^!:?/-{}DTPLS$NC0123456789,.'\" ".utf8) + [0x00, 0x80, 0xC3, 0xFF]

    @Test(arguments: fixtures.map { "\($0.folder)/\($0.name)" })
    func truncatedFilesAreReadOrRefused(path: String) throws {
        let bytes = try TestFiles.fixture("statements/" + path)
        let steps = max(1, bytes.count / (40 * RandomScale.factor))
        for end in stride(from: 0, through: bytes.count, by: steps) {
            check(Array(bytes[..<end]), "\(path) cut at \(end)")
        }
    }

    @Test(arguments: fixtures.map { "\($0.folder)/\($0.name)" })
    func filesWithChangedBytesAreReadOrRefused(path: String) throws {
        let original = try TestFiles.fixture("statements/" + path)
        let seed = UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { $0 &* 33 &+ Int($1) })
        var random = SeededRandom(seed: seed)
        for round in 0..<(40 * RandomScale.factor) {
            var bytes = original
            for _ in 0..<random.int(in: 1...8) where !bytes.isEmpty {
                let index = random.int(in: 0...(bytes.count - 1))
                switch random.int(in: 0...2) {
                case 0: bytes[index] = random.pick(TextStatementDamageTests.meaningful)
                case 1: bytes[index] = UInt8.random(in: 0...255, using: &random)
                default: bytes.remove(at: index)
                }
            }
            check(bytes, "\(path) seed \(seed) round \(round)")
        }
    }

    private func check(_ bytes: [UInt8], _ context: String) {
        _ = QIFReader.looksLike(bytes)
        _ = MT940Reader.looksLike(bytes)
        let lineCount = bytes.count + 1
        for reader in 0..<2 {
            let parsed: ParsedStatement
            do throws(ImportIssue) {
                parsed = reader == 0
                    ? try QIFReader.read(bytes, context: StatementTestSupport.context)
                    : try MT940Reader.read(bytes, context: StatementTestSupport.context)
            } catch {
                #expect(error.location == .line(1), "\(context): \(error)")
                continue
            }
            for entry in parsed.entries {
                #expect(!entry.merchant.isEmpty, "\(context)")
                #expect((1...lineCount).contains(entry.location.order), "\(context)")
                for account in [entry.account, entry.card].compactMap({ $0 }) {
                    #expect(!hasLongNumber(account), "\(context): \(account)")
                }
            }
            for issue in parsed.issues {
                #expect((1...lineCount).contains(issue.location.order), "\(context): \(issue)")
            }
        }
    }

    /// Whether `text` has five ASCII digits in a row.
    private func hasLongNumber(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = (0x30...0x39).contains(byte) ? run + 1 : 0
            if run >= 5 { return true }
        }
        return false
    }
}
