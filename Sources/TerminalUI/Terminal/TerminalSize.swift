import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's size in cells.
package struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Cells in a line.
    package var columns: Int
    /// Lines on the screen.
    package var rows: Int

    /// A size of `columns` x `rows`.
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// 80 x 24, when nothing says otherwise.
    package static let fallback = TerminalSize(columns: 80, rows: 24)

    /// `100x30`.
    package var description: String { "\(columns)x\(rows)" }

    /// Which source wins when both the environment and the terminal give a size.
    package enum Preference: Sendable {
        /// `COLUMNS`/`LINES` first: the user's explicit choice, for one-shot output (tables).
        case environment
        /// The terminal's own size first: it follows resizes, for the full-screen mode.
        case terminal
    }

    /// The size to lay output out for, each dimension on its own: `COLUMNS` (`LINES`) when set
    /// to a positive number, else the terminal's size from `ioctl(TIOCGWINSZ)` on `descriptor`,
    /// else 80 (24); `preference` says which of the first two wins.
    package static func current(
        descriptor: Int32 = STDOUT_FILENO,
        environment: [String: String],
        preference: Preference = .environment
    ) -> TerminalSize {
        let measured = ofTerminal(descriptor)
        let columnsFromEnvironment = positiveNumber("COLUMNS", in: environment)
        let rowsFromEnvironment = positiveNumber("LINES", in: environment)
        switch preference {
        case .environment:
            return TerminalSize(
                columns: columnsFromEnvironment ?? measured?.columns ?? fallback.columns,
                rows: rowsFromEnvironment ?? measured?.rows ?? fallback.rows)
        case .terminal:
            return TerminalSize(
                columns: measured?.columns ?? columnsFromEnvironment ?? fallback.columns,
                rows: measured?.rows ?? rowsFromEnvironment ?? fallback.rows)
        }
    }

    /// The size the terminal on `descriptor` reports, nil when it is not a terminal or reports
    /// zero (some pseudo-terminals before their size is set).
    package static func ofTerminal(_ descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// A positive whole number from `name` (such as COLUMNS), nil when unset or unreadable.
    package static func positiveNumber(_ name: String, in environment: [String: String]) -> Int? {
        guard let text = environment[name], let number = Int(text.trimmingCharacters(in: .whitespaces)), number > 0 else {
            return nil
        }
        return number
    }
}
