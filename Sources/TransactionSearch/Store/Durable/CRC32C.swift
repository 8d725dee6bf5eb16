/// CRC-32C (Castagnoli), the checksum of log records and snapshots: detects torn writes and
/// flipped bits. Slicing-by-8 (eight tables, eight bytes a step), about four times faster than
/// a byte at a time: a 5 MB snapshot is checked in a few milliseconds.
enum CRC32C {
    /// `tables[k][b]`: the CRC of byte `b` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 != 0 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { table in
            var index = 0
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ UInt64(crc)
                crc = table[7 * 256 + Int(word & 0xFF)] ^ table[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((word >> 16) & 0xFF)] ^ table[4 * 256 + Int((word >> 24) & 0xFF)]
                    ^ table[3 * 256 + Int((word >> 32) & 0xFF)] ^ table[2 * 256 + Int((word >> 40) & 0xFF)]
                    ^ table[1 * 256 + Int((word >> 48) & 0xFF)] ^ table[Int(word >> 56)]
                index += 8
            }
            while index < bytes.count {
                crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
