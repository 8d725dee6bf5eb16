import Foundation

/// Where fsearch writes: stdout collected and written once, stderr at once; whether the
/// terminal takes colour.
enum Console {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Colour only on a terminal, and never with `NO_COLOR` set (https://no-color.org).
    static var usesColor: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}
