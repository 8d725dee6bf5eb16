import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `TagWords` against the plain reference it replaced: the notes split into `Character`s at
/// whitespace, each word lowercased and compared with the lowercased tag.
@Suite struct TagWordsTests {
    static func reference(_ notes: String, _ tag: String) -> Bool {
        notes.split(whereSeparator: { $0.isWhitespace }).contains { $0.lowercased() == tag.lowercased() }
    }

    @Test func examples() {
        #expect(TagWords.notes("lunch #food", hold: "#food"))
        #expect(TagWords.notes("lunch #FOOD", hold: "#food"))
        #expect(TagWords.notes("#Food\tlunch", hold: "#fOOd"))
        #expect(TagWords.notes("a\r\n#food", hold: "#food"))
        #expect(!TagWords.notes("lunch #foods", hold: "#food"))
        #expect(!TagWords.notes("lunch#food", hold: "#food"))
        #expect(!TagWords.notes("", hold: "#food"))
        #expect(TagWords.notes("déjeuner #food", hold: "#food"))
        #expect(TagWords.notes("lunch\u{A0}#food", hold: "#food"))
        #expect(TagWords.notes("#CAFÉ", hold: "#café"))
        // The Kelvin sign lowercases to an ASCII k.
        #expect(TagWords.notes("#k", hold: "#\u{212A}"))
    }

    @Test(arguments: 0..<4)
    func agreesWithTheReference(seed: Int) {
        var random = SeededRandom(seed: UInt64(7_100 + seed))
        let pieces = ["#food", "#FOOD", "#Fo", "food", "#", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}",
                      "\u{A0}", "\u{2003}", "\u{85}", "é", "e\u{301}", "#food\u{301}", "Ä", "\u{212A}", "k", "K", "#k",
                      "x", "lunch", "ß", "ẞ", "İ", "🙂", "#fööd", "#FÖÖD"]
        let tags = ["#food", "#Fo", "#k", "#\u{212A}", "#fööd", "#ß", "#", "#lunch"]
        for _ in 0..<4_000 {
            let notes = (0..<random.int(in: 0...7)).map { _ in random.pick(pieces) }.joined()
            let tag = random.pick(tags)
            #expect(TagWords.notes(notes, hold: tag) == Self.reference(notes, tag), "\(notes.unicodeScalars.map { String($0.value, radix: 16) }) \(tag)")
        }
    }
}
