/// Whether bytes are well-formed UTF-8: the readers' first question of a file, and the
/// snapshot's of each stored string.
package enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF).
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    /// Whether the bytes in `buffer` are well-formed UTF-8 (see `isValid(_:)` of an array).
    package static func isValid(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = buffer.count
        guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return true }
        while index < count {
            // ASCII eight bytes at a time: most of a bank file.
            if index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = buffer[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
            default: return false
            }
            guard index + length <= count else { return false }
            for offset in 1..<length {
                let byte = buffer[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            minimum = 0
            index += length
        }
        return true
    }
}
