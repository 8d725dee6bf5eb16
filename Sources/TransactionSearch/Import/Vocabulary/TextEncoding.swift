/// The text encodings bank files come in. Readers work on UTF-8 bytes; `TextDecoding` turns
/// any of these into UTF-8 first.
public enum TextEncoding: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// UTF-8 with no byte order mark.
    case utf8 = "UTF-8"
    /// UTF-8 that starts with a byte order mark (the mark is dropped).
    case utf8WithBOM = "UTF-8 with BOM"
    /// UTF-16, little endian, told by its byte order mark or, without one, by its zero bytes.
    case utf16LittleEndian = "UTF-16LE"
    /// UTF-16, big endian (see `utf16LittleEndian`).
    case utf16BigEndian = "UTF-16BE"
    /// UTF-32, little endian, told by its byte order mark or its zero bytes.
    case utf32LittleEndian = "UTF-32LE"
    /// UTF-32, big endian (see `utf32LittleEndian`).
    case utf32BigEndian = "UTF-32BE"
    /// Windows-1252, the superset of ISO-8859-1 that Western European bank exports use.
    case windows1252 = "Windows-1252"
    /// ISO-8859-1 (Latin-1) as declared by the file.
    case latin1 = "ISO-8859-1"
    /// Windows-1250, what Polish, Czech, Slovak and Hungarian bank exports are in when they are
    /// not UTF-8.
    case windows1250 = "Windows-1250"
    /// ISO-8859-2 (Latin-2), Central European text of older systems.
    case latin2 = "ISO-8859-2"

    /// The encoding's name (`UTF-8`, `Windows-1252`).
    public var description: String { rawValue }

    /// The encoding a charset name declares (`CHARSET:1252`, `encoding="ISO-8859-1"`,
    /// `utf-8`, `cp1252`), or nil for a name not known.
    public init?(declaredName name: String) {
        let key = String(name.trimmingWhitespace().lowercased().filter { $0.isLetter || $0.isNumber })
        switch key {
        case "utf8", "unicode": self = .utf8
        case "1252", "cp1252", "windows1252", "winlatin1", "ansi", "usascii", "ascii": self = .windows1252
        case "iso88591", "latin1", "l1", "iso885915", "88591", "isolatin1": self = .latin1
        case "1250", "cp1250", "windows1250", "wincentraleurope": self = .windows1250
        case "iso88592", "latin2", "l2", "88592", "isolatin2": self = .latin2
        case "utf16", "utf16le": self = .utf16LittleEndian
        case "utf16be": self = .utf16BigEndian
        case "utf32", "utf32le": self = .utf32LittleEndian
        case "utf32be": self = .utf32BigEndian
        default: return nil
        }
    }
}
