/// Splits a descriptor's UTF-8 bytes into tokens: one pass finds the boundaries, and
/// `finish` classifies a token (trimmed range, flags, folded hash, table entry, noise shape)
/// the first time the pipeline needs it.
///
/// Words are separated by white space (any Unicode white space). `*` and brackets are tokens of
/// their own because rules read them (`SQ *`, `(Fast Food)`). `:` and `,` split words except
/// between digits (`11:33`, `13,80`); `/` splits at a word's edge or when doubled (`W/D` and
/// `03/14` stay whole, `41400673//Hamburg` does not); `#` before a digit starts a new token
/// (`STORE#12` is `STORE` `#12`); a known word with four or more digits glued on is split
/// (`AIR0012345678901`). Quotes, `_`, `|`, `!`, `?`, `;` and similar only separate.
enum PayeeTokenizer {
    /// Byte classes for ASCII punctuation and white space.
    private enum Kind {
        case word, space, star, open, close, drop, colon, comma, slash, hash, plus
    }

    /// The class of an ASCII byte that is not a letter or digit.
    @inline(__always)
    private static func kind(_ b: UInt8) -> Kind {
        if b <= 0x20 || b == 0x7F { return .space }
        switch b {
        case 0x2A: return .star
        case 0x28, 0x5B, 0x7B: return .open
        case 0x29, 0x5D, 0x7D: return .close
        case 0x22, 0x7C, 0x21, 0x3F, 0x3B, 0x3C, 0x3E, 0x3D, 0x5C, 0x5E, 0x60, 0x7E, 0x25, 0x5F: return .drop
        case 0x3A: return .colon
        case 0x2C: return .comma
        case 0x2F: return .slash
        case 0x23: return .hash
        case 0x2B: return .plus
        default: return .word
        }
    }

