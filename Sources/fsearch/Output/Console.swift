import Foundation
import TransactionSearch

/// Where fsearch writes: the result through `OutputDestination` (standard output or
/// `--output`; a streamed result goes through `BufferedOutput`), stderr at once; whether
/// standard input is a terminal. (Colour and width: `TableSettings`.)
enum Console {
    static func write(_ text: String) {
        OutputDestination.current.write(text)
    }

    /// Writes one line to stderr. Messages quote data and typed text, so the line is shown
    /// through `VisibleText`: a control character in it is printed escaped, and a line break
    /// inside cannot split it.
    static func error(_ text: String) {
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        var bytes = Array((VisibleText.escaped(line) + "\n").utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }  // nowhere left to say it
                offset += written
            }
        }
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}
