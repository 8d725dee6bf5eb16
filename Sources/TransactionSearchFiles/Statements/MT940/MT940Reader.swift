import TransactionSearch

/// Reads SWIFT MT940 customer statements and MT942 interim transaction reports (`.sta`,
/// `.mt940`, `.txt`), as banks export them: one `StatementEntry` per `:61:` statement line,
/// with its `:86:` details.
///
/// - `:25:` is the account, masked (`MT940Parser.maskedAccount`); `:60F:`/`:60M:` give the
///   currency of the statement, which every entry carries; `:62F:`/`:62M:` is checked against
///   the opening balance and the lines (a warning when they disagree).
/// - The date of an entry is its booking (entry) date when the line has one, else its value
///   date; dates are calendar days. See `MT940StatementLine` for signs, amounts and ids,
///   `MT940Details` for merchant and notes.
/// - `bankID` is the bank's reference (after `//`), unless `NONREF`; the owner's reference
///   goes into the notes as `reference: ...` (it repeats, so it is no id). The notes are the
///   purpose, the supplementary details of the `:61:` line when they are not the merchant, and
///   that reference, joined with ` | `. The transaction type is the `:61:` code (`NTRF`).
/// - MT942 messages (envelope `{2:I942`/`{2:O942`, or a `:34F:` or `:13D:` field) give
///   pending entries, MT940 posted ones.
/// - Locations are the line of the `:61:` field.
enum MT940Reader {
    /// Whether `bytes` look like MT940/MT942: a `:20:` field and a `:25:`, `:60F:`/`:60M:`,
    /// `:61:` or `:28C:` field start lines near the top, or a SWIFT envelope of a 940 or 942.
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = TextDecoding.decode(Array(bytes.prefix(4096))).bytes
        return head.withByteView { buffer in
            var lines = TextLines(buffer)
            var reference = false, other = false
            while let line = lines.next(), lines.number <= 60 {
                let trimmed = buffer.trimming(line)
                if buffer.hasASCIIPrefix(":20:", in: trimmed) { reference = true }
                for tag: StaticString in [":25:", ":60f:", ":60m:", ":61:", ":28c:", ":34f:"] where buffer.hasASCIIPrefix(tag, in: trimmed) {
                    other = true
                }
                if buffer.hasASCIIPrefix("{1:", in: trimmed) {
                    for kind: StaticString in ["{2:I940", "{2:O940", "{2:I942", "{2:O942"] where buffer.firstRange(of: kind, in: trimmed) != nil {
                        return true
                    }
                }
                if reference && other { return true }
            }
            return false
        }
    }

    /// Reads an MT940 or MT942 file's statement lines.
    /// - Parameters:
    ///   - bytes: the file as it is on disk, in any encoding `TextDecoding` reads.
    ///   - context: unused beyond what every reader gets (MT940 dates are calendar days and
    ///     every statement names its currency).
    /// - Returns: the entries, an issue for each bad statement line (the others are still
    ///   read), statement-level information as skipped parts, the masked accounts, warnings.
    /// - Throws: `ImportIssue` only when the file is empty or has no SWIFT field at all.
    static func read(_ bytes: [UInt8], context: StatementContext) throws(ImportIssue) -> ParsedStatement {
        let decoded = TextDecoding.decode(bytes)
        let statement = ParsedStatement(format: .mt940, encoding: decoded.encoding)
        return try decoded.bytes.withByteView { buffer throws(ImportIssue) -> ParsedStatement in
            var parser = MT940Parser(buffer, statement: statement)
            parser.run()
            guard parser.sawField else {
                if buffer.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                    throw ImportIssue(.line(1), .empty)
                }
                throw ImportIssue(.line(1), .malformed("not an MT940 file: no :20:, :25: or :61: field"))
            }
            var parsed = parser.statement
            parsed.decisions = ReadingDecisions(currency: "each statement's balances (:60F:/:60M:, else :62F:; :34F:, :90D:/:90C: in MT942)",
                                                dates: "YYMMDD (SWIFT): the booking date (MMDD) when given, else the value date",
                                                sign: "the :61: mark: D and RC are money out, C and RD money in")
            return parsed
        }
    }
}