    /// Whether `b` continues a word for the `/`, `:` and `,` rules (letter, digit, non-ASCII).
    @inline(__always)
    private static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || PayeeUTF8Scan.isDigit(b) || PayeeUTF8Scan.isASCIILetter(b)
    }

    /// Finds the tokens of `p` into `out` (which must hold `p.count + 1` tokens) and returns
    /// the count. PayeeWord tokens are left pending (see `finish`); `*` and brackets are complete.
    /// `table` is only read to split a known word from a glued number (an empty table while
    /// the tables themselves are built).
    static func tokenize(
        _ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<PayeeToken>,
        table: PayeeWordTable
    ) -> Int {
        let n = p.count
        var count = 0
        var start = -1
        var i = 0
        let plain = PayeeByteInfo.plain
        while i < n {
            if plain[Int(p[i])] {  // letters, digits, word punctuation, non-ASCII that cannot be space
                if start < 0 { start = i }
                i += 1
                while i < n && plain[Int(p[i])] { i += 1 }
                continue
            }
            let b = p[i]
            if b >= 0x80 {
                let length = PayeeUTF8Scan.scalarLength(b)
                if b == 0xC2 || b == 0xE1 || b == 0xE2 || b == 0xE3 || b == 0xEF,
                    PayeeUTF8Scan.isSeparator(PayeeUTF8Scan.decode(p, i, min(length, n - i)))
                {
                    if start >= 0 { count = emit(p, start, i, false, table, out, count); start = -1 }
                } else if start < 0 {
                    start = i
                }
                i += length
                continue
            }
            if PayeeUTF8Scan.isASCIILetter(b) || PayeeUTF8Scan.isDigit(b) {
                if start < 0 { start = i }
                i += 1
                continue
            }
            switch kind(b) {
            case .word:
                if start < 0 { start = i }
            case .space, .drop:
                if start >= 0 { count = emit(p, start, i, false, table, out, count); start = -1 }
            case .star, .open, .close:
                if start >= 0 { count = emit(p, start, i, false, table, out, count); start = -1 }
                let flag: PayeeTokenFlags = b == 0x2A ? .star : (b == 0x28 || b == 0x5B || b == 0x7B ? .open : .close)
                var hasher = PayeeFoldHasher()
                hasher.add(b)
                let hash = hasher.finish()
                let word = table.lookup(hash)
                out[count] = PayeeToken(
                    start: Int32(i), end: Int32(i + 1), flags: [flag, .symbol], letters: 0, digits: 0,
                    noise: .none, entry: word.entry, word: word.flags, hash: hash)
                count += 1
            case .colon, .comma:
                if start >= 0 && i + 1 < n && PayeeUTF8Scan.isDigit(p[i - 1]) && PayeeUTF8Scan.isDigit(p[i + 1]) { break }
                if b == 0x3A && start >= 0 && i + 2 < n && p[i + 1] == 0x2F && p[i + 2] == 0x2F {
                    i += 3  // https:// stays in the address
                    continue
                }
                if start >= 0 { count = emit(p, start, i, b == 0x3A, table, out, count); start = -1 }
            case .slash:
                if start >= 0 && i + 1 < n && isWordByte(p[i - 1]) && isWordByte(p[i + 1]) { break }
                if start >= 0 { count = emit(p, start, i, false, table, out, count) }
                var j = i
                while j < n && p[j] == 0x2F { j += 1 }
                count = emit(p, i, j, false, table, out, count)
                start = -1
                i = j
                continue
            case .hash:
                if i + 1 < n && PayeeUTF8Scan.isDigit(p[i + 1]) {
                    if start >= 0 { count = emit(p, start, i, false, table, out, count) }
                    start = i
                } else if start < 0 {
                    start = i
                }
            case .plus:
                if start >= 0 && i + 1 < n && PayeeUTF8Scan.isASCIILetter(p[i - 1]) && isWordByte(p[i + 1]) {
                    count = emit(p, start, i + 1, false, table, out, count)  // SVWZ+TEXT: the tag alone
                    start = -1
                } else if start < 0 {
                    start = i
                }
            }
            i += 1
        }
        if start >= 0 { count = emit(p, start, n, false, table, out, count) }
        return count
    }

    /// Records the range `p[start..<end]` as a pending token in `out[count]`; returns the new
    /// count. `finish` classifies it when a rule first needs it.
    @inline(__always)
    private static func emit(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ colonAfter: Bool, _ table: PayeeWordTable,
        _ out: UnsafeMutableBufferPointer<PayeeToken>, _ count: Int
    ) -> Int {
        var count = count
        if PayeeUTF8Scan.isDigit(p[end - 1]) && PayeeUTF8Scan.isASCIILetter(p[start]) && !colonAfter,
            let wordEnd = gluedWordEnd(p, start, end, table)
        {
            out[count] = pending(start, wordEnd, false)
            count += 1
            let digits = p[wordEnd] == 0x2E ? wordEnd + 1 : wordEnd
            out[count] = pending(digits, end, false)
            return count + 1
        }
        out[count] = pending(start, end, colonAfter)
        return count + 1
    }

    /// A pending token for a range.
    @inline(__always)
    private static func pending(_ start: Int, _ end: Int, _ colonAfter: Bool) -> PayeeToken {
        PayeeToken(
            start: Int32(start), end: Int32(end), flags: colonAfter ? [.pending, .colonAfter] : .pending,
            letters: 0, digits: 0, noise: .none, entry: -1, word: [], hash: 0)
    }

    /// Where the known word ends in a word with a number glued on (`AIR0012345678901`,
    /// `H&M0123`, `FIL.1234`): four or more digits, or any after a `.`, following a word in the
    /// tables. Nil when the token is not such a pair.
    private static func gluedWordEnd(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ table: PayeeWordTable
    ) -> Int? {
        var d = end - 1
        while d > start && PayeeUTF8Scan.isDigit(p[d - 1]) { d -= 1 }
        let dotted = d - start >= 3 && p[d - 1] == 0x2E && PayeeUTF8Scan.isASCIILetter(p[d - 2])
        let wordEnd = dotted ? d - 1 : d
        guard end - d >= 4 || dotted, wordEnd - start >= 2, PayeeUTF8Scan.isASCIILetter(p[wordEnd - 1]),
            table.lookup(PayeeFold.hash(p, start, wordEnd)).entry >= 0
        else { return nil }
        return wordEnd
    }

    /// The classified token for a pending one: trimmed, flags, hash, table entry, noise shape.
    @inline(__always)
    static func finish(_ p: UnsafeBufferPointer<UInt8>, _ raw: PayeeToken, _ table: PayeeWordTable) -> PayeeToken {
        var token = make(p, Int(raw.start), Int(raw.end), colonAfter: raw.flags.contains(.colonAfter), table: table) ?? raw
        token.flags.remove(.pending)
        return token
    }

    /// Bytes trimmed from a token's ends (`DANKE.` is `DANKE`, `'ACME'` is `ACME`).
    @inline(__always)
    private static func isTrimmable(_ b: UInt8) -> Bool {
        b == 0x27 || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x40
    }

    /// Makes the token for `p[start..<end]`: trims edge punctuation, scans flags, hashes the
    /// folded form, looks it up and classifies its noise shape.
    static func make(
        _ p: UnsafeBufferPointer<UInt8>, _ rawStart: Int, _ rawEnd: Int, colonAfter: Bool,
        table: PayeeWordTable
    ) -> PayeeToken? {
        var s = rawStart
        var e = rawEnd
        while s < e && isTrimmable(p[s]) { s += 1 }
        while e > s && isTrimmable(p[e - 1]) {
            if p[e - 1] == 0x2E {
                // keep the final dot of an abbreviation such as B.V. or S.A.
                var inner = false
                var k = s
                while k < e - 1 { if p[k] == 0x2E { inner = true; break }; k += 1 }
                if inner { break }
            }
            e -= 1
        }
        if s == e { s = rawStart; e = rawEnd }  // punctuation only: keep it as a symbol
        if s == e { return nil }

        var bits: UInt32 = 0
        var letters = 0
        var digits = 0
        var xs = 0
        var hasher = PayeeFoldHasher()
        var ascii = true
        var i = s
        if p[s] == 0x2B || p[s] == 0x23 {  // +49, #3322
            bits = p[s] == 0x2B ? PayeeTokenFlags.plusSign.rawValue : PayeeTokenFlags.hashSign.rawValue
            hasher.add(p[s])
            i += 1
        }
        let info = PayeeByteInfo.table
        while i < e {
            let b = p[i]
            if b < 0x80 {
                let facts = info[Int(b)]
                bits |= facts
                letters &+= Int(facts & 1)
                digits &+= Int((facts >> 1) & 1)
                xs &+= Int((facts >> PayeeByteInfo.xShift) & 1)
                if facts & PayeeByteInfo.skipHash == 0 { hasher.add(b &- UInt8((facts >> PayeeByteInfo.lowerShift) & 1) &* 32) }
                i += 1
                continue
            }
            ascii = false
            var flags = PayeeTokenFlags(rawValue: bits)
            defer { bits = flags.rawValue }
            let length = min(PayeeUTF8Scan.scalarLength(b), e - i)
            let cp = PayeeUTF8Scan.decode(p, i, length)
            if cp == 0x20AC || cp == 0xA3 {
                flags.insert(.money)
            } else if cp == 0x2019 || cp == 0x2018 {
                flags.insert(.apostrophe)
            } else if PayeeUTF8Scan.isPunctuation(cp) {
                flags.insert(.otherPunct)
            } else {
                letters += 1
                flags.insert([.letter, .nonASCII])
                switch PayeeCasing.caseOf(cp) {
                case .upper: flags.insert(.upper)
                case .lower: flags.insert(.lower)
                case .slowUpper: flags.insert([.upper, .slowCase])
                case .slowLower: flags.insert([.lower, .slowCase])
                case .none: break
                }
            }
            i += length
        }
        var flags = PayeeTokenFlags(rawValue: bits & PayeeByteInfo.flagMask)
        if letters > 0 { flags.insert(.letter) }
        if digits > 0 { flags.insert(.digit) }
        if letters == 0 && digits == 0 { flags.insert(.symbol) }
        if letters > 0 && xs == letters { flags.insert(.allX) }
        if !ascii {  // folding beyond ASCII (curly quotes, accents, dashes)
            hasher = PayeeFoldHasher()
            PayeeFold.forEachFolded(p, s, e) { hasher.add($0) }
        }
        if colonAfter {
            flags.insert(.colonAfter)
            hasher.add(0x3A)
        }
        let hash = hasher.finish()
        let word = table.lookup(hash)
        var token = PayeeToken(
            start: Int32(s), end: Int32(e), flags: flags, letters: UInt8(min(letters, 255)),
            digits: UInt8(min(digits, 255)), noise: .none, entry: word.entry, word: word.flags, hash: hash)
        let shaped: PayeeTokenFlags = [.digit, .dot, .slash, .allX, .symbol]
        if !flags.isDisjoint(with: shaped) || word.flags.contains(.currency) {
            token.noise = PayeeNoiseShape.classify(p, token, table)  // plain words skip the call
        }
        return token
    }
}

