import TransactionSearch

/// Small text helpers on a UTF-8 buffer that statement readers share: trimming a range,
/// making a string of it, comparing ASCII without case. They work on ranges so a reader makes
/// strings only for the values it keeps.
extension ByteView {
    /// `range` without leading and trailing white space (`ByteText.spaceWidth`: spaces, tabs,
    /// line ends and the no-break and thin spaces bank files write).
    func trimming(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start < end {
            let width = ByteText.spaceWidth(self, at: start)
            if width == 0 || start + width > end { break }
            start += width
        }
        while end > start {
            let width = ByteText.spaceWidthBefore(self, end: end)
            if width == 0 || end - width < start { break }
            end -= width
        }
        return start..<end
    }

    /// The text of `range` (invalid UTF-8 becomes U+FFFD).
    func text(_ range: Range<Int>) -> String {
        String(decoding: self.view(range), as: UTF8.self)
    }

    /// The trimmed text of `range`, or nil when it is blank.
    func trimmedText(_ range: Range<Int>) -> String? {
        let trimmed = trimming(range)
        return trimmed.isEmpty ? nil : text(trimmed)
    }

    /// Whether the bytes of `range` start with `prefix`, ASCII letters compared without case
    /// (`prefix` must be lower-case).
    func hasASCIIPrefix(_ prefix: StaticString, in range: Range<Int>) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<count where Self.lowercased(self[range.lowerBound + offset]) != start[offset] {
            return false
        }
        return true
    }

    /// Where `pattern` first occurs in `range` (bytes compared exactly), or nil.
    func firstRange(of pattern: StaticString, in range: Range<Int>) -> Range<Int>? {
        let count = pattern.utf8CodeUnitCount
        guard count > 0, range.count >= count else { return nil }
        let start = pattern.utf8Start
        var index = range.lowerBound
        while index + count <= range.upperBound {
            var offset = 0
            while offset < count && self[index + offset] == start[offset] { offset += 1 }
            if offset == count { return index..<index + count }
            index += 1
        }
        return nil
    }

    /// An ASCII letter in lower case; any other byte as it is.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether the byte is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}
