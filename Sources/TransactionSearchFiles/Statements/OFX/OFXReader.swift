import TransactionSearch

/// Reads OFX and QFX bank, credit card and investment statements, 1.x (SGML, closing tags
/// optional) and 2.x (XML), and mixtures of both, into a `ParsedStatement`.
///
/// - Every `STMTTRN` in a statement is a transaction, inside `BANKTRANLIST` or not, in any
///   number of `STMTRS`, `CCSTMTRS` and `INVSTMTRS` (investment cash movements: `INVBANKTRAN`).
///   How one becomes an entry: `OFXTransaction`.
/// - Accounts (`BANKACCTFROM`, `CCACCTFROM`, `INVACCTFROM`) are masked to their last four
///   characters; a credit card statement's masked number is also each entry's card.
/// - Investment trades, income, positions, open orders, balances and security lists are
///   listed in `skipped`, not imported.
/// - A `STATUS` with `SEVERITY` `ERROR` or `WARN` is a warning; a file with no statement at all
///   is unreadable, and its message names the bank's error when there is one.
enum OFXReader: StatementReader {
    /// Whether the bytes look like OFX/QFX: a header block (`OFXHEADER:`), `<?OFX`, or an
    /// `<OFX>` element at the start, after a byte order mark, blank lines or an XML declaration.
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        OFXHeader.looksLikeOFX(MarkupProlog.head(bytes))
    }

    /// Reads a whole file, handing each entry to `sink` as soon as it is complete. The charset
    /// is `CHARSET`/`ENCODING` of a 1.x header or the XML declaration's `encoding` when the
    /// bytes are not UTF-8 (see `TextDecoding`).
    /// - Throws: `ImportIssue` (`malformed`) when the file is not OFX, holds no statement, or
    ///   nests elements absurdly deep. A bad transaction is an issue in the result instead.
    /// - Complexity: O(n) in the file's size; memory is the decoded bytes (the file's own when
    ///   it is UTF-8) and the entries of a statement read before it names its currency or account.
    static func read<Sink: StatementEntrySink>(_ bytes: [UInt8], context: StatementContext,
                                               into sink: Sink) throws(ImportIssue) -> ParsedStatement {
        let decoded = TextDecoding.decode(bytes, declared: OFXHeader.declaredEncoding(MarkupProlog.head(bytes)))
        return try decoded.bytes.withByteView { buffer throws(ImportIssue) -> ParsedStatement in
            var reader = OFXDocumentReader(buffer, clock: context.clock, encoding: decoded.encoding)
            var parsed = try reader.read(into: sink)
            var currency = reader.statementCurrencies.isEmpty
                ? ReadingDecisions.noCurrency(context) + " (no CURDEF)" : "CURDEF " + reader.statementCurrencies.joined(separator: ", ")
            if reader.sawTransactionCurrency { currency += "; a transaction's own CURRENCY where it has one" }
            parsed.decisions = ReadingDecisions(currency: currency, dates: "YYYYMMDD[HHMMSS[.XXX]][offset] (OFX), DTPOSTED",
                                                sign: "TRNAMT is signed: negative is money out")
            return parsed
        }
    }
}
