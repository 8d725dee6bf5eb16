import TransactionSearchSupport

/// Text pieces from many scripts and of every width class, to build random strings from.
enum MixedText {
    /// Pieces: ASCII, Latin with combining marks, CJK, kana, Hangul (precomposed and jamo),
    /// fullwidth and halfwidth forms, emoji (plain, VS16, ZWJ family, flags, skin tones),
    /// Arabic, Devanagari, zero-width characters, lone combining marks.
    static let pieces: [String] = [
        "a", "Z", "7", " ", "-", ".", "Coffee", "AMAZON MKTPLACE",
        "e\u{301}", "n\u{303}", "o\u{308}\u{304}", "\u{301}", "\u{20DD}",
        "日", "本", "語", "中文", "東京都", "カフェ", "ひらがな", "ｶﾀｶﾅ", "ＡＢＣ", "！",
        "한", "국", "\u{1112}\u{1161}\u{11AB}",
        "😀", "❤️", "❤", "👍🏽", "👨‍👩‍👧‍👦", "🧑‍💻", "🏳️‍🌈", "🇯🇵", "🇩🇪", "1️⃣",
        "مرحبا", "नमस्ते", "क्ष", "\u{200B}", "\u{200D}", "\u{FEFF}", "Ω", "ß", "ǅ",
    ]

    /// A string of up to `maximumPieces` random pieces.
    static func random(using generator: inout SeededRandom, maximumPieces: Int = 12) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        var text = ""
        for _ in 0..<count { text += pieces.randomElement(using: &generator)! }
        return text
    }
}
