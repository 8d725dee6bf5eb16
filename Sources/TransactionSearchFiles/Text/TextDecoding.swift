import TransactionSearch

/// Turns a file's bytes into UTF-8, deciding the encoding: a byte order mark wins; then UTF-16
/// or UTF-32 without one, told by where their zero bytes fall (text of such a file is mostly
/// ASCII, whose other bytes are zero); then bytes that are valid UTF-8 are UTF-8; otherwise the
/// encoding the file declares, else the one-byte encoding its bytes read best in
/// (`SingleByteEncodings.guess`: Windows-1252 for German, French or Swiss exports, Windows-1250
/// or ISO-8859-2 for Polish and Czech ones). Never fails: every byte of a single-byte encoding
/// is a character.
enum TextDecoding {
    struct Decoded {
        /// Valid UTF-8, without a byte order mark.
        var bytes: [UInt8]
        var encoding: TextEncoding
        /// Why a one-byte encoding was chosen when nothing declared it, else nil.
        var guessReason: String?
    }

    /// Decodes `bytes`; `declared` is what the file says of itself, when it says anything.
    static func decode(_ bytes: [UInt8], declared: TextEncoding? = nil) -> Decoded {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Decoded(bytes: Array(bytes[3...]), encoding: .utf8WithBOM)
        }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return Decoded(bytes: utf32(bytes.dropFirst(4), bigEndian: false), encoding: .utf32LittleEndian)
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            return Decoded(bytes: utf32(bytes.dropFirst(4), bigEndian: true), encoding: .utf32BigEndian)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return Decoded(bytes: utf16(bytes.dropFirst(2), bigEndian: false), encoding: .utf16LittleEndian)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return Decoded(bytes: utf16(bytes.dropFirst(2), bigEndian: true), encoding: .utf16BigEndian)
        }
        if let wide = wideEncoding(bytes) {
            switch wide {
            case .utf32LittleEndian: return Decoded(bytes: utf32(bytes[...], bigEndian: false), encoding: wide)
            case .utf32BigEndian: return Decoded(bytes: utf32(bytes[...], bigEndian: true), encoding: wide)
            case .utf16BigEndian: return Decoded(bytes: utf16(bytes[...], bigEndian: true), encoding: wide)
            default: return Decoded(bytes: utf16(bytes[...], bigEndian: false), encoding: .utf16LittleEndian)
            }
        }
        if UTF8Validation.isValid(bytes) { return Decoded(bytes: bytes, encoding: .utf8) }
        switch declared {
        case .utf16LittleEndian?: return Decoded(bytes: utf16(bytes[...], bigEndian: false), encoding: .utf16LittleEndian)
        case .utf16BigEndian?: return Decoded(bytes: utf16(bytes[...], bigEndian: true), encoding: .utf16BigEndian)
        case let declared? where SingleByteEncodings.table(declared) != nil:
            return Decoded(bytes: SingleByteEncodings.decode(bytes, table: SingleByteEncodings.table(declared)!), encoding: declared)
        default:
            let (guess, reason) = SingleByteEncodings.guess(bytes)
            return Decoded(bytes: SingleByteEncodings.decode(bytes, table: SingleByteEncodings.table(guess)!), encoding: guess,
                           guessReason: reason)
        }
    }

    /// UTF-16 or UTF-32 without a byte order mark, told from the first 4 KiB by where the zero
    /// bytes fall: in UTF-32LE three of every four (the last three of each unit), in UTF-16LE
    /// every odd byte and almost no even one, and the mirror images for big endian. Text files
    /// in one-byte encodings or UTF-8 have no zero bytes at all. nil when nothing says so.
    static func wideEncoding(_ bytes: [UInt8]) -> TextEncoding? {
        let sample = bytes.prefix(4096)
        guard sample.count >= 8 else { return nil }
        var zeros = [0, 0, 0, 0]
        var counts = [0, 0, 0, 0]
        for (offset, byte) in sample.enumerated() {
            counts[offset % 4] += 1
            if byte == 0 { zeros[offset % 4] += 1 }
        }
        func mostly(_ position: Int) -> Bool { zeros[position] * 10 >= counts[position] * 9 }
        func rarely(_ position: Int) -> Bool { zeros[position] * 10 <= counts[position] }
        if mostly(1) && mostly(2) && mostly(3) && rarely(0) { return .utf32LittleEndian }
        if mostly(0) && mostly(1) && mostly(2) && rarely(3) { return .utf32BigEndian }
        if mostly(1) && mostly(3) && rarely(0) && rarely(2) { return .utf16LittleEndian }
        if mostly(0) && mostly(2) && rarely(1) && rarely(3) { return .utf16BigEndian }
        return nil
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        for scalar in Unicode.UTF16.decode(units) { appendUTF8(scalar, to: &output) }
        return output
    }

    /// UTF-32 code units as UTF-8; a unit that is no scalar becomes U+FFFD.
    private static func utf32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4)
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            let units = (UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]), UInt32(bytes[index + 3]))
            let value = bigEndian ? units.0 << 24 | units.1 << 16 | units.2 << 8 | units.3
                : units.3 << 24 | units.2 << 16 | units.1 << 8 | units.0
            appendUTF8(Unicode.Scalar(value) == nil ? 0xFFFD : value, to: &output)
            index += 4
        }
        return output
    }

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

extension Unicode.UTF16 {
    /// The scalars of UTF-16 code units; an unpaired surrogate becomes U+FFFD.
    static func decode(_ units: [UInt16]) -> [UInt32] {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = Unicode.UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar.value)
            case .error: scalars.append(0xFFFD)
            case .emptyInput: break loop
            }
        }
        return scalars
    }
}
