extension String {
    /// The text without leading and trailing white space (Unicode White_Space).
    func trimmingWhitespace() -> String {
        var copy = self
        let plain = copy.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        }
        if plain { return self }  // the common case: nothing to trim, no scalar properties looked up
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
