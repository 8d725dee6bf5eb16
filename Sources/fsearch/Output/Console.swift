import Foundation
import TransactionSearch

/// Where fsearch writes: stdout collected and written once (a streamed result goes through
/// `BufferedOutput`), stderr at once; whether the terminal takes colour.
enum Console {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to stderr. Messages quote data and typed text, so the line is shown
    /// through `VisibleText`: a control character in it is printed escaped, and a line break
    /// inside cannot split it.
    static func error(_ text: String) {
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        FileHandle.standardError.write(Data((VisibleText.escaped(line) + "\n").utf8))
    }

    /// Colour only on a terminal, and never with `NO_COLOR` set (https://no-color.org).
    static var usesColor: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}
