import Testing
@testable import TerminalUI
@testable import fsearch
import TransactionSearchSupport

/// Cell widths of scalars, clusters and strings.
@Suite struct DisplayWidthTests {
    /// Known widths of strings from every class: ASCII, CJK, halfwidth/fullwidth, combining marks, emoji sequences, Hangul, controls.
    @Test(arguments: [
        ("", 0), ("abc", 3), ("hello, world", 12),
        ("日本語", 6), ("中文", 4), ("ｶﾀｶﾅ", 4), ("ＡＢＣ", 6), ("カフェ", 6),
        ("e\u{301}", 1), ("cafe\u{301}", 4), ("\u{301}", 0), ("o\u{308}\u{304}", 1),
        ("👨‍👩‍👧‍👦", 2), ("🧑‍💻", 2), ("🏳️‍🌈", 2), ("🇯🇵", 2), ("🇯🇵🇩🇪", 4),
        ("❤️", 2), ("❤", 1), ("👍🏽", 2), ("😀", 2), ("1️⃣", 2),
        ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2), ("\u{200B}", 0), ("a\u{200D}b", 2),
        ("\u{1}", 0), ("\t", 0), ("a\nb", 2), ("\u{7F}", 0), ("\u{85}", 0), ("\u{AD}", 0),
    ])
    func stringWidths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(text.displayWidth == width)
    }

    /// Widths of single grapheme clusters, emoji and combining sequences included.
    @Test func characterWidths() {
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character("日")) == 2)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of(Character("👨‍👩‍👧‍👦")) == 2)
        #expect(DisplayWidth.of(Character("☺️")) == 2)  // text-default base + VS16
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
    }

    /// Widths of single scalars, where zero width wins over wide and unassigned CJK planes are wide.
    @Test func scalarWidths() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x41)!) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1B)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x4E00)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1F600)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x3099)!) == 0)  // wide but a mark: zero wins
        #expect(DisplayWidth.of(Unicode.Scalar(0x2A6E0)!) == 2)  // unassigned, plane 2: W by default
        #expect(DisplayWidth.of(Unicode.Scalar(0xE000)!) == 1)  // private use (ambiguous): 1
    }

    /// SGR, OSC and two-byte escape sequences count no cells.
    @Test func escapeSequencesTakeNoCells() {
        #expect(DisplayWidth.of("\u{1B}[1;31mab\u{1B}[0m") == 2)
        #expect(DisplayWidth.of("\u{1B}[1m日本\u{1B}[0m") == 4)
        #expect(DisplayWidth.of("\u{1B}]8;;https://example.com\u{7}link\u{1B}]8;;\u{1B}\\") == 4)
        #expect(DisplayWidth.of("\u{1B}7x\u{1B}8") == 1)
        #expect(DisplayWidth.of("\u{1B}[12") == 0)  // unfinished: swallowed, never counted
    }

    /// The fast paths in `DisplayWidth.of(Unicode.Scalar)` agree with the tables.
    @Test func fastPathsAgreeWithTables() {
        for value in UInt32(0xA0)..<0x1100 {
            let expected = DisplayWidth.contains(WidthTables.zeroWidth, value) ? 0 : DisplayWidth.contains(WidthTables.wide, value) ? 2 : 1
            if value < 0x300 { #expect(DisplayWidth.of(Unicode.Scalar(value)!) == expected, "U+\(String(value, radix: 16))") }
            #expect(!DisplayWidth.contains(WidthTables.wide, value))
        }
    }

    /// The tables are sorted, disjoint inclusive ranges, and name their Unicode version.
    @Test func tablesAreWellFormed() {
        for table in [WidthTables.zeroWidth, WidthTables.wide] {
            #expect(table.count % 2 == 0)
            for index in stride(from: 0, to: table.count, by: 2) {
                #expect(table[index] <= table[index + 1])
                if index >= 2 { #expect(table[index] > table[index - 1] + 1) }
            }
        }
        #expect(DisplayWidth.unicodeVersion.split(separator: ".").count == 3)
    }

    /// Python's data (the tables) and Swift's own Unicode data agree: every scalar old enough
    /// to be in the tables' version is zero-width exactly when it is Mn, Me or Cf (or Hangul
    /// medial/final jamo).
    @Test func zeroWidthTableMatchesSwiftCategories() throws {
        let parts = DisplayWidth.unicodeVersion.split(separator: ".").compactMap { Int($0) }
        let version = (major: parts[0], minor: parts[1])
        var mismatches: [String] = []
        for value in UInt32(0xA0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age else { continue }
            guard age.major < version.major || (age.major == version.major && age.minor <= version.minor) else { continue }
            let category = scalar.properties.generalCategory
            let zero = [.nonspacingMark, .enclosingMark, .format].contains(category) || (0x1160...0x11FF).contains(value)
            if zero != (DisplayWidth.of(scalar) == 0) { mismatches.append("U+\(String(value, radix: 16).uppercased()) \(category)") }
        }
        // Categories that changed after Unicode 14 (Swift's data is newer): U+1171E AHOM
        // CONSONANT SIGN MEDIAL RA became a spacing mark (Mc) in Unicode 15.
        let changedLater: Set<String> = ["U+1171E spacingMark"]
        #expect(Set(mismatches).subtracting(changedLater).isEmpty, "\(mismatches.prefix(20))")
    }

    /// Random mixed-script text: a string's width is the sum of its clusters' widths, and the
    /// ASCII fast path agrees with the cluster path.
    @Test func stringWidthIsTheSumOfClusters() {
        var random = SeededRandom(seed: 0x5EED_0001)
        for _ in 0..<2000 {
            let text = MixedText.random(using: &random)
            let sum = text.reduce(0) { $0 + DisplayWidth.of($1) }
            #expect(DisplayWidth.of(text) == sum, "\(text)")
            #expect(DisplayWidth.of(text[...]) == sum)
        }
        #expect(DisplayWidth.of("ab\u{7}cd") == 4)
    }
}
