/// Making strings from token ranges: the payee (cased, one exact allocation), the raw text of
/// a range (for explanations), and the collapsed descriptor (when nothing can be cleaned).
enum PayeeRender {
    /// What an empty or all-white-space descriptor cleans to: a payee is never empty.
    static let unknown = "Unknown"

    /// The payee for `t[lo..<hi]`: kept as written when it mixes upper and lower case,
    /// title-cased otherwise (see `PayeeCasing`).
    static func payee(
        _ p: UnsafeBufferPointer<UInt8>, _ t: UnsafeMutableBufferPointer<PayeeToken>, _ lo: Int, _ hi: Int,
        _ words: PayeeWordTable
    ) -> String {
        var upper = false
        var lower = false
        var cannotGrow = true  // casing never lengthens text without forms or slow scripts
        var length = hi - lo - 1
        for i in lo..<hi {
            let f = t[i].flags
            if f.contains(.upper) { upper = true }
            if f.contains(.lower) { lower = true }
            if f.contains(.slowCase) || t[i].word.contains(.form) { cannotGrow = false }
            length += t[i].length
        }
        let title = !(upper && lower)
        if !cannotGrow {
            var counter = PayeeCountingSink()
            write(p, t, lo, hi, words, title: title, into: &counter)
            length = counter.count
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var writer = PayeeWritingSink(buffer: buffer)
            write(p, t, lo, hi, words, title: title, into: &writer)
            return writer.count
        }
    }

    /// Writes the tokens joined by single spaces, title-cased when `title`.
    private static func write<Sink: PayeeByteSink>(
        _ p: UnsafeBufferPointer<UInt8>, _ t: UnsafeMutableBufferPointer<PayeeToken>, _ lo: Int, _ hi: Int,
        _ words: PayeeWordTable, title: Bool, into sink: inout Sink
    ) {
        var first = true
        var previousSmall = false
        for i in lo..<hi {
            let tk = t[i]
            let s = Int(tk.start), e = Int(tk.end)
            if !first { sink.put(0x20) }
            defer { first = false }
            if !title || !tk.flags.contains(.letter) || isCode(p, tk, words) {
                if tk.flags.contains(.apostrophe) {
                    copyStraightening(p, s, e, into: &sink)
                } else {
                    for k in s..<e { sink.put(p[k]) }
                }
                previousSmall = false
                continue
            }
            let f = tk.word
            if (f.contains(.smallWord) && !first) || (f.contains(.article) && previousSmall) {
                PayeeCasing.writeTitle(p, s, e, allLower: true, mcPrefix: false, slow: false, into: &sink)
                previousSmall = true
                continue
            }
            previousSmall = false
            if f.contains(.form) {
                for b in words.names[Int(words.entries[Int(tk.entry)].form)].utf8 { sink.put(b) }
                continue
            }
            let mc = e - s >= 4 && (p[s] | 0x20) == 0x6D && (p[s + 1] | 0x20) == 0x63
                && PayeeUTF8Scan.isASCIILetter(p[s + 2]) && tk.digits == 0
            PayeeCasing.writeTitle(
                p, s, e, allLower: false, mcPrefix: mc, slow: tk.flags.contains(.slowCase), into: &sink)
        }
    }

    /// Copies bytes with typographic apostrophes (`’`, `‘`) written as `'`, so `JOE’S` and
    /// `JOE'S` make the same payee.
    private static func copyStraightening<Sink: PayeeByteSink>(
        _ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, into sink: inout Sink
    ) {
        var k = s
        while k < e {
            if p[k] == 0xE2 && k + 2 < e && p[k + 1] == 0x80 && (p[k + 2] == 0x98 || p[k + 2] == 0x99) {
                sink.put(0x27)
                k += 3
            } else {
                sink.put(p[k])
                k += 1
            }
        }
    }

    /// Whether a token is a code that keeps its letters as written (`XXXX1234`, `2K4XY1`).
    @inline(__always)
    private static func isCode(_ p: UnsafeBufferPointer<UInt8>, _ tk: PayeeToken, _ words: PayeeWordTable) -> Bool {
        guard tk.flags.contains(.digit) else { return false }
        switch tk.noise {
        case .masked, .reference, .storeNumber: return true
        default: return false
        }
    }

    /// The tokens `t[a..<b]` as written, joined by single spaces.
    static func raw(_ p: UnsafeBufferPointer<UInt8>, _ t: UnsafeMutableBufferPointer<PayeeToken>, _ a: Int, _ b: Int) -> String {
        var bytes: [UInt8] = []
        for i in a..<max(a, b) {
            if i > a { bytes.append(0x20) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[Int(t[i].start)..<Int(t[i].end)]))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The whole descriptor trimmed, with each run of white space as one space, or `unknown`
    /// when that is empty.
    static func collapsed(_ p: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        var pendingSpace = false
        var i = 0
        while i < p.count {
            let b = p[i]
            let length = b < 0x80 ? 1 : min(PayeeUTF8Scan.scalarLength(b), p.count - i)
            let space = b < 0x80 ? (b <= 0x20 || b == 0x7F) : PayeeUTF8Scan.isSeparator(PayeeUTF8Scan.decode(p, i, length))
            if space {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20); pendingSpace = false }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
            }
            i += length
        }
        return bytes.isEmpty ? unknown : String(decoding: bytes, as: UTF8.self)
    }
}
