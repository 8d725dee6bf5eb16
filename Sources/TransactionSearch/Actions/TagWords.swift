/// Whether a row's notes already hold a tag a rule adds: some word of the notes (split at
/// whitespace) equals the tag, case aside. A rule run asks this of every row it matches, so
/// notes and tags in ASCII, nearly all of them, are compared byte by byte; splitting into
/// `Character`s and lowercasing each word was a third of a long-tail import's rule edits
/// (callgrind, `bench --profile import-rules`).
enum TagWords {
    /// Whether `notes` holds `tag` as one of its words, case aside.
    static func notes(_ notes: String, hold tag: String) -> Bool {
        let folded = tag.lowercased()
        if let answer = asciiAnswer(notes, folded) { return answer }
        return notes.split(whereSeparator: { $0.isWhitespace }).contains { $0.lowercased() == folded }
    }

    /// The answer for ASCII notes and an ASCII folded tag (nil otherwise): ASCII whitespace
    /// is exactly what `Character.isWhitespace` finds among ASCII characters (tab to carriage
    /// return, and space), and an ASCII word lowercases letter by letter.
    private static func asciiAnswer(_ notes: String, _ folded: String) -> Bool? {
        var notes = notes, folded = folded
        return notes.withUTF8 { notes in
            folded.withUTF8 { tag -> Bool? in
                guard !tag.isEmpty, tag.allSatisfy({ $0 < 0x80 }) else { return nil }
                var start = 0
                var index = 0
                var found = false
                while index <= notes.count {
                    let byte: UInt8 = index < notes.count ? notes[index] : 0x20
                    if byte >= 0x80 { return nil }
                    if byte == 0x20 || (0x09...0x0D).contains(byte) {
                        if !found && index - start == tag.count && matches(notes, from: start, tag) { found = true }
                        start = index + 1
                    }
                    index += 1
                }
                return found
            }
        }
    }

    /// Whether the bytes of `notes` from `start` equal `tag` (lowercase) once lowercased.
    private static func matches(_ notes: UnsafeBufferPointer<UInt8>, from start: Int, _ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<tag.count {
            var byte = notes[start + offset]
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if byte != tag[offset] { return false }
        }
        return true
    }
}
