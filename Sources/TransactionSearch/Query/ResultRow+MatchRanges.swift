extension ResultRow {
    /// Where the query's words occur in `transaction.merchant`, as ranges of that string: what
    /// an app bolds, for example through `Range(_:in:)` of an `AttributedString` made from the
    /// merchant. Ascending, rounded outward to whole characters (a match never splits a letter
    /// from its accent), and merged where they then touch.
    /// - Complexity: O(length of the merchant).
    public var matchRanges: [Range<String.Index>] {
        ResultRow.characterRanges(ofScalarOffsets: matches, in: transaction.merchant)
    }

    /// Ranges of `text` covering the given Unicode scalar offsets, rounded outward to
    /// character boundaries; offsets past the end are cut at the end.
    static func characterRanges(ofScalarOffsets offsets: [Range<Int>], in text: String) -> [Range<String.Index>] {
        guard !offsets.isEmpty else { return [] }
        // Every character boundary with its scalar offset, the end included.
        var boundaries: [(offset: Int, index: String.Index)] = []
        var offset = 0
        var index = text.startIndex
        while index < text.endIndex {
            boundaries.append((offset, index))
            let next = text.index(after: index)
            offset += text.unicodeScalars[index..<next].count
            index = next
        }
        boundaries.append((offset, text.endIndex))
        var ranges: [Range<String.Index>] = []
        for match in offsets where match.lowerBound < offset && !match.isEmpty {
            // The last boundary at or before the start, the first at or after the end.
            let lower = boundaries.last { $0.offset <= match.lowerBound }?.index ?? text.startIndex
            let upper = boundaries.first { $0.offset >= match.upperBound }?.index ?? text.endIndex
            if let last = ranges.last, last.upperBound >= lower {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }
}
