/// Text attributes a terminal shows, written as ANSI SGR codes by `Styler`.
package struct TextStyle: OptionSet, Sendable, Hashable {
    package let rawValue: UInt16

    /// A set from its bits.
    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Bold: group titles, facet names.
    package static let bold = TextStyle(rawValue: 1 << 0)
    /// Dim: what matters less (the pending marker).
    package static let dim = TextStyle(rawValue: 1 << 1)
    /// Underlined.
    package static let underline = TextStyle(rawValue: 1 << 2)
    /// Swapped foreground and background: a selected row.
    package static let reverse = TextStyle(rawValue: 1 << 3)
    /// Red foreground: negative amounts (money out).
    package static let red = TextStyle(rawValue: 1 << 4)
    /// Green foreground.
    package static let green = TextStyle(rawValue: 1 << 5)
    /// Yellow foreground: the matched words of a merchant.
    package static let yellow = TextStyle(rawValue: 1 << 6)

    /// The SGR parameters, in a fixed order.
    package var parameters: [String] {
        let codes: [(TextStyle, String)] = [
            (.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7"),
            (.red, "31"), (.green, "32"), (.yellow, "33"),
        ]
        return codes.filter { contains($0.0) }.map(\.1)
    }

    /// The sequence that resets every attribute (SGR 0).
    package static let reset = "\u{1B}[0m"
}
