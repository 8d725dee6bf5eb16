import TransactionSearch

/// The lines of a UTF-8 buffer, one at a time: each line's byte range without its terminator
/// (LF, CRLF or a lone CR, as old Mac exports write), numbered from 1. Statement readers walk
/// a file with it instead of splitting it into strings.
struct TextLines {
    private let bytes: ByteView
    private var position = 0
    /// The number of the line `next()` returned last (0 before the first call).
    private(set) var number = 0

    /// The lines of `bytes`, which must outlive this value.
    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    /// The range of the next line, or nil after the last one. A file that ends with a line
    /// break has no empty line after it. Every call advances.
    mutating func next() -> Range<Int>? {
        let count = bytes.count
        guard position < count else { return nil }
        let start = position
        var index = start
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { break }
            index += 1
        }
        let end = index
        if index < count {
            index += bytes[index] == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
        }
        position = index
        number += 1
        return start..<end
    }
}
