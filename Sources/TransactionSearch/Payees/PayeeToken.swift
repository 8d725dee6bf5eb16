/// What the tokenizer learned about one token's bytes, so rules test bits instead of rescanning.
struct PayeeTokenFlags: OptionSet {
    let rawValue: UInt32

    /// Has a letter: an ASCII letter or any non-ASCII scalar that is not punctuation.
    static let letter = PayeeTokenFlags(rawValue: 1 << 0)
    /// Has an ASCII digit.
    static let digit = PayeeTokenFlags(rawValue: 1 << 1)
    /// Has a non-ASCII letter.
    static let nonASCII = PayeeTokenFlags(rawValue: 1 << 2)
    /// Has an upper-case letter.
    static let upper = PayeeTokenFlags(rawValue: 1 << 3)
    /// Has a lower-case letter.
    static let lower = PayeeTokenFlags(rawValue: 1 << 4)
    /// Has a cased scalar outside the fast case tables (casing goes through the stdlib).
    static let slowCase = PayeeTokenFlags(rawValue: 1 << 5)
    /// Has a `.` inside.
    static let dot = PayeeTokenFlags(rawValue: 1 << 6)
    /// Has a `/` inside.
    static let slash = PayeeTokenFlags(rawValue: 1 << 7)
    /// Has a `-` inside.
    static let dash = PayeeTokenFlags(rawValue: 1 << 8)
    /// Has a `&` or `+` inside.
    static let amp = PayeeTokenFlags(rawValue: 1 << 9)
    /// Has an apostrophe inside.
    static let apostrophe = PayeeTokenFlags(rawValue: 1 << 10)
    /// Has a `,` inside (only between digits: `13,80`).
    static let comma = PayeeTokenFlags(rawValue: 1 << 11)
    /// Has a `:` inside (only between digits: `11:33`).
    static let colon = PayeeTokenFlags(rawValue: 1 << 12)
    /// Starts with `+` (`+49`).
    static let plusSign = PayeeTokenFlags(rawValue: 1 << 13)
    /// Starts with `#` (`#3322`).
    static let hashSign = PayeeTokenFlags(rawValue: 1 << 14)
    /// Has `$`, `€`, `£` or `@`: amounts and e-mail addresses.
    static let money = PayeeTokenFlags(rawValue: 1 << 15)
    /// Was followed by a `:` (`DES:`, `ID:`); its hash includes the colon.
    static let colonAfter = PayeeTokenFlags(rawValue: 1 << 16)
    /// The token is `*`.
    static let star = PayeeTokenFlags(rawValue: 1 << 17)
    /// The token is `(`, `[` or `{`.
    static let open = PayeeTokenFlags(rawValue: 1 << 18)
    /// The token is `)`, `]` or `}`.
    static let close = PayeeTokenFlags(rawValue: 1 << 19)
    /// Has neither a letter nor a digit: `-`, `&`, `//`, `*`.
    static let symbol = PayeeTokenFlags(rawValue: 1 << 20)
    /// Every letter is an ASCII `X` (masked card or account numbers).
    static let allX = PayeeTokenFlags(rawValue: 1 << 21)
    /// Has other inner punctuation (`_`, `#` inside, non-ASCII punctuation).
    static let otherPunct = PayeeTokenFlags(rawValue: 1 << 22)
    /// Only the range is known yet (`PayeeTokenizer.finish` makes the rest when a rule needs it).
    static let pending = PayeeTokenFlags(rawValue: 1 << 23)
}

/// One token: a byte range of the descriptor plus what is known about it.
///
/// Tokens are found once per descriptor; each is classified (flags, hash, table entry, noise
/// shape) the first time a rule reaches it, so the tail after a brand or a cut costs nothing.
/// Every rule works on tokens; the output string is made once at the end.
struct PayeeToken {
    /// First byte.
    var start: Int32
    /// One past the last byte.
    var end: Int32
    /// Shape bits.
    var flags: PayeeTokenFlags
    /// Letters counted (saturating at 255).
    var letters: UInt8
    /// ASCII digits counted (saturating at 255).
    var digits: UInt8
    /// PayeeNoise shape (`PayeeNoise`), classified once when the token is made.
    var noise: PayeeNoise
    /// The word-table entry for this token's folded form, or -1.
    var entry: Int32
    /// The word's table flags (lists it is in, phrase kinds starting with it).
    var word: PayeeWordFlags
    /// FNV-1a hash of the folded bytes (with `:` appended when `colonAfter`).
    var hash: UInt64

    /// The byte count.
    @inline(__always) var length: Int { Int(end - start) }

    /// Whether the token carries a letter or digit (anything a name can be made of).
    @inline(__always) var isContent: Bool { !flags.contains(.symbol) }
}
