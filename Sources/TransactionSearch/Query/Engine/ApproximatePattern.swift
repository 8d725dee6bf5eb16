/// A folded word prepared for approximate substring matching (typos forgiven, docs/SPEC.md
/// section 8): a text holds it when some substring of the text is within `maxDistance` edits
/// of it, counting an insertion, a deletion, a substitution or a swap of two adjacent
/// characters as one edit (optimal string alignment), characters being Unicode scalars of the
/// folded text.
///
/// A word qualifies with at least `minimumLetters` letters (alphabetic scalars) and at most
/// `maximumLength` scalars; it may be one edit away, two from `twoEditLetters` letters.
///
/// `distance(in:)` is Hyyrö's bit-parallel algorithm ("A bit-vector algorithm for computing
/// Levenshtein and Damerau edit distances", 2003) in its searching form: one machine word per
/// text scalar, no allocation, about 30 ns for a 25-scalar text. The tests check it against
/// the plain dynamic program over every substring.
struct ApproximatePattern: Sendable {
    /// The word's folded UTF-8 bytes and scalars.
    let bytes: [UInt8]
    let scalars: [UInt32]
    /// Where each scalar starts in `bytes`, and `bytes.count` at the end.
    let scalarStarts: [Int]
    /// Edits allowed: 1, or 2 from `twoEditLetters` letters.
    let maxDistance: Int
    /// Per ASCII byte, the bit of each position of the word holding it.
    private let asciiMasks: [UInt64]
    /// The word's other scalars and their position bits.
    private let otherScalars: [UInt32]
    private let otherMasks: [UInt64]
    /// The bit of the word's last position.
    private let lastBit: UInt64

    static let minimumLetters = 5
    static let twoEditLetters = 9
    /// One machine word of positions.
    static let maximumLength = 64

    /// The pattern of a folded word; nil when it does not qualify (too few letters, or longer
    /// than `maximumLength` scalars).
    init?(word: [UInt8]) {
        let scalars = String(decoding: word, as: UTF8.self).unicodeScalars
        guard scalars.count <= ApproximatePattern.maximumLength else { return nil }
        let letters = scalars.reduce(0) { $0 + ($1.properties.isAlphabetic ? 1 : 0) }
        guard letters >= ApproximatePattern.minimumLetters else { return nil }
        maxDistance = letters >= ApproximatePattern.twoEditLetters ? 2 : 1
        bytes = word
        self.scalars = scalars.map(\.value)
        var starts: [Int] = []
        var offset = 0
        for scalar in scalars {
            starts.append(offset)
            offset += UTF8.width(scalar)
        }
        starts.append(offset)
        scalarStarts = starts
        var ascii = [UInt64](repeating: 0, count: 128)
        var others: [UInt32] = []
        var otherBits: [UInt64] = []
        for (position, scalar) in scalars.enumerated() {
            let bit: UInt64 = 1 << UInt64(position)
            if scalar.value < 128 {
                ascii[Int(scalar.value)] |= bit
            } else if let index = others.firstIndex(of: scalar.value) {
                otherBits[index] |= bit
            } else {
                others.append(scalar.value)
                otherBits.append(bit)
            }
        }
        asciiMasks = ascii
        otherScalars = others
        otherMasks = otherBits
        lastBit = 1 << UInt64(scalars.count - 1)
    }

    /// Whether a folded word would be matched approximately when it matches nothing exactly.
    static func qualifies(_ word: [UInt8]) -> Bool { ApproximatePattern(word: word) != nil }

    /// The fewest edits that turn the word into some substring of `text` (folded UTF-8): 0
    /// when it occurs, at most the word's length (the empty substring).
    func distance(in text: UnsafeBufferPointer<UInt8>) -> Int {
        asciiMasks.withUnsafeBufferPointer { ascii in
            var vp: UInt64 = ~0
            var vn: UInt64 = 0
            var previousD0: UInt64 = 0
            var previousMatch: UInt64 = 0
            var score = scalars.count
            var best = score
            var index = 0
            let count = text.count
            while index < count {
                let byte = text[index]
                let match: UInt64
                if byte < 0x80 {
                    match = ascii[Int(byte)]
                    index &+= 1
                } else {
                    let (scalar, width) = ApproximatePattern.decode(text, at: index)
                    index &+= width
                    match = mask(ofOther: scalar)
                }
                // Hyyrö's transposition term: a swap of the previous two text scalars.
                let transposed = (((~previousD0) & match) << 1) & previousMatch
                let d0 = (((match & vp) &+ vp) ^ vp) | match | vn | transposed
                let hp = vn | ~(d0 | vp)
                let hn = vp & d0
                // Branch-free: whether the last row's value went up or down is data, not a pattern.
                score = score &+ ((hp & lastBit) != 0 ? 1 : 0) &- ((hn & lastBit) != 0 ? 1 : 0)
                // Searching: the top row is all zeros, so no carry into the first position.
                let shiftedHP = hp << 1
                let shiftedHN = hn << 1
                vp = shiftedHN | ~(d0 | shiftedHP)
                vn = shiftedHP & d0
                previousD0 = d0
                previousMatch = match
                best = min(best, score)
            }
            return best
        }
    }

    /// The position bits of a non-ASCII scalar (0 when the word does not have it).
    @inline(__always)
    private func mask(ofOther scalar: UInt32) -> UInt64 {
        var position = 0
        while position < otherScalars.count {
            if otherScalars[position] == scalar { return otherMasks[position] }
            position &+= 1
        }
        return 0
    }

    /// The scalar starting at `index` of valid UTF-8 and its width; a byte that does not start
    /// a complete sequence is taken alone (folded text is valid, but nothing traps if not).
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(text[index])
        let width = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : (lead >= 0xC0 ? 2 : 1))
        guard width > 1, index + width <= text.count else { return (lead, 1) }
        var scalar = lead & (width == 2 ? 0x1F : (width == 3 ? 0x0F : 0x07))
        for offset in 1..<width { scalar = scalar << 6 | (UInt32(text[index + offset]) & 0x3F) }
        return (scalar, width)
    }
}
