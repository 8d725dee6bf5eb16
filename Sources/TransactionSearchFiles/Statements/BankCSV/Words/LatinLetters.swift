import TransactionSearch

/// The ASCII letter an accented Latin letter is based on, for the words bank exports write in
/// cells (month names, debit/credit marks): Latin-1 (`ä`, `ç`, `É`) and Latin Extended-A
/// (`ą`, `č`, `ł`, `ő`, `ş`, `ž`), so that Polish, Czech, Hungarian, Romanian and Baltic words
/// fold like Western ones. Letters with no single base letter (`æ`, `ß`, `œ`) have none.
enum LatinLetters {
    /// U+00C0 to U+017F, one ASCII letter each (`.`: none), generated from the Unicode
    /// decompositions (NFKD's first scalar), with `ł`, `đ`, `ħ`, `ŧ`, `ø`, `ı`, `ŀ` added.
    private static let bases: [UInt8] = Array((
        "aaaaaa.ceeeeiiii.nooooo.ouuuuy..aaaaaa.ceeeeiiii.nooooo.ouuuuy.y"
            + "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii..jjkk.lllllll"
            + "lllnnnnnn...oooooo..rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs").utf8)

    /// The base letter of the two-byte UTF-8 character at `index` (lead byte `C3`, `C4` or
    /// `C5`), lower-cased; nil for any other character.
    @inline(__always)
    static func base(_ bytes: ByteView, at index: Int) -> UInt8? {
        let lead = bytes[index]
        guard lead >= 0xC3 && lead <= 0xC5, index + 1 < bytes.count else { return nil }
        let trail = bytes[index + 1]
        guard trail & 0xC0 == 0x80 else { return nil }
        let scalar = Int(lead & 0x1F) << 6 | Int(trail & 0x3F)
        guard scalar >= 0xC0 && scalar < 0x180 else { return nil }
        let base = bases[scalar - 0xC0]
        return base == UInt8(ascii: ".") ? nil : base
    }
}
