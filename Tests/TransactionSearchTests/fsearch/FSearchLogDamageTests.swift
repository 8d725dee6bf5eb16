import Foundation
import Testing

/// The reproduction through fsearch: four acknowledged adds, one flipped bit in the
/// log (in its header, or in the length of a record that is not the last), then `check` and
/// one more add. `check` must report damage (exit 65, naming log.bin and the byte offset), the add
/// must be refused and the log left as it was (no later record cut off), and `--recover`
/// reads what precedes the damage, saying so.
@Suite(.enabled(if: FSearchRunner.isBuilt)) struct FSearchLogDamageTests {
    @Test(arguments: [23, 24, 25])
    func aFlippedBitIsDamageNotATornTail(offset: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ts-flip-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (index, merchant) in ["Lidl", "Shell", "Aldi", "Rewe"].enumerated() {
            let add = try FSearchRunner.run(["add", "--base", "EUR", "--store", path, "--date", "2026-01-0\(index + 1)", "--merchant", merchant, "--amount", "-1.00"])
            #expect(add.status == 0, "add \(merchant): \(add.stderr)")
        }
        let log = URL(fileURLWithPath: path).appendingPathComponent("log.bin")
        var bytes = try [UInt8](Data(contentsOf: log))
        #expect(bytes.count > offset + 1)
        bytes[offset] ^= 0x10
        try Data(bytes).write(to: log)

        let check = try FSearchRunner.run(["check", "--store", path])
        #expect(check.status == 65, "check after a flipped bit at \(offset): \(check.status) \(check.stdout) \(check.stderr)")
        #expect(check.stderr.contains("log.bin"), "\(check.stderr)")
        #expect(check.stderr.contains("at byte"), "\(check.stderr)")

        let add = try FSearchRunner.run(["add", "--store", path, "--date", "2026-01-09", "--merchant", "Edeka", "--amount", "-1.00"])
        #expect(add.status != 0, "an add onto a damaged log was acknowledged: \(add.stdout)")
        #expect(try [UInt8](Data(contentsOf: log)) == bytes, "the damaged log was changed (records cut off?)")

        let recovered = try FSearchRunner.run(["--store", path, "--recover", "--format", "json"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(!recovered.stderr.isEmpty, "--recover must say that it reads only what precedes the damage")
    }
}
