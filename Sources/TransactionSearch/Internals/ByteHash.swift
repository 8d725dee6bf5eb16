/// A fast 64-bit hash of bytes (multiply-xorshift over 8-byte words), seeded per table so that
/// crafted ids cannot force collisions across processes.
@inline(__always)
func hashBytes(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> Int {
    var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    var index = 0
    while index + 8 <= bytes.count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        index += 8
    }
    var tail: UInt64 = 0
    let remaining = bytes.count - index
    if remaining > 0 && bytes.count >= 8 {
        // The last eight bytes, shifted so that only the ones not hashed yet remain.
        tail = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) >> UInt64(64 - 8 * remaining)
    } else {
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    hash ^= hash >> 32
    return Int(truncatingIfNeeded: hash)
}

/// Hashes the UTF-8 bytes of a string.
@inline(__always)
func hashString(_ text: String, seed: UInt64) -> Int {
    var text = text
    return text.withUTF8 { hashBytes(UnsafeRawBufferPointer($0), seed: seed) }
}
