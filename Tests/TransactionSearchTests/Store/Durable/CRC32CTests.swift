import Testing
@testable import TransactionSearch
import TransactionSearchSupport

@Suite struct CRC32CTests {
    /// The CRC-32C of one byte at a time, straight from the polynomial: what the sliced
    /// version must equal.
    static func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func theStandardCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([]) == 0)
    }

    @Test func everyLengthAndAlignmentMatchesTheBitwiseDefinition() {
        var random = SeededRandom(seed: 7)
        let bytes = (0..<300).map { _ in UInt8.random(in: 0 ... .max, using: &random) }
        for start in 0..<9 {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200] where start + length <= bytes.count {
                let slice = Array(bytes[start ..< start + length])
                let sliced = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[start ..< start + length])) }
                #expect(sliced == CRC32CTests.bitwise(slice), "start \(start), length \(length)")
            }
        }
    }
}
