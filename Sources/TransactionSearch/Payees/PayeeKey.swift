/// The folded comparison key of a cleaned payee (`PayeeCleaner.payeeKey`).
///
/// Letters are folded as the tables fold them (accents dropped, `ß` as `ss`, Cyrillic and
/// Greek by case) and lower-cased; digits stay; every punctuation mark, symbol and space goes.
/// Scripts without case pass through. An all-punctuation payee keys as itself, so no key is
/// empty for a non-empty payee.
enum PayeeKey {
    /// The key of `payee`.
    static func make(_ payee: String) -> String {
        var text = payee
        let key: [UInt8] = text.withUTF8 { p in
            var out: [UInt8] = []
            out.reserveCapacity(p.count)
            var i = 0
            while i < p.count {
                let b = p[i]
                if b < 0x80 {
                    if PayeeUTF8Scan.isASCIILetter(b) { out.append(b | 0x20) } else if PayeeUTF8Scan.isDigit(b) { out.append(b) }
                    i += 1
                    continue
                }
                let length = min(PayeeUTF8Scan.scalarLength(b), p.count - i)
                let cp = PayeeUTF8Scan.decode(p, i, length)
                i += length
                if PayeeUTF8Scan.isSeparator(cp) || PayeeUTF8Scan.isPunctuation(cp) || cp == 0x20AC { continue }
                if cp >= 0xC0 && cp < 0x180 {
                    let o = (Int(cp) - 0xC0) * 2
                    if PayeeFold.latinBase[o] != 0x20 {
                        out.append(PayeeFold.latinBase[o] | 0x20)
                        if PayeeFold.latinBase[o + 1] != 0x20 { out.append(PayeeFold.latinBase[o + 1] | 0x20) }
                        continue
                    }
                }
                var folded = PayeeFold.foldCyrillicGreek(Int(cp)).map { UInt32($0) } ?? cp
                if let lower = PayeeCasing.lower(folded) {
                    folded = lower
                } else if PayeeCasing.caseOf(folded) == .slowUpper, let scalar = Unicode.Scalar(folded) {
                    for unit in scalar.properties.lowercaseMapping.utf8 { out.append(unit) }
                    continue
                }
                append(folded, to: &out)
            }
            return out
        }
        return key.isEmpty ? payee : String(decoding: key, as: UTF8.self)
    }

    /// Appends a scalar as UTF-8.
    private static func append(_ cp: UInt32, to out: inout [UInt8]) {
        if cp < 0x80 {
            out.append(UInt8(cp))
        } else if cp < 0x800 {
            out.append(UInt8(0xC0 | (cp >> 6))); out.append(UInt8(0x80 | (cp & 0x3F)))
        } else if cp < 0x10000 {
            out.append(UInt8(0xE0 | (cp >> 12))); out.append(UInt8(0x80 | ((cp >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (cp & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (cp >> 18))); out.append(UInt8(0x80 | ((cp >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((cp >> 6) & 0x3F))); out.append(UInt8(0x80 | (cp & 0x3F)))
        }
    }
}
