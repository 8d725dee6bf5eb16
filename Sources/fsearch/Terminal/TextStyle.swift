/// Text attributes a terminal shows, written as ANSI SGR codes by `Styler`.
struct TextStyle: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    /// A set from its bits.
    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Bold: group titles, facet names.
    static let bold = TextStyle(rawValue: 1 << 0)
    /// Dim: what matters less (the pending marker).
    static let dim = TextStyle(rawValue: 1 << 1)
    /// Underlined.
    static let underline = TextStyle(rawValue: 1 << 2)
    /// Swapped foreground and background: a selected row.
    static let reverse = TextStyle(rawValue: 1 << 3)
    /// Red foreground: negative amounts (money out).
    static let red = TextStyle(rawValue: 1 << 4)
    /// Green foreground.
    static let green = TextStyle(rawValue: 1 << 5)
    /// Yellow foreground: the matched words of a merchant.
    static let yellow = TextStyle(rawValue: 1 << 6)

    /// The SGR parameters, in a fixed order.
    var parameters: [String] {
        let codes: [(TextStyle, String)] = [
            (.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7"),
            (.red, "31"), (.green, "32"), (.yellow, "33"),
        ]
        return codes.filter { contains($0.0) }.map(\.1)
    }

    /// The sequence that resets every attribute (SGR 0).
    static let reset = "\u{1B}[0m"
}
