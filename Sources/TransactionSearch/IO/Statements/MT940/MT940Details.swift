/// The `:86:` information to the account owner of one statement line, in the three shapes
/// banks write it:
///
/// - German structured (`166?00GUTSCHRIFT?109249?20EREF+...?21SVWZ+Rechnung?32Max
///   Mustermann`): a three-digit business transaction code (GVC), then subfields `?nn`. The
///   purpose `?20`-`?29` and `?60`-`?63` becomes the notes; the name `?32`/`?33` the merchant;
///   the posting text `?00` is kept as a fallback name; `?10` (primanota), `?30`/`?31` (the
///   counterparty's bank and account, never stored) and `?34` are dropped. Subfields of 27
///   characters are full, so the next one continues the same word; shorter ones are joined
///   with a space. When the purpose carries SEPA keywords (`EREF+`, `MREF+`, `CRED+`,
///   `SVWZ+`...), the notes are the text before the first keyword and after `SVWZ+` only.
/// - Slash keys as Dutch and other banks write them (`/TRTP/SEPA OVERBOEKING/IBAN/NL...
///   /NAME/J. Jansen/REMI/Invoice 12/EREF/...`, `/ORDP//NAME/...`, `/BENM//NAME/...`,
///   `/CNTP/account/BIC/name/city/`): `NAME` (or the name in `CNTP`) is the merchant, `REMI`
///   (without `USTD//` or `STRD/CUR/`) the notes, `TRTP` the fallback name.
/// - Free text: the first line is the merchant, the others the notes.
///
/// Lines of the structured forms are joined with nothing between them (banks cut them at 65
/// characters anywhere, even inside a word).
struct MT940Details {
    /// The counterparty.
    var name: String?
    /// What the payment is for.
    var purpose: String?
    /// What the bank calls this kind of entry (`GUTSCHRIFT`, `SEPA OVERBOEKING`).
    var postingText: String?

