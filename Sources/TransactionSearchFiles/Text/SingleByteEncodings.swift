import TransactionSearch

/// The one-byte encodings a bank file that is not UTF-8 comes in, and how to tell them apart
/// when the file does not say: Windows-1252 (and ISO-8859-1) for Western European text,
/// Windows-1250 and ISO-8859-2 for Polish, Czech, Slovak, Hungarian and Romanian text.
///
/// The guess scores each candidate's reading of the file's bytes over 0x7F (docs/bank-files.md,
/// *Encodings*): +2 for a letter of the languages the encoding is made for, -2 for another
/// letter, -5 for a control character or a byte the encoding leaves undefined, -1 for a rare
/// symbol (`¹ ¾ ¤ ¦ ¨ ´ ¸ ˘ ˛ ˇ ˝ ¥ ¬`), 0 for punctuation. The best reading wins; a tie goes to
/// the reading whose best single language scores most (Hungarian `ő ű` read as Portuguese `õ`
/// and French `û` lose to Hungarian), then to Windows-1252, then Windows-1250. A statement that
/// mixes merchants of several countries is judged by all their letters at once.
/// `0xA3`/`0xB3` count only next to a letter: `£12.40` in a British Latin-1 file is no `Ł`.
enum SingleByteEncodings {
    /// The code points of bytes 0x80-0xFF in Windows-1250 (its five undefined bytes keep
    /// their Latin-1 value, as for Windows-1252).
    static let windows1250: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0083, 0x201E, 0x2026, 0x2020, 0x2021, 0x0088, 0x2030, 0x0160, 0x2039, 0x015A, 0x0164, 0x017D, 0x0179,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x0098, 0x2122, 0x0161, 0x203A, 0x015B, 0x0165, 0x017E, 0x017A,
        0x00A0, 0x02C7, 0x02D8, 0x0141, 0x00A4, 0x0104, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x015E, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x017B,
        0x00B0, 0x00B1, 0x02DB, 0x0142, 0x00B4, 0x00B5, 0x00B6, 0x00B7, 0x00B8, 0x0105, 0x015F, 0x00BB, 0x013D, 0x02DD, 0x013E, 0x017C,
        0x0154, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0139, 0x0106, 0x00C7, 0x010C, 0x00C9, 0x0118, 0x00CB, 0x011A, 0x00CD, 0x00CE, 0x010E,
        0x0110, 0x0143, 0x0147, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x00D7, 0x0158, 0x016E, 0x00DA, 0x0170, 0x00DC, 0x00DD, 0x0162, 0x00DF,
        0x0155, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x013A, 0x0107, 0x00E7, 0x010D, 0x00E9, 0x0119, 0x00EB, 0x011B, 0x00ED, 0x00EE, 0x010F,
        0x0111, 0x0144, 0x0148, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x00F7, 0x0159, 0x016F, 0x00FA, 0x0171, 0x00FC, 0x00FD, 0x0163, 0x02D9,
    ]

    /// The code points of bytes 0x80-0xFF in ISO-8859-2 (0x80-0x9F are C1 controls).
    static let latin2: [UInt16] = Array(0x80...0x9F).map { UInt16($0) } + [
        0x00A0, 0x0104, 0x02D8, 0x0141, 0x00A4, 0x013D, 0x015A, 0x00A7, 0x00A8, 0x0160, 0x015E, 0x0164, 0x0179, 0x00AD, 0x017D, 0x017B,
        0x00B0, 0x0105, 0x02DB, 0x0142, 0x00B4, 0x013E, 0x015B, 0x02C7, 0x00B8, 0x0161, 0x015F, 0x0165, 0x017A, 0x02DD, 0x017E, 0x017C,
    ] + windows1250[0x40...]

    /// The code points of bytes 0x80-0xFF in Windows-1252 (undefined bytes keep their Latin-1
    /// value, as web browsers do).
    static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ] + Array(0xA0...0xFF).map { UInt16($0) }

    /// ISO-8859-1: every byte its own code point.
    static let latin1: [UInt16] = Array(0x80...0xFF).map { UInt16($0) }

    /// The table of a one-byte encoding, or nil for another kind.
    static func table(_ encoding: TextEncoding) -> [UInt16]? {
        switch encoding {
        case .windows1252: windows1252
        case .latin1: latin1
        case .windows1250: windows1250
        case .latin2: latin2
        default: nil
        }
    }

    /// The bytes decoded with a one-byte table, as UTF-8.
    static func decode(_ bytes: [UInt8], table: [UInt16]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                TextDecoding.appendUTF8(UInt32(table[Int(byte) - 0x80]), to: &output)
            }
        }
        return output
    }

    // MARK: Guessing

    /// The likeliest of Windows-1252, Windows-1250 and ISO-8859-2 for bytes that are not
    /// UTF-8, and why.
    static func guess(_ bytes: [UInt8]) -> (encoding: TextEncoding, reason: String) {
        var counts = [Int](repeating: 0, count: 128)
        bytes.withByteView { buffer in
            for index in buffer.indices where buffer[index] >= 0x80 {
                let byte = buffer[index]
                if byte == 0xA3 || byte == 0xB3 {
                    let before = index > 0 ? buffer[index - 1] : 0
                    let after = index + 1 < buffer.count ? buffer[index + 1] : 0
                    guard isLetterByte(before) || isLetterByte(after) else { continue }
                }
                counts[Int(byte) - 0x80] += 1
            }
        }
        func score(_ table: [UInt16], _ alphabet: Set<UInt16>) -> Int {
            var score = 0
            for (offset, count) in counts.enumerated() where count > 0 { score += count * weight(table[offset], alphabet: alphabet) }
            return score
        }
        var best: (encoding: TextEncoding, score: Int, languageScore: Int, language: String)?
        for (encoding, table) in [(TextEncoding.windows1252, windows1252), (.windows1250, windows1250), (.latin2, latin2)] {
            let alphabets = encoding == .windows1252 ? westernAlphabets : centralAlphabets
            let union = score(table, alphabets.reduce(into: Set<UInt16>()) { $0.formUnion($1.1) })
            let (language, languageScore) = alphabets.map { ($0.0, score(table, $0.1)) }.max { $0.1 < $1.1 } ?? ("", 0)
            if best == nil || (union, languageScore) > (best!.score, best!.languageScore) { best = (encoding, union, languageScore, language) }
        }
        guard let best, counts.contains(where: { $0 > 0 }) else { return (.windows1252, "no byte over 0x7F") }
        return (best.encoding, "not UTF-8; its letters read best in \(best.encoding) (\(best.language) and its neighbours)")
    }

    /// A byte that is an ASCII letter or may be a letter of a one-byte encoding.
    private static func isLetterByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= 0xC0
    }

    /// What one decoded character adds to a language's score.
    private static func weight(_ scalar: UInt16, alphabet: Set<UInt16>) -> Int {
        if scalar < 0xA0 { return -5 }  // a C1 control: an undefined byte
        if alphabet.contains(scalar) { return 2 }
        if let character = Unicode.Scalar(UInt32(scalar)), character.properties.isAlphabetic { return -2 }
        if rareSymbols.contains(scalar) { return -1 }
        return 0
    }

    private static let rareSymbols: Set<UInt16> = Set("¹¾¤¦¨´¸˘˛ˇ˝¥¬¼½³²".unicodeScalars.map { UInt16($0.value) })

    /// A language's non-ASCII letters, both cases.
    private static func alphabet(_ letters: String) -> Set<UInt16> {
        Set((letters.lowercased() + letters.uppercased()).unicodeScalars.map { UInt16($0.value) })
    }

    private static let westernAlphabets: [(String, Set<UInt16>)] = [
        ("German", alphabet("äöüß")), ("French", alphabet("àâæçéèêëîïôœùûüÿ")), ("Spanish", alphabet("áéíñóúü")),
        ("Portuguese", alphabet("áâãàçéêíóôõú")), ("Italian", alphabet("àèéìíîòóùú")), ("Dutch", alphabet("éëïóöü")),
        ("Swedish", alphabet("åäö")), ("Danish", alphabet("æøå")),
    ]

    private static let centralAlphabets: [(String, Set<UInt16>)] = [
        ("Polish", alphabet("ąćęłńóśźż")), ("Czech", alphabet("áčďéěíňóřšťúůýž")), ("Slovak", alphabet("áäčďéíĺľňóôŕšťúýž")),
        ("Hungarian", alphabet("áéíóöőúüű")), ("Romanian", alphabet("ăâîșțşţ")), ("Slovenian", alphabet("čšž")),
        ("Croatian", alphabet("čćđšž")),
    ]
}
