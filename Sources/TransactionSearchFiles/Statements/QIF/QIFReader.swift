import TransactionSearch

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
/// - QIF has no currency field; a symbol or ISO code written in the amounts is the currency
///   (`QIFAmountCurrency`, `decideCurrency`), else the import's currency applies.
/// - QIF has no transaction ids: `bankID` is always nil.
enum QIFReader {
    /// Whether `bytes` look like a QIF file: the first line that is not blank is a QIF header
    /// (`!Type:`, `!Account`, `!Option:`, `!Clear:`), or, for files without one, the first
    /// lines are all QIF codes and include a date line and a `^`.
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = TextDecoding.decode(Array(bytes.prefix(4096))).bytes
        return head.withByteView { buffer in
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
                    sawDate = sawDate || (trimmed.count > 1 && ByteView.isDigit(buffer[trimmed.lowerBound + 1]))
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
        try decoded.bytes.withByteView { buffer throws(ImportIssue) in
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
            let currency = decideCurrency(&statement, scan: scan, buffer, context: context)
            statement.decisions = ReadingDecisions(
                currency: currency, dates: conventions.dateReason,
                sign: "T amounts are signed: negative is money out" + (conventions.amountStyle == .decimalComma ? " (decimal comma)" : ""))
        }
        return statement
    }

    /// The currency of the records whose amounts name none, and what decided it, in words.
    /// When the amounts name one currency (`$12.00`, `12.00 EUR`), every record takes it; when
    /// they name several, each record keeps its own, those naming none take the import's
    /// currency, and a warning says how many they are: never a silent pick of one.
    private static func decideCurrency(_ statement: inout ParsedStatement, scan: QIFScan, _ bytes: ByteView,
                                       context: StatementContext) -> String {
        var counts: [Currency: Int] = [:]
        var written: [Currency: String] = [:]
        for entry in statement.entries {
            if let currency = entry.currency { counts[currency, default: 0] += 1 }
        }
        guard !counts.isEmpty else { return ReadingDecisions.noCurrency(context) + " (QIF names none)" }
        // How each currency was written, for the words (the first amount naming it).
        for field in scan.fields where field.code == UInt8(ascii: "T") || field.code == UInt8(ascii: "U") {
            if case .named(let text, let currency) = QIFAmountCurrency.of(bytes, field.range), written[currency] == nil {
                written[currency] = text
            }
            if written.count == counts.count { break }
        }
        let unnamed = statement.entries.count - counts.values.reduce(0, +)
        if counts.count == 1, let currency = counts.keys.first {
            for index in statement.entries.indices where statement.entries[index].currency == nil {
                statement.entries[index].currency = currency
            }
            let text = written[currency] ?? currency.code
            return text == currency.code ? "\(text) in the amounts" : "\(text) in the amounts: \(currency.code)"
        }
        let named = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.code < $1.key.code }
            .map { "\($0.key.code) (\($0.value) record\($0.value == 1 ? "" : "s"))" }.joined(separator: ", ")
        if unnamed > 0 {
            let fallback = ReadingDecisions.noCurrency(context)
            statement.warnings.append("the amounts name several currencies (\(named)); \(unnamed) record\(unnamed == 1 ? " names" : "s name") none: \(fallback)")
        }
        return "each record's amount: \(named)" + (unnamed > 0 ? "; \(unnamed) naming none: " + ReadingDecisions.noCurrency(context) : "")
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
