import Foundation

/// How this run lays a table out: the width to fit (`COLUMNS`, else the terminal's, else 80),
/// whether styles are written (a terminal without `NO_COLOR`), how days are written, and
/// whether rows show their ids (`--no-ids` hides them).
package struct TableSettings: Sendable {
    /// Screen cells a line may take.
    package var width: Int
    /// Bold titles, matched words, red negative amounts; or nothing.
    package var styler: Styler
    /// `14/03/26`, `03/14/26` or `2026-03-14`.
    package var dates: DateDisplay
    /// Whether the first column is the row's id, which `update` and `delete` take.
    package var showsIDs: Bool

    /// The settings of a table written to standard output.
    package static func forOutput(dates: DateDisplay, showsIDs: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> TableSettings {
        TableSettings(width: TerminalSize.current(environment: environment).columns,
                      styler: Styler.forOutput(environment: environment), dates: dates, showsIDs: showsIDs)
    }
}
