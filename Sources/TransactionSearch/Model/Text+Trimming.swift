extension String {
    /// The text without leading and trailing white space (Unicode White_Space).
    func trimmingWhitespace() -> String {
        if hasPlainEnds { return self }  // the common case: nothing to trim, no scalar properties looked up
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Whether the text is empty or only white space, answered from the first byte when that
    /// is a visible ASCII character (most fields), without making a trimmed copy.
    var isBlank: Bool {
        if let first = utf8.first, first > 0x20 && first < 0x7F { return false }
        return trimmingWhitespace().isEmpty
    }

    /// Whether the first and last bytes are visible ASCII characters: then there is no white
    /// space to trim. Read in place (no copy of the string).
    private var hasPlainEnds: Bool {
        let utf8 = self.utf8
        guard let first = utf8.first, first > 0x20 && first < 0x7F else { return false }
        let last = utf8[utf8.index(before: utf8.endIndex)]
        return last > 0x20 && last < 0x7F
    }
}
