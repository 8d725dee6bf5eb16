/// Folding of UTF-8 bytes to the key form every table is looked up by, and the key's hash.
///
/// The folded form is upper case with accents dropped: ASCII letters upper-cased, Latin-1 and
/// Latin Extended-A letters replaced by their base letters (`É`→`E`, `ß`→`SS`, `Ł`→`L`),
/// Cyrillic and basic Greek upper-cased (`ё`→`Е`, tonos dropped), curly apostrophes and ASCII
/// apostrophes skipped (so `MCDONALD'S` and `MCDONALDS` share a key), dashes `–` `—` as `-`.
/// Every other scalar passes through unchanged, so any script still gets a stable key.
enum PayeeFold {
    /// Base letters for U+00C0...U+017F, two ASCII bytes per scalar (space = none,
    /// two spaces = keep the scalar as it is: `×`, `÷`).
    static let latinBase: [UInt8] = Array(
        ("A A A A A A AEC E E E E I I I I D N O O O O O   O U U U U Y THSS"
            + "A A A A A A AEC E E E E I I I I D N O O O O O   O U U U U Y THY "
            + "A A A A A A C C C C C C C C D D D D E E E E E E E E E E G G G G "
            + "G G G G H H H H I I I I I I I I I I IJIJJ J K K K L L L L L L L "
            + "L L L N N N N N N N N N O O O O O O OEOER R R R R R S S S S S S "
            + "S S T T T T T T U U U U U U U U U U U U W W Y Y Y Z Z Z Z Z Z S ").utf8)

    /// Calls `emit` with the folded bytes of `p[start..<end]`; returns nothing, allocates nothing.
    @inline(__always)
    static func forEachFolded(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ emit: (UInt8) -> Void
    ) {
        var i = start
        while i < end {
            let b = p[i]
            if b < 0x80 {
                if b >= 0x61 && b <= 0x7A { emit(b &- 32) } else if b != 0x27 { emit(b) }
                i += 1
                continue
            }
            let length = PayeeUTF8Scan.scalarLength(b)
            if length == 2 && i + 1 < end {
                let cp = (Int(b & 0x1F) << 6) | Int(p[i + 1] & 0x3F)
                if cp >= 0xC0 && cp < 0x180 {
                    let o = (cp - 0xC0) * 2
                    let a = latinBase[o]
                    if a != 0x20 {
                        emit(a)
                        let c = latinBase[o + 1]
                        if c != 0x20 { emit(c) }
                        i += 2
                        continue
                    }
                } else if let folded = foldCyrillicGreek(cp) {
                    emit(UInt8(0xC0 | (folded >> 6)))
                    emit(UInt8(0x80 | (folded & 0x3F)))
                    i += 2
                    continue
                }
            } else if length == 3 && i + 2 < end && b == 0xE2 && p[i + 1] == 0x80 {
                let c = p[i + 2]
                if c == 0x98 || c == 0x99 { i += 3; continue }            // ‘ ’ like '
                if c >= 0x90 && c <= 0x95 { emit(0x2D); i += 3; continue } // dashes like -
            }
            var k = 0
            while k < length && i + k < end { emit(p[i + k]); k += 1 }
            i += length
        }
    }

    /// Upper-case form of a basic Cyrillic or Greek letter without accents, or nil when the
    /// scalar is not one (or is already in that form).
    @inline(__always)
    static func foldCyrillicGreek(_ cp: Int) -> Int? {
        switch cp {
        case 0x430...0x44F: return cp - 0x20
        case 0x401, 0x451: return 0x415                 // Ё ё → Е
        case 0x450...0x45F: return cp - 0x50
        case 0x3B1...0x3C9: return cp == 0x3C2 ? 0x3A3 : cp - 0x20
        case 0x386, 0x3AC: return 0x391
        case 0x388, 0x3AD: return 0x395
        case 0x389, 0x3AE: return 0x397
        case 0x38A, 0x3AF, 0x3CA, 0x390, 0x3AA: return 0x399
        case 0x38C, 0x3CC: return 0x39F
        case 0x38E, 0x3CD, 0x3CB, 0x3B0, 0x3AB: return 0x3A5
        case 0x38F, 0x3CE: return 0x3A9
        default: return nil
        }
    }

    /// The hash of the folded bytes of `p[start..<end]`.
    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var hasher = PayeeFoldHasher()
        var i = start
        // ASCII fast path: most tokens never leave it.
        while i < end {
            let b = p[i]
            if b >= 0x80 { break }
            if b >= 0x61 && b <= 0x7A { hasher.add(b &- 32) } else if b != 0x27 { hasher.add(b) }
            i += 1
        }
        if i < end { forEachFolded(p, i, end) { hasher.add($0) } }
        return hasher.finish()
    }

    /// The hash of a whole string's folded UTF-8 (used when building tables).
    static func hash(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { hash($0, 0, $0.count) }
    }
}

/// The 64-bit hash of a folded byte stream: bytes gathered eight to a word, each word mixed
/// in with one multiply, the end through the MurmurHash3 finaliser. Words of up to seven bytes
/// (most tokens) hash without collisions (the finaliser is a bijection). Every table key and
/// every token hash is made by this one hasher, so they agree.
struct PayeeFoldHasher {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var word: UInt64 = 0
    private var shift: UInt64 = 0
    private var count: UInt64 = 0

    /// Adds one folded byte.
    @inline(__always)
    mutating func add(_ byte: UInt8) {
        word |= UInt64(byte) << shift
        shift &+= 8
        count &+= 1
        if shift == 64 {
            state = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
            word = 0
            shift = 0
        }
    }

    /// The hash (never 0: 0 marks an empty table slot).
    @inline(__always)
    func finish() -> UInt64 {
        var x = state ^ word ^ (count << 56)
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x == 0 ? 1 : x
    }
}
