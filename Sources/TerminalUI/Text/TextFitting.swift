/// Where text sits in a cell wider than it.
package enum TextAlignment: Sendable, Equatable {
    case left
    case right
    case center
}

/// Cutting and padding text by display width, so that a cell or a screen line never takes more
/// cells than it has and never wraps.
///
/// Cuts end with `…` (one cell), happen between grapheme clusters only, and never exceed the
/// width: a wide character that would cross the edge is dropped and the cut is one cell short,
/// which `padded`/`fitted` fill with a space. Escape sequences take no cell; the ones before a
/// cut are kept, and when a style (SGR) was kept a reset (`ESC[0m`) follows the `…`, so a cut
/// styled text cannot leak its style. The intended use is still to fit plain text first and
/// style it afterwards (see `Styler`).
package enum TextFitting {
    /// The mark that ends a cut text.
    package static let ellipsis = "…"

    /// `text` unchanged when it fits in `width` cells; otherwise its longest prefix of whole
    /// clusters that fits in `width - 1` cells, followed by `…`. Empty for a width of 0 or less.
    package static func truncated(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let room = width - 1
        var result = ""
        var used = 0
        var keptStyle = false
        var segments = CellSegments(text)
        while let segment = segments.next() {
            if segment.isEscape {
                result += text[segment.range]
                keptStyle = keptStyle || segment.isStyle
                continue
            }
            if used + segment.width > room { break }
            used += segment.width
            result += text[segment.range]
        }
        result += ellipsis
        if keptStyle { result += "\u{1B}[0m" }
        return result
    }

    /// `text` with spaces added to reach `width` cells: after it (left), before it (right) or
    /// split (center). Text already `width` cells or wider is returned unchanged; use `fitted`
    /// to cut as well.
    package static func padded(_ text: String, toWidth width: Int, alignment: TextAlignment = .left) -> String {
        let missing = width - DisplayWidth.of(text)
        guard missing > 0 else { return text }
        switch alignment {
        case .left: return text + spaces(missing)
        case .right: return spaces(missing) + text
        case .center: return spaces(missing / 2) + text + spaces(missing - missing / 2)
        }
    }

    /// `text` cut (when too wide) and padded to exactly `width` cells.
    package static func fitted(_ text: String, toWidth width: Int, alignment: TextAlignment = .left) -> String {
        padded(truncated(text, toWidth: width), toWidth: width, alignment: alignment)
    }

    /// `count` spaces.
    package static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }
}

extension TextFitting {
    /// `pieces` joined by `separator` on as few lines as fit in `width` cells: a line breaks
    /// between two pieces, never inside one, and the lines after the first start with
    /// `indent` spaces; a piece wider than a line on its own is cut with `…`. So a summary
    /// line (`56 transactions · -290.11 EUR, -7.94 GBP · showing 1-4 of 56`) never wraps in
    /// the middle of a number on a narrow terminal.
    package static func joined(_ pieces: [String], separator: String = " · ", width: Int, indent: Int = 2) -> [String] {
        var lines: [String] = []
        var current = ""
        for piece in pieces where !piece.isEmpty {
            let candidate = current.isEmpty ? piece : current + separator + piece
            if current.isEmpty || DisplayWidth.of(candidate) <= width {
                current = candidate
            } else {
                lines.append(current)
                current = spaces(indent) + piece
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { truncated($0, toWidth: max(1, width)) }
    }
}