/// Per-byte facts for ASCII, so the token scan does one table load per byte instead of a
/// chain of comparisons: the byte's `PayeeTokenFlags` bits plus counting and hashing bits.
enum PayeeByteInfo {
    /// Bit: an ASCII `X` or `x` (masks).
    static let xShift: UInt32 = 26
    /// Bit: a lower-case ASCII letter (hashed upper-cased).
    static let lowerShift: UInt32 = 27
    /// Bit: not hashed (the apostrophe).
    static let skipHash: UInt32 = 1 << 28
    /// The bits that are `PayeeTokenFlags`.
    static let flagMask: UInt32 = (1 << 24) - 1

    /// For each byte: whether it simply continues a word (letters, digits, `. - & ' _ @ $`,
    /// and every non-ASCII byte except the lead bytes of possible white space). The tokenizer
    /// skips runs of these in a tight loop and decides only at the others.
    nonisolated(unsafe) static let plain: UnsafePointer<Bool> = {
        let t = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for b in 0..<256 {
            let c = UInt8(b)
            switch c {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x2D, 0x26, 0x27, 0x40, 0x24: t[b] = true
            case 0x80...0xFF: t[b] = c != 0xC2 && c != 0xE1 && c != 0xE2 && c != 0xE3 && c != 0xEF
            default: t[b] = false
            }
        }
        return UnsafePointer(t)
    }()

