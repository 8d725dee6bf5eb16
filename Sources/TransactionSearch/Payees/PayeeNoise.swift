/// What a token's shape says it is, when it is not part of a name.
enum PayeeNoise: UInt8 {
    case none
    /// `03/14`, `14.03.`, `2018-03-01T11:33:59`, `14.03.24/12.34`.
    case date
    /// `11:33`, `11:33:59`.
    case time
    /// `13,80EUR`, `$12.50`, `1.234,56`.
    case amount
    /// `800-555-1212`, `+49`.
    case phone
    /// `XXXX1234`, `XXXXXX`, `X1234`.
    case masked
    /// `#3322`, `M01234`, `F1234`, `T-1234`.
    case storeNumber
    /// Digits only (`0123`, `41400673`); the rules decide by length.
    case digits
    /// Letters and digits mixed (`2K4XY1`, `P0A1B2C3`, `JPM99ABC12`).
    case reference
    /// `AMZN.COM/BILL`, `WWW.EXAMPLE.COM`, `NETFLIX.COM`.
    case url
    /// A currency code alone (`EUR`).
    case currency
}

/// PayeeToken shape classification: dates, times, amounts, phones, card masks, store numbers,
/// references and URLs, from the token's flags plus a short scan of its bytes.
enum PayeeNoiseShape {
    /// Top-level domains recognised at the end of a web address (folded upper case).
    private static let domains: Set<UInt64> = Set(
        ("COM NET ORG DE FR NL UK CO IO ES IT PL EU CH AT BE SE NO DK FI IE CA AU JP RU US APP TV "
            + "ME SO AI GG INFO BIZ SHOP STORE ONLINE GOV EDU CZ PT GR").split(separator: " ")
            .map { PayeeFold.hash(String($0)) })

    /// The noise kind of `tk`.
    static func classify(_ p: UnsafeBufferPointer<UInt8>, _ tk: PayeeToken, _ words: PayeeWordTable) -> PayeeNoise {
        let f = tk.flags
        if f.contains(.symbol) { return .none }
        let s = Int(tk.start), e = Int(tk.end)
        let letters = Int(tk.letters), digits = Int(tk.digits)
        if letters > 0 && (f.contains(.dot) || f.contains(.slash)) && isURL(p, s, e) { return .url }
        if digits == 0 {
            if f.contains(.allX) && letters >= 2 { return .masked }
            if tk.word.contains(.currency) { return .currency }
            return .none
        }
        if letters == 0 {
            if f.contains(.plusSign) { return .phone }
            if f.contains(.hashSign) { return .storeNumber }
            if f.contains(.money) || f.contains(.comma) { return .amount }
            if !f.contains(.dot) && !f.contains(.slash) && !f.contains(.dash) && !f.contains(.colon) {
                return f.contains(.otherPunct) ? .reference : .digits
            }
            return groups(p, s, e, f)
        }
        if letters == 1 && f.contains(.dash) && f.contains(.colon) { return .date }  // ISO date-time
        if f.contains(.money) { return .amount }
        if (f.contains(.comma) || f.contains(.dot)) && letters == 3 && hasCurrencyEnd(p, s, e, words) {
            return .amount
        }
        if f.contains(.allX) && (letters >= 2 || digits >= 4) { return .masked }
        if f.contains(.dot) && !f.contains(.nonASCII) && digitTail(p, s, e) >= 3 { return .storeNumber }  // FIL.1234
        if f.contains(.nonASCII) || f.contains(.apostrophe) || f.contains(.amp) || f.contains(.dot) {
            return .none
        }
        if f.contains(.dash) { return dashed(p, s, e) }
        if isStoreNumber(p, s, e) { return .storeNumber }
        if letters + digits >= 5 && digits >= 2 { return .reference }
        return .none
    }

    /// Digit groups separated by `/ . - :`: a date, time, phone number or amount.
    private static func groups(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ f: PayeeTokenFlags) -> PayeeNoise {
        if f.contains(.colon) && !f.contains(.dot) && !f.contains(.slash) && !f.contains(.dash) {
            return .time
        }
        var count = 0, longest = 0, current = 0, total = 0
        var first = 0, second = 0, firstLength = 0, secondLength = 0
        var i = s
        while i <= e {
            if i < e && PayeeUTF8Scan.isDigit(p[i]) {
                current += 1
                if count == 0 { first = first * 10 + Int(p[i] - 48) }
                if count == 1 { second = second * 10 + Int(p[i] - 48) }
            } else if current > 0 {
                if count == 0 { firstLength = current }
                if count == 1 { secondLength = current }
                count += 1
                total += current
                longest = max(longest, current)
                current = 0
            }
            i += 1
        }
        if f.contains(.dash) && !f.contains(.slash) && count >= 3 && (total == 10 || total == 11) { return .phone }
        if count == 2 && f.contains(.dot) && !f.contains(.slash) && secondLength == 2 && firstLength <= 4
            && (first > 31 || second > 12 || firstLength > 2)
        {
            return .amount
        }
        if count >= 2 && longest <= 4 { return .date }
        return .reference
    }

