import TransactionSearch

/// German structured `:86:` details (the DFÜ agreement's format): a three-digit business
/// transaction code (GVC), then subfields `?nn` (any symbol the bank chose in place of `?`).
///
/// The purpose `?20`-`?29` and `?60`-`?63` becomes the notes; the name `?32`/`?33` the
/// merchant; the posting text `?00` is kept as a fallback name; `?10` (primanota), `?30`/`?31`
/// (the counterparty's bank and account, never stored) and `?34` are dropped. Subfields of 27
/// characters are full, so the next one continues the same word; shorter ones are joined with
/// a space. When the purpose carries SEPA keywords (`EREF+`, `MREF+`, `CRED+`, `SVWZ+`...),
/// the notes are the text before the first keyword and after `SVWZ+` only.
extension MT940Details {
    /// A subfield's bytes and whether it was full (27 characters): then the next one
    /// continues it, maybe inside a word.
    struct Piece {
        var range: Range<Int>
        var isFull: Bool
    }

    /// The length of a subfield.
    static let subfieldLength = 27

    /// The subfield separator (`?` as a rule) of a field that starts with a GVC code and a
    /// subfield, or with a subfield; nil otherwise.
    static func germanSeparator(_ bytes: ByteView) -> UInt8? {
        func isSubfield(_ at: Int) -> UInt8? {
            guard at + 2 < bytes.count else { return nil }
            let separator = bytes[at]
            let isSymbol = separator > 0x20 && separator < 0x7F && !(separator >= 0x30 && separator <= 0x39)
                && !(separator >= 0x41 && separator <= 0x5A) && !(separator >= 0x61 && separator <= 0x7A) && separator != UInt8(ascii: "/")
            guard isSymbol, ByteView.isDigit(bytes[at + 1]), ByteView.isDigit(bytes[at + 2]) else { return nil }
            return separator
        }
        if bytes.count >= 3, (0..<3).allSatisfy({ ByteView.isDigit(bytes[$0]) }) {
            // A GVC code alone (`:86:835` with nothing more) is structured with no subfields.
            return bytes.count == 3 ? UInt8(ascii: "?") : isSubfield(3)
        }
        return isSubfield(0) == UInt8(ascii: "?") ? UInt8(ascii: "?") : nil
    }

    /// Reads the joined lines of a German structured field whose subfields start with
    /// `separator`.
    init(german bytes: ByteView, separator: UInt8) {
        var purposePieces: [Piece] = []
        purposePieces.reserveCapacity(14)  // ?20-?29 and ?60-?63
        var namePieces: [Piece] = []
        namePieces.reserveCapacity(2)
        var postingText: String?
        var index = bytes.count >= 3 && ByteView.isDigit(bytes[0]) ? 3 : 0
        func startsSubfield(_ at: Int) -> Bool {
            bytes[at] == separator && at + 2 < bytes.count && ByteView.isDigit(bytes[at + 1])
                && ByteView.isDigit(bytes[at + 2])
        }
        while index + 2 < bytes.count {
            guard startsSubfield(index), let code = MT940Amount.twoDigits(bytes, index + 1, bytes.count) else {
                index += 1
                continue
            }
            var end = index + 3
            while end < bytes.count && !startsSubfield(end) { end += 1 }
            let value = index + 3..<end
            switch code {
            case 0: postingText = bytes.trimmedText(value)
            case 20...29, 60...63: purposePieces.append(Piece(range: value, isFull: MT940Details.isFull(bytes, value)))
            case 32, 33: namePieces.append(Piece(range: value, isFull: MT940Details.isFull(bytes, value)))
            default: break
            }
            index = end
        }
        self.init(name: MT940Details.join(bytes, namePieces), purpose: MT940Details.purpose(bytes, purposePieces), postingText: postingText)
    }

    /// Whether a subfield has 27 characters (UTF-8 continuation bytes are not characters).
    private static func isFull(_ bytes: ByteView, _ range: Range<Int>) -> Bool {
        guard range.count >= subfieldLength else { return false }
        var characters = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { characters += 1 }
        return characters >= subfieldLength
    }

    /// The length of the SEPA keyword a subfield starts with (`SVWZ+` is 5), or 0.
    private static func sepaKeywordLength(_ bytes: ByteView, _ range: Range<Int>) -> Int {
        for keyword: StaticString in ["EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "SVWZ+", "ABWA+", "ABWE+", "IBAN+", "BIC+", "COAM+",
                                      "OAMT+", "PURP+"] {
            let count = keyword.utf8CodeUnitCount
            guard range.count >= count else { continue }
            let start = keyword.utf8Start
            var offset = 0
            while offset < count && bytes[range.lowerBound + offset] == start[offset] { offset += 1 }
            if offset == count { return count }
        }
        return 0
    }

    /// The notes of the purpose subfields: all of them, or only the free text and the `SVWZ+`
    /// part when they carry SEPA keywords.
    private static func purpose(_ bytes: ByteView, _ pieces: [Piece]) -> String? {
        guard pieces.contains(where: { sepaKeywordLength(bytes, $0.range) > 0 }) else { return join(bytes, pieces) }
        var kept: [Piece] = []
        var keyword: (start: Int, length: Int)?
        for piece in pieces {
            let length = sepaKeywordLength(bytes, piece.range)
            if length > 0 {
                keyword = (piece.range.lowerBound, length)
                let isRemittance = length == 5 && bytes[piece.range.lowerBound] == UInt8(ascii: "S")  // SVWZ+
                if isRemittance { kept.append(Piece(range: piece.range.lowerBound + length..<piece.range.upperBound, isFull: piece.isFull)) }
                continue
            }
            if let open = keyword {
                if open.length == 5 && bytes[open.start] == UInt8(ascii: "S") { kept.append(piece) }
            } else {
                kept.append(piece)
            }
        }
        return join(bytes, kept)
    }

    /// Joins subfields: directly after a full one, else with one space; trimmed.
    static func join(_ bytes: ByteView, _ pieces: [Piece]) -> String? {
        guard !pieces.isEmpty else { return nil }
        if pieces.count == 1 { return bytes.trimmedText(pieces[0].range) }
        var output: [UInt8] = []
        output.reserveCapacity(pieces.reduce(0) { $0 + $1.range.count + 1 })
        var previousWasFull = true
        for piece in pieces {
            if previousWasFull {
                output.append(contentsOf: bytes.view(piece.range))
            } else {
                while let last = output.last, last == 0x20 || last == 0x09 { output.removeLast() }
                let trimmed = bytes.trimming(piece.range)
                if !trimmed.isEmpty {
                    if !output.isEmpty { output.append(0x20) }
                    output.append(contentsOf: bytes.view(trimmed))
                }
            }
            previousWasFull = piece.isFull
        }
        return output.withByteView { $0.trimmedText(0..<$0.count) }
    }
}
