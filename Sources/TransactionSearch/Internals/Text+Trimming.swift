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

    /// Whether the first and last bytes are visible ASCII characters: then there is no white
    /// space to trim. Read from the contiguous UTF-8 (String.UTF8View's generic `first` and
    /// `index(before:)` cost several times more, measured with callgrind).
    @usableFromInline var hasPlainEnds: Bool {
        var copy = self
        return copy.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        }
    }
}

extension Substring {
    /// The text without leading and trailing white space, as a string.
    @inlinable package func trimmingWhitespace() -> String {
        String(self).trimmingWhitespace()
    }
}