    /// The facts for each ASCII byte (allocated once, never freed).
    nonisolated(unsafe) static let table: UnsafePointer<UInt32> = {
        let t = UnsafeMutablePointer<UInt32>.allocate(capacity: 128)
        for b in 0..<128 {
            let c = UInt8(b)
            var f: UInt32
            switch c {
            case 0x41...0x5A: f = PayeeTokenFlags.letter.rawValue | PayeeTokenFlags.upper.rawValue
            case 0x61...0x7A: f = PayeeTokenFlags.letter.rawValue | PayeeTokenFlags.lower.rawValue | 1 << lowerShift
            case 0x30...0x39: f = PayeeTokenFlags.digit.rawValue
            case 0x2E: f = PayeeTokenFlags.dot.rawValue
            case 0x2F: f = PayeeTokenFlags.slash.rawValue
            case 0x2D: f = PayeeTokenFlags.dash.rawValue
            case 0x26, 0x2B: f = PayeeTokenFlags.amp.rawValue
            case 0x27: f = PayeeTokenFlags.apostrophe.rawValue | skipHash
            case 0x2C: f = PayeeTokenFlags.comma.rawValue
            case 0x3A: f = PayeeTokenFlags.colon.rawValue
            case 0x24, 0x40: f = PayeeTokenFlags.money.rawValue
            default: f = PayeeTokenFlags.otherPunct.rawValue
            }
            if c == 0x58 || c == 0x78 { f |= 1 << xShift }
            t[b] = f
        }
        return UnsafePointer(t)
    }()
}
