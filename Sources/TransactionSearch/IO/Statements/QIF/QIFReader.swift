/// Reads Quicken Interchange Format files (`.qif`): the transactions of their bank, credit
/// card, cash and other asset or liability sections, one `StatementEntry` per record.
///
/// Three passes over the UTF-8 bytes (after `TextDecoding`, as QIF files from European
/// programs are often Windows-1252): `QIFScan` finds sections, accounts and records as byte
/// ranges; `QIFConventions` decides the date order and the decimal separator from all the
/// values of the file; `QIFRecordReader` turns each record into an entry or issues.
///
/// - Sections `!Type:Bank`, `!Type:CCard`, `!Type:Cash`, `!Type:Oth A`, `!Type:Oth L` hold
///   transactions. `!Account` records name the account of the sections after them (their `N`
///   is the entry's account, long numbers in it masked by `AccountName`; a credit card
///   section's account is also the entry's card); between `!Option:AutoSwitch` and
///   `!Clear:AutoSwitch` they are a list of accounts only. Category, class, memorized,
///   investment, security and price sections are skipped as a whole, each a `SkippedPart`
///   with its line range. Records before any header are read as a bank account, with a
///   warning.
/// - Amounts have no currency in QIF: entries carry none, and the import's currency applies.
/// - QIF has no transaction ids: `bankID` is always nil.
enum QIFReader {
    /// Whether `bytes` look like a QIF file: the first line that is not blank is a QIF header
    /// (`!Type:`, `!Account`, `!Option:`, `!Clear:`), or, for files without one, the first
    /// lines are all QIF codes and include a date line and a `^`.
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = TextDecoding.decode(Array(bytes.prefix(4096))).bytes
        return head.withUnsafeBufferPointer { buffer in
            var lines = TextLines(buffer)
            var sawDate = false, sawEnd = false, codeLines = 0
            while let line = lines.next(), lines.number <= 40 {
                let trimmed = buffer.trimming(line)
                guard let first = trimmed.first.map({ buffer[$0] }) else { continue }
                if codeLines == 0 && first == UInt8(ascii: "!") {
                    return buffer.hasASCIIPrefix("!type:", in: trimmed) || buffer.hasASCIIPrefix("!account", in: trimmed)
                        || buffer.hasASCIIPrefix("!option:", in: trimmed) || buffer.hasASCIIPrefix("!clear:", in: trimmed)
                }
                switch first {
                case UInt8(ascii: "^"): sawEnd = true
                case UInt8(ascii: "D"):
                    sawDate = sawDate || (trimmed.count > 1 && UnsafeBufferPointer<UInt8>.isDigit(buffer[trimmed.lowerBound + 1]))
                case UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "P"), UInt8(ascii: "M"), UInt8(ascii: "L"),
                     UInt8(ascii: "N"), UInt8(ascii: "C"), UInt8(ascii: "A"), UInt8(ascii: "S"), UInt8(ascii: "E"),
                     UInt8(ascii: "$"):
                    break
                default:
                    return false
                }
                codeLines += 1
                if sawDate && sawEnd { return true }
            }
            return sawDate && sawEnd
        }
    }

    /// Reads a QIF file's transactions.
    /// - Parameters:
    ///   - bytes: the file as it is on disk, in any encoding `TextDecoding` reads.
    ///   - context: unused by QIF beyond what every reader gets (QIF dates are calendar days
    ///     and QIF names no currency).
    ///   - dateOrder: the order of day and month, when the caller knows it; nil decides it
    ///     from the file (`QIFConventions`).
    /// - Returns: the entries, an issue for each bad record (the others are still read), the
    ///   skipped sections, the masked accounts and the warnings.
    /// - Throws: `ImportIssue` only when the file as a whole is not QIF: empty, or with no QIF
    ///   header and no record with a date line and an amount line.
    static func read(_ bytes: [UInt8], context: StatementContext, dateOrder: QIFDateOrder? = nil) throws(ImportIssue) -> ParsedStatement {
        let decoded = TextDecoding.decode(bytes)
        var statement = ParsedStatement(format: .qif, encoding: decoded.encoding)
        guard decoded.bytes.count < Int(Int32.max) else {
            throw ImportIssue(.line(1), .malformed("the file is larger than 2 GB, more than a QIF reader holds"))
        }
        try decoded.bytes.withUnsafeBufferPointer { buffer throws(ImportIssue) in
            let scan = QIFScan(buffer)
            guard scan.hasHeader || hasTransactionRecord(scan) else {
                if buffer.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                    throw ImportIssue(.line(1), .empty)
                }
                throw ImportIssue(.line(1), .malformed("not a QIF file: no !Type: header and no record with a D (date) and a T (amount) line"))
            }
            statement.warnings = scan.warnings
            statement.skipped = scan.skipped
            statement.accounts = scan.accounts
            let conventions = QIFConventions(scan, buffer, requestedOrder: dateOrder, warnings: &statement.warnings)
            var reader = QIFRecordReader(buffer, scan: scan, conventions: conventions)
            reader.read(into: &statement)
            var currency = ReadingDecisions.noCurrency(context) + " (QIF names none)"
            if let (symbol, named) = symbolCurrency(scan, buffer) {
                currency = "\(symbol) in the amounts: \(named.code)"
                for index in statement.entries.indices where statement.entries[index].currency == nil {
                    statement.entries[index].currency = named
                }
            }
            statement.decisions = ReadingDecisions(
                currency: currency, dates: conventions.dateReason,
                sign: "T amounts are signed: negative is money out" + (conventions.amountStyle == .decimalComma ? " (decimal comma)" : ""))
        }
        return statement
    }

    /// The currency the amounts' symbol names, when they name one kind only: `$` USD, `€` EUR,
    /// `£` GBP (docs/SPEC.md section 9); nil when none (or several).
    private static func symbolCurrency(_ scan: QIFScan, _ bytes: UnsafeBufferPointer<UInt8>) -> (String, Currency)? {
        var found: (String, Currency)?
        for field in scan.fields where field.code == UInt8(ascii: "T") || field.code == UInt8(ascii: "U") {
            let range = field.range
            var named: (String, Currency)?
            for index in range {
                let byte = bytes[index]
                if byte == UInt8(ascii: "$") { named = ("$", .usd) }
                if byte == 0xE2, index + 2 < range.upperBound, bytes[index + 1] == 0x82, bytes[index + 2] == 0xAC { named = ("€", .eur) }
                if byte == 0xC2, index + 1 < range.upperBound, bytes[index + 1] == 0xA3 { named = ("£", .gbp) }
            }
            guard let named else { continue }
            if let found, found.1 != named.1 { return nil }
            found = named
        }
        return found
    }

    /// Whether some record has both a date and an amount line: what makes a file without
    /// headers QIF at all.
    private static func hasTransactionRecord(_ scan: QIFScan) -> Bool {
        for record in scan.records {
            var date = false, amount = false
            for field in scan.fields[Int(record.firstField)..<Int(record.endField)] {
                if field.code == UInt8(ascii: "D") { date = true }
                if field.code == UInt8(ascii: "T") || field.code == UInt8(ascii: "U") { amount = true }
            }
            if date && amount { return true }
        }
        return false
    }
}
