import Testing
@testable import TerminalUI

/// Keys from the bytes terminals send: escape sequences of the arrows, Home/End and Page
/// Up/Down in their CSI and SS3 forms, control bytes, UTF-8, and bytes split anywhere.
@Suite struct KeyDecoderTests {
    /// Decodes `bytes` in one piece, then flushes.
    func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left), ("\u{1B}[5;2~", .pageUp),
        ("\u{1B}[2~", .unknown), ("\u{1B}[15~", .unknown), ("\u{1B}OP", .unknown), ("\u{1B}[200~", .unknown),
    ] as [(String, Key)])
    func escapeSequences(text: String, key: Key) {
        #expect(keys(text) == [key])
    }

    @Test func controlBytes() {
        #expect(keys([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
        #expect(keys([0x03, 0x15, 0x17, 0x01, 0x05, 0x0C, 0x1A]) == [
            .control("c"), .control("u"), .control("w"), .control("a"), .control("e"), .control("l"), .control("z"),
        ])
        #expect(keys([0x00, 0x1C, 0x1F]) == [.unknown, .unknown, .unknown])
    }

    @Test func textAndWideCharacters() {
        #expect(keys("ab ") == [.character("a"), .character("b"), .character(" ")])
        #expect(keys("日本") == [.character("日"), .character("本")])
        #expect(keys("cafe\u{301}") == [.character("c"), .character("a"), .character("f"), .character("e\u{301}")])
        #expect(keys("👍🏽x") == [.character("👍🏽"), .character("x")])
        #expect(keys("a\u{1B}[Bb") == [.character("a"), .down, .character("b")])
    }

    /// A lone ESC waits: it may start a sequence whose rest is on its way. Flushed, it is the
    /// Escape key; a sequence cut short means nothing.
    @Test func aLoneEscapeWaitsForTheRest() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode(Array("[B".utf8)) == [.down])
        #expect(!decoder.isWaiting)
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.decode([0x1B, 0x5B, 0x31]) == [])
        #expect(decoder.flush() == [.unknown])
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
        #expect(keys([0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .up])
    }

    /// Every split of a run of keys gives the same keys as the whole.
    @Test func bytesSplitAnywhere() {
        let bytes = Array("é\u{1B}[5~日\u{1B}OAx\u{1B}[1;5C\r".utf8)
        let whole = keys(bytes)
        #expect(whole == [.character("é"), .pageUp, .character("日"), .up, .character("x"), .right, .enter])
        for cut in 1 ..< bytes.count {
            var decoder = KeyDecoder()
            let split = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...]) + decoder.flush()
            #expect(split == whole, "cut at \(cut)")
        }
    }

    /// Alt and a key, malformed and overlong sequences and stray bytes are dropped, never typed.
    @Test func whatMeansNothingIsDropped() {
        #expect(keys("\u{1B}q") == [.unknown])
        #expect(keys("\u{1B}[1\u{07}x") == [.unknown, .control("g"), .character("x")])
        #expect(keys([0x1B, 0x5B] + Array(repeating: 0x31, count: 40) + [0x41]).first == .unknown)
        #expect(keys([0x80, 0xFF, 0x61]) == [.character("a")])
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xE6, 0x97]) == [])
        #expect(decoder.flush() == [])
    }
}
