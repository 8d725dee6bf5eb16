extension String {
    /// The text without leading and trailing white space (Unicode White_Space).
    @inlinable package func trimmingWhitespace() -> String {
        if hasPlainEnds { return self }  // the common case: nothing to trim, no scalar properties looked up
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Whether the text is empty or only white space, answered from the first byte when that
    /// is a visible ASCII character (most fields), without making a trimmed copy.
    @inlinable package var isBlank: Bool {
        var copy = self  // withUTF8 is mutating; a native string is not copied
        let visibleFirst = copy.withUTF8 { bytes in bytes.first.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        return visibleFirst ? false : trimmingWhitespace().isEmpty
    }

    /// Whether the first and last characters are not white space: then there is nothing to
    /// trim. Read from the contiguous UTF-8 (String.UTF8View's generic `first` and
    /// `index(before:)` cost several times more, measured with callgrind): visible ASCII at
    /// both ends answers from two bytes; otherwise the first and last scalars are decoded and
    /// tested against the White_Space list (`isWhiteSpace(scalar:)`), without looking up
    /// Unicode properties (text ending in Cyrillic, Greek or Japanese went through the
    /// scalars' properties at every field: 6 % of a long-tail batch's validation, perf).
    @usableFromInline var hasPlainEnds: Bool {
        var copy = self
        return copy.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            if first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F { return true }
            return !isWhiteSpace(scalar: firstScalar(of: bytes)) && !isWhiteSpace(scalar: lastScalar(of: bytes))
        }
    }
}

/// Whether a scalar has the Unicode White_Space property: a fixed list (Unicode 16's
/// PropList.txt: tab to carriage return, space, next line, no-break space, Ogham space mark,
/// the spaces U+2000 to U+200A, the line and paragraph separators, the narrow no-break
/// space, the medium mathematical space and the ideographic space).
func isWhiteSpace(scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
}

/// The first scalar of valid, non-empty UTF-8.
fileprivate func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    scalar(in: bytes, at: 0)
}

/// The last scalar of valid, non-empty UTF-8: its lead byte is the last one that is not a
/// continuation byte (10xxxxxx).
fileprivate func lastScalar(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var start = bytes.count - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return scalar(in: bytes, at: start)
}

/// The scalar of valid UTF-8 whose lead byte is at `index`.
fileprivate func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    let lead = UInt32(bytes[index])
    func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
    switch lead {
    case ..<0x80: return lead
    case ..<0xE0: return (lead & 0x1F) << 6 | continuation(1)
    case ..<0xF0: return (lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2)
    default: return (lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3)
    }
}

extension Substring {
    /// The text without leading and trailing white space, as a string.
    @inlinable package func trimmingWhitespace() -> String {
        String(self).trimmingWhitespace()
    }
}