    /// Reads the field from its lines (the first without `:86:`).
    init(_ bytes: UnsafeBufferPointer<UInt8>, lines: ArraySlice<Range<Int>>) {
        var joined: [UInt8] = []
        for line in lines { joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line])) }
        let isGerman = joined.withUnsafeBufferPointer(MT940Details.germanSeparator) != nil
        if isGerman {
            self.init(german: joined)
        } else if joined.first == UInt8(ascii: "/"), joined.withUnsafeBufferPointer({ MT940Details.slashKey($0, at: 0) }) != nil {
            self.init(slashKeys: joined)
        } else {
            let texts = lines.compactMap { bytes.trimmedText($0) }
            self.init(name: texts.first, purpose: texts.count > 1 ? texts.dropFirst().joined(separator: " ") : nil)
        }
    }

    private init(name: String?, purpose: String?) {
        self.name = name
        self.purpose = purpose
    }

    // MARK: German structured

    /// The subfield separator (`?` as a rule) of a field that starts with a GVC code and a
    /// subfield, or with a subfield; nil otherwise.
    private static func germanSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        func isSubfield(_ at: Int) -> UInt8? {
            guard at + 2 < bytes.count else { return nil }
            let separator = bytes[at]
            let isSymbol = separator > 0x20 && separator < 0x7F && !(separator >= 0x30 && separator <= 0x39)
                && !(separator >= 0x41 && separator <= 0x5A) && !(separator >= 0x61 && separator <= 0x7A) && separator != UInt8(ascii: "/")
            guard isSymbol, UnsafeBufferPointer<UInt8>.isDigit(bytes[at + 1]), UnsafeBufferPointer<UInt8>.isDigit(bytes[at + 2]) else { return nil }
            return separator
        }
        if bytes.count >= 3, (0..<3).allSatisfy({ UnsafeBufferPointer<UInt8>.isDigit(bytes[$0]) }) {
            // A GVC code alone (`:86:835` with nothing more) is structured with no subfields.
            return bytes.count == 3 ? UInt8(ascii: "?") : isSubfield(3)
        }
        return isSubfield(0) == UInt8(ascii: "?") ? UInt8(ascii: "?") : nil
    }

    private init(german joined: [UInt8]) {
        var purposePieces: [Piece] = []
        var namePieces: [Piece] = []
        joined.withUnsafeBufferPointer { bytes in
            guard let separator = MT940Details.germanSeparator(bytes) else { return }
            var index = bytes.count >= 3 && UnsafeBufferPointer<UInt8>.isDigit(bytes[0]) ? 3 : 0
            while index + 2 < bytes.count {
                guard bytes[index] == separator, let code = MT940Amount.twoDigits(bytes, index + 1, bytes.count) else {
                    index += 1
                    continue
                }
                var end = index + 3
                while end < bytes.count && !(bytes[end] == separator && end + 2 < bytes.count
                                             && UnsafeBufferPointer<UInt8>.isDigit(bytes[end + 1])
                                             && UnsafeBufferPointer<UInt8>.isDigit(bytes[end + 2])) {
                    end += 1
                }
                let value = bytes.text(index + 3..<end)
                switch code {
                case 0: postingText = value.trimmingWhitespace().nilIfEmpty
                case 20...29, 60...63: purposePieces.append(Piece(value))
                case 32, 33: namePieces.append(Piece(value))
                default: break
                }
                index = end
            }
        }
        name = MT940Details.joinPieces(namePieces)
        purpose = MT940Details.purpose(of: purposePieces)
    }

    /// SEPA keywords that start a purpose subfield.
    private static let sepaKeywords = ["EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "SVWZ+", "ABWA+", "ABWE+", "IBAN+", "BIC+",
                                       "COAM+", "OAMT+", "PURP+"]

    /// The notes of the purpose subfields: all of them, or only the free text and the `SVWZ+`
    /// part when they carry SEPA keywords.
    private static func purpose(of pieces: [Piece]) -> String? {
        var untagged: [Piece] = []
        var remittance: [Piece] = []
        var keyword: String?
        for piece in pieces {
            if let found = sepaKeywords.first(where: { piece.text.hasPrefix($0) }) {
                keyword = found
                if found == "SVWZ+" { remittance.append(Piece(String(piece.text.dropFirst(found.count)), isFull: piece.isFull)) }
                continue
            }
            switch keyword {
            case nil: untagged.append(piece)
            case "SVWZ+"?: remittance.append(piece)
            default: break
            }
        }
        if keyword == nil { return joinPieces(pieces) }
        return [joinPieces(untagged), joinPieces(remittance)].compactMap { $0 }.joined(separator: " ").nilIfEmpty
    }

    /// A subfield's text and whether it was full (27 characters): then the next one
    /// continues it, maybe inside a word.
    struct Piece {
        var text: String
        var isFull: Bool

        init(_ text: String, isFull: Bool? = nil) {
            self.text = text
            self.isFull = isFull ?? (text.unicodeScalars.count >= 27)
        }
    }

    /// Joins subfields: directly after a full one, else with a space.
    static func joinPieces(_ pieces: [Piece]) -> String? {
        var text = ""
        var previousWasFull = true
        for piece in pieces {
            if previousWasFull {
                text += piece.text
            } else {
                text = text.trimmingWhitespace() + " " + piece.text.trimmingWhitespace()
            }
            previousWasFull = piece.isFull
        }
        return text.trimmingWhitespace().nilIfEmpty
    }

    // MARK: Slash keys

    /// Keys of the slash form, as SWIFT (MT940 field 86 guidelines) and Dutch banks use them.
    private static let knownKeys: Set<String> = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "IREF", "MARF", "CSID", "ORDP", "BENM", "ADDR", "CNTP", "PURP", "ULTC",
        "ULTD", "ULTB", "SVCL", "ACCW", "RTRN", "CDTRREFTP", "CDTRREF", "CD", "TP", "ISSR", "FX", "OCMT", "CHGS", "EXCH", "COAM",
        "BUSP", "PREF", "ISDT",
    ]

    /// The key of `/KEY/` starting at `at` and where its closing slash is, when `KEY` is known.
    private static func slashKey(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> (key: String, close: Int)? {
        guard bytes[at] == UInt8(ascii: "/") else { return nil }
        var end = at + 1
        while end < bytes.count, end - at <= 10, bytes[end] >= 0x41 && bytes[end] <= 0x5A { end += 1 }
        guard end < bytes.count, end > at + 1, bytes[end] == UInt8(ascii: "/") else { return nil }
        let key = bytes.text(at + 1..<end)
        return knownKeys.contains(key) ? (key, end) : nil
    }

    private init(slashKeys joined: [UInt8]) {
        var values: [(key: String, value: String)] = []
        joined.withUnsafeBufferPointer { bytes in
            var current: (key: String, start: Int)?
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "/"), let found = MT940Details.slashKey(bytes, at: index) else {
                    index += 1
                    continue
                }
                // A key may start at the slash that closes the one before (`/EREF/NAME/x`):
                // that value is empty.
                if let open = current { values.append((open.key, bytes.text(open.start..<max(open.start, index)))) }
                current = (found.key, found.close + 1)
                index = found.close
            }
            if let open = current { values.append((open.key, bytes.text(open.start..<bytes.count))) }
        }
        func value(_ key: String) -> String? {
            values.first(where: { $0.key == key }).flatMap { MT940Details.cleaned($0.value) }
        }
        name = value("NAME") ?? value("CNTP").flatMap { counterparty in
            let parts = counterparty.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count > 2 ? parts[2].trimmingWhitespace().nilIfEmpty : nil
        }
        purpose = value("REMI").map { remittance in
            var text = Substring(remittance)
            for prefix in ["USTD//", "STRD/CUR/", "STRD/ISO/", "USTD/"] where text.hasPrefix(prefix) {
                text = text.dropFirst(prefix.count)
                break
            }
            return MT940Details.cleaned(String(text)) ?? ""
        }.flatMap(\.nilIfEmpty)
        postingText = value("TRTP")
    }

    /// A slash value without surrounding spaces and trailing slashes; nil when blank.
    private static func cleaned(_ value: String) -> String? {
        var text = Substring(value)
        while text.last == "/" { text = text.dropLast() }
        return text.trimmingWhitespace().nilIfEmpty
    }
}

extension String {
    /// nil for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
