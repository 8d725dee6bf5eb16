import TransactionSearch

/// A parsed JSON value. Numbers keep their text, so an amount is never a floating-point number.
indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let text): hasher.combine(text)
        case .string(let text): hasher.combine(text)
        case .array(let values): hasher.combine(values)
        case .object(let members): for member in members { hasher.combine(member.key); hasher.combine(member.value) }
        }
    }
}

/// Malformed JSON, with the line and column (1-based) where it was noticed.
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String

    var description: String { "\(message) at line \(line), column \(column)" }
}

/// A small, strict JSON parser (RFC 8259) over UTF-8 bytes. Nesting deeper than 64 levels is
/// refused rather than risking the stack.
struct JSONParser {
    private let bytes: ByteView
    private(set) var index: Int
    private var line: Int
    private var lineStart: Int
    private static let maximumDepth = 64

    /// Parses `bytes[start...]`, counting lines from `line`.
    init(_ bytes: ByteView, start: Int = 0, line: Int = 1) {
        self.bytes = bytes
        index = start
        self.line = line
        lineStart = start
    }

    var isAtEnd: Bool { index >= bytes.count }
    var currentLine: Int { line }

    /// One value, then only white space up to `end`.
    mutating func parseDocument(end: Int? = nil) throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < (end ?? bytes.count) { throw error("unexpected text after the value") }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    /// The next byte after white space, not consumed.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard peek() == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONParser.maximumDepth else { throw error("nested more than \(JSONParser.maximumDepth) levels") }
        guard let byte = peek() else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try parseString()
                try expect(UInt8(ascii: ":"))
                members.append((key, try parseValue(depth: depth + 1)))
                guard let next = peek() else { throw error("unexpected end of input in an object") }
                index += 1
                if next == UInt8(ascii: "}") { return .object(members) }
                guard next == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or '}'") }
            }
        case UInt8(ascii: "["):
            index += 1
            var values: [JSONValue] = []
            if peek() == UInt8(ascii: "]") { index += 1; return .array(values) }
            while true {
                values.append(try parseValue(depth: depth + 1))
                guard let next = peek() else { throw error("unexpected end of input in an array") }
                index += 1
                if next == UInt8(ascii: "]") { return .array(values) }
                guard next == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or ']'") }
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), 0x30...0x39:
            return .number(try parseNumber())
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("unknown literal")
        }
        index += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        guard digits() > 0 else { throw error("a number needs digits") }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("a number needs exponent digits") }
        }
        return String(decoding: bytes.view(start..<index), as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var start = index
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("a string is never closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: bytes.view(start..<index))
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw error("a control character inside a string") }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes.view(start..<index))
                index += 1
                guard index < bytes.count else { throw error("a string is never closed") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try hex4()
                    if (0xD800..<0xDC00).contains(value) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in \\u escape") }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(value) {
                        throw error("a lone surrogate in \\u escape")
                    }
                    scalars.append(contentsOf: Array(String(Character(Unicode.Scalar(value)!)).utf8))
                default:
                    throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
                start = index
                continue
            }
            index += 1
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
    }
}
