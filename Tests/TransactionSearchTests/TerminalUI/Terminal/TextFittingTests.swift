import Testing
@testable import TerminalUI
@testable import fsearch
import TransactionSearchSupport

/// Cutting with `…` and padding by display width.
@Suite struct TextFittingTests {
    /// Cuts at cluster boundaries with …, wide characters never crossing the edge.
    @Test(arguments: [
        ("hello world", 5, "hell…"),
        ("hello", 5, "hello"),
        ("hello", 9, "hello"),
        ("hello", 1, "…"),
        ("hello", 0, ""),
        ("hello", -3, ""),
        ("日本語テキスト", 5, "日本…"),
        ("日本語", 4, "日…"),  // 本 would cross the edge: dropped, one cell short
        ("日本語", 6, "日本語"),
        ("cafe\u{301} au lait", 5, "cafe\u{301}…"),
        ("👨‍👩‍👧‍👦abc", 2, "…"),
        ("👨‍👩‍👧‍👦abc", 4, "👨‍👩‍👧‍👦a…"),
        ("🇯🇵🇩🇪🇫🇷", 5, "🇯🇵🇩🇪…"),
        ("", 3, ""),
    ])
    func truncation(text: String, width: Int, expected: String) {
        let result = TextFitting.truncated(text, toWidth: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= max(0, width))
    }

    /// Cutting styled text keeps its escape sequences whole and resets after the cut.
    @Test func styledTextKeepsWholeSequencesAndResets() {
        let styled = "\u{1B}[1mhello world\u{1B}[0m"
        #expect(TextFitting.truncated(styled, toWidth: 5) == "\u{1B}[1mhell…\u{1B}[0m")
        #expect(TextFitting.truncated(styled, toWidth: 11) == styled)
    }

    /// Padding by cells for each alignment; fitted is exactly the width.
    @Test func padding() {
        #expect(TextFitting.padded("ab", toWidth: 5) == "ab   ")
        #expect(TextFitting.padded("ab", toWidth: 5, alignment: .right) == "   ab")
        #expect(TextFitting.padded("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(TextFitting.padded("日本", toWidth: 6) == "日本  ")
        #expect(TextFitting.padded("e\u{301}", toWidth: 3, alignment: .right) == "  e\u{301}")
        #expect(TextFitting.padded("toolong", toWidth: 3) == "toolong")
        #expect(TextFitting.fitted("日本語", toWidth: 4) == "日… ")
        #expect(TextFitting.fitted("12.50", toWidth: 8, alignment: .right) == "   12.50")
    }

    /// Random mixed-script text at every width from 0 to 30: the cut never exceeds the width,
    /// ends with `…` exactly when it cut, keeps whole clusters from the start of the text,
    /// and `fitted` always takes exactly the width.
    @Test func randomTextNeverExceedsTheWidth() {
        var random = SeededRandom(seed: 0x5EED_0002)
        for _ in 0..<600 {
            let text = MixedText.random(using: &random)
            let full = DisplayWidth.of(text)
            for width in 0...30 {
                let cut = TextFitting.truncated(text, toWidth: width)
                #expect(DisplayWidth.of(cut) <= width, "\(text) at \(width)")
                if width == 0 {
                    #expect(cut == "")
                } else if full <= width {
                    #expect(cut == text)
                } else {
                    #expect(cut.hasSuffix("…"))
                    #expect(text.hasPrefix(cut.dropLast()), "cut inside a cluster: \(text) at \(width)")
                    // As long as it can be: the next cluster would not have fitted.
                    let kept = cut.dropLast().count
                    let next = text[text.index(text.startIndex, offsetBy: kept)]
                    #expect(DisplayWidth.of(cut) - 1 + DisplayWidth.of(next) > width - 1)
                }
                if width >= 0 {
                    #expect(DisplayWidth.of(TextFitting.fitted(text, toWidth: width)) == width)
                }
            }
        }
    }
}

/// Header and summary lines that break between their parts rather than wrap.
@Suite struct JoinedLineTests {
    /// Parts that fit stay on one line; more go on indented lines; none is wider than the width.
    @Test func partsBreakBetweenNotInside() {
        let pieces = ["56 transactions", "-290.11 EUR, -7.94 GBP, -644 JPY", "showing 1-4 of 56", "0.25 ms"]
        #expect(TextFitting.joined(pieces, width: 200) == [pieces.joined(separator: " · ")])
        let narrow = TextFitting.joined(pieces, width: 40)
        #expect(narrow == ["56 transactions", "  -290.11 EUR, -7.94 GBP, -644 JPY", "  showing 1-4 of 56 · 0.25 ms"])
        for width in 1...60 {
            for line in TextFitting.joined(pieces + ["東京都の長いカフェの名前 ☕️"], width: width) { #expect(DisplayWidth.of(line) <= width) }
        }
    }
}
