@testable import TerminalUI

/// The little of a terminal emulator the end-to-end tests need to read a full-screen
/// program's screen from its bytes: cursor moves (`ESC [ r ; c H`), erasing (`ESC [ 2 J`,
/// `ESC [ K`), text (wide characters in two cells), CR and LF; styles and modes are read and
/// ignored, apart from the alternate screen, which it notes.
struct ScreenEmulator {
    let columns: Int
    let rows: Int
    /// The cells, a character (or "" for the second cell of a wide one) per cell.
    private(set) var cells: [[String]]
    private var row = 0
    private var column = 0
    /// Whether the alternate screen is on (`ESC [ ? 1049 h`).
    private(set) var isAlternateScreen = false
    /// Bytes of an unfinished sequence or character, kept for the next feed.
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's lines, trailing spaces trimmed.
    var lines: [String] {
        cells.map { line in
            var text = line.joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The whole screen as text.
    var text: String { lines.joined(separator: "\n") }

    /// Reads more of the program's output.
    mutating func feed(_ bytes: [UInt8]) {
        let input = pending + bytes
        pending = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x1B {
                guard let end = sequenceEnd(input, from: index) else {
                    pending = Array(input[index...])
                    return
                }
                perform(Array(input[index ..< end]))
                index = end
            } else if byte == 0x0D {
                column = 0
                index += 1
            } else if byte == 0x0A {
                row = min(rows - 1, row + 1)
                index += 1
            } else if byte < 0x20 {
                index += 1
            } else {
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return
                }
                put(String(decoding: input[index ..< index + length], as: UTF8.self))
                index += length
            }
        }
    }

    /// Where the sequence starting at `start` ends (exclusive), nil when it is unfinished.
    private func sequenceEnd(_ input: [UInt8], from start: Int) -> Int? {
        guard start + 1 < input.count else { return nil }
        guard input[start + 1] == 0x5B else { return start + 2 }
        var index = start + 2
        while index < input.count {
            if (0x40...0x7E).contains(input[index]) { return index + 1 }
            index += 1
        }
        return nil
    }

    /// Acts on one escape sequence.
    private mutating func perform(_ sequence: [UInt8]) {
        guard sequence.count >= 3, sequence[1] == 0x5B, let final = sequence.last else { return }
        let parameters = String(decoding: sequence[2 ..< sequence.count - 1], as: UTF8.self)
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "H"):
            row = min(rows - 1, max(0, (numbers.first.flatMap { $0 } ?? 1) - 1))
            column = min(columns - 1, max(0, (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1))
        case UInt8(ascii: "J") where parameters == "2":
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        case UInt8(ascii: "K"):
            for cell in column ..< columns { cells[row][cell] = " " }
        case UInt8(ascii: "h") where parameters == "?1049": isAlternateScreen = true
        case UInt8(ascii: "l") where parameters == "?1049": isAlternateScreen = false
        default: break
        }
    }

    /// Writes a piece of text at the cursor (no wrapping: the last cell is overwritten).
    private mutating func put(_ text: String) {
        for character in text {
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            if column + width > columns { column = columns - width }
            cells[row][column] = String(character)
            if width == 2 { cells[row][column + 1] = "" }
            column = min(columns - 1, column + width)
        }
    }
}
