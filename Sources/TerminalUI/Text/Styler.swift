#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Applies `TextStyle`s, or nothing when colour is off: with `NO_COLOR` set (to any value,
/// even empty; https://no-color.org) or when the output is not a terminal.
///
/// Styling is meant to be applied after fitting: fit plain text to its width with
/// `TextFitting`/`TableLayout`, then style the fitted text. (`DisplayWidth` skips SGR codes
/// anyway, and `TextFitting.truncated` keeps them whole, so measuring styled text also works.)
package struct Styler: Sendable, Equatable {
    /// Whether styles are written.
    package let isEnabled: Bool

    /// A styler that writes styles or not.
    package init(enabled: Bool) {
        isEnabled = enabled
    }

    /// A styler that writes nothing.
    package static let plain = Styler(enabled: false)

    /// The styler for output to `descriptor`: on only for a terminal without `NO_COLOR` in
    /// `environment`.
    package static func forOutput(_ descriptor: Int32 = STDOUT_FILENO, environment: [String: String]) -> Styler {
        Styler(enabled: environment["NO_COLOR"] == nil && isatty(descriptor) == 1)
    }

    /// `text` between the codes of `style` and a reset; `text` itself when disabled, the style
    /// is empty or the text is.
    package func apply(_ style: TextStyle, to text: String) -> String {
        guard isEnabled, !style.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[\(style.parameters.joined(separator: ";"))m\(text)\(TextStyle.reset)"
    }
}