    /// `T-1234` is a store number; `DK-NOTA5207`-like codes are references; `7-ELEVEN` and
    /// `1-800-FLOWERS` (no digits after the last dash) are names.
    private static func dashed(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> PayeeNoise {
        var lastDash = e - 1
        while lastDash > s && p[lastDash] != 0x2D { lastDash -= 1 }
        var tailDigits = 0, tailLetters = 0
        var i = lastDash + 1
        while i < e {
            if PayeeUTF8Scan.isDigit(p[i]) { tailDigits += 1 } else if PayeeUTF8Scan.isASCIILetter(p[i]) { tailLetters += 1 }
            i += 1
        }
        if tailDigits < 3 { return .none }
        if tailLetters == 0 && lastDash - s <= 2 { return .storeNumber }
        return .reference
    }

    /// How many digits end the token after its last `.` (0 when anything else follows it).
    private static func digitTail(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int {
        var i = e
        while i > s && PayeeUTF8Scan.isDigit(p[i - 1]) { i -= 1 }
        return i > s && p[i - 1] == 0x2E ? e - i : 0
    }

    /// One or two ASCII letters, then three to six digits: `M01234`, `F1234`.
    private static func isStoreNumber(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        var i = s
        while i < e && PayeeUTF8Scan.isASCIILetter(p[i]) { i += 1 }
        let letters = i - s
        if letters < 1 || letters > 2 { return false }
        var digits = 0
        while i < e && PayeeUTF8Scan.isDigit(p[i]) { i += 1; digits += 1 }
        return i == e && digits >= 3 && digits <= 6  // longer runs are references: S301234567890123
    }

    /// Whether the token's three letters are a currency code at its start or end (`13,80EUR`).
    private static func hasCurrencyEnd(
        _ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ words: PayeeWordTable
    ) -> Bool {
        if e - s >= 4 && PayeeUTF8Scan.isASCIILetter(p[e - 1]) {
            return words.lookup(PayeeFold.hash(p, e - 3, e)).flags.contains(.currency)
        }
        if e - s >= 4 && PayeeUTF8Scan.isASCIILetter(p[s]) {
            return words.lookup(PayeeFold.hash(p, s, s + 3)).flags.contains(.currency)
        }
        return false
    }

    /// Whether the token is a web address: `WWW.`/`HTTP` prefix, a path after a domain, or a
    /// known top-level domain at the end.
    static func isURL(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        if hasPrefix(p, s, e, "WWW.") || hasPrefix(p, s, e, "HTTP") { return true }
        var dot = -1
        var i = s
        while i < e {
            let b = p[i]
            if b == 0x2E { dot = i } else if b == 0x2F && dot > s { return true }
            i += 1
        }
        return dot > s && dot < e - 1 && domains.contains(PayeeFold.hash(p, dot + 1, e))
    }

    /// The name part of a web address: without scheme, `www.`, path and top-level domain
    /// (`HTTPSWWW.NETFLIX.COM/BILL` is `NETFLIX`), or nil when nothing is left.
    static func urlCore(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> (Int, Int)? {
        var a = s
        let prefixes: [StaticString] = ["HTTPS://", "HTTP://", "HTTPSWWW.", "HTTPWWW.", "HTTPS", "HTTP", "WWW."]
        for prefix in prefixes
        where hasPrefix(p, a, e, prefix) {
            a += prefix.utf8CodeUnitCount
            if hasPrefix(p, a, e, "WWW.") { a += 4 }
            break
        }
        var b = a
        while b < e && p[b] != 0x2F { b += 1 }
        for _ in 0..<2 {
            var dot = b - 1
            while dot > a && p[dot] != 0x2E { dot -= 1 }
            guard dot > a, domains.contains(PayeeFold.hash(p, dot + 1, b)) else { break }
            b = dot
        }
        return a < b ? (a, b) : nil
    }

    /// Case-insensitive ASCII prefix test.
    private static func hasPrefix(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        if e - s < n { return false }
        let q = prefix.utf8Start
        for k in 0..<n where (p[s + k] & 0xDF) != (q[k] & 0xDF) && p[s + k] != q[k] { return false }
        return true
    }
}
