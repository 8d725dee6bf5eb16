import TransactionSearch

/// Reads ISO 20022 bank-to-customer cash management messages into a `ParsedStatement`:
/// camt.053 statements (`BkToCstmrStmt/Stmt`), camt.052 reports (`BkToCstmrAcctRpt/Rpt`) and
/// camt.054 notifications (`BkToCstmrDbtCdtNtfctn/Ntfctn`), versions .02 to .08, any namespace
/// prefix. Each `Ntry` becomes one transaction, or one per `TxDtls` for a batch whose details
/// carry amounts that add up to the entry's (`CamtEntry` has the rules). The account
/// (`Acct/Id/IBAN` or `Acct/Id/Othr/Id`) is masked; `Acct/Ccy` is the default currency.
/// Locations are element paths such as `Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/Amt`, with the
/// line.
enum CamtReader: StatementReader {
    /// Whether the bytes look like camt: one of the three message elements, or a `Document`
    /// in a `camt.05x` namespace, among the first 64 elements of the first 4 KB (room for a
    /// business application header around the document).
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = MarkupProlog.head(bytes)
        return head.withByteView { buffer in
            var scanner = MarkupScanner(buffer)
            var startTags = 0
            while startTags < 64, let token = scanner.next() {
                guard token.kind == .startTag || token.kind == .emptyElementTag else { continue }
                startTags += 1
                let code = CamtTag.vocabulary.code(of: buffer, token.name, hash: token.nameHash)
                guard code >= 0 else { continue }
                let tag = CamtTag.allCases[code]
                if tag.isMessage { return true }
                if tag == .document && contains(buffer, token.content, "camt.05") { return true }
            }
            return false
        }
    }

    /// Reads a whole file, handing each entry to `sink` as soon as it is complete (the XML
    /// declaration's `encoding` applies when the bytes are not UTF-8).
    /// - Throws: `ImportIssue` (`malformed`) when the file is no camt message, holds no
    ///   statement, report or notification, or nests elements absurdly deep. A bad entry is an
    ///   issue in the result instead.
    /// - Complexity: O(n) in the file's size; memory is the decoded bytes (the file's own when
    ///   it is UTF-8) and the entries of a statement read before it names its account or currency.
    static func read<Sink: StatementEntrySink>(_ bytes: [UInt8], context: StatementContext,
                                               into sink: Sink) throws(ImportIssue) -> ParsedStatement {
        let decoded = TextDecoding.decode(bytes, declared: MarkupProlog.declaredXMLEncoding(MarkupProlog.head(bytes)))
        return try decoded.bytes.withByteView { buffer throws(ImportIssue) -> ParsedStatement in
            var reader = CamtDocumentReader(buffer, clock: context.clock, encoding: decoded.encoding)
            var parsed = try reader.read(into: sink)
            parsed.decisions = ReadingDecisions(currency: "each entry's Amt Ccy (the account's Ccy where it has none)",
                                                dates: "ISO 8601 (camt): BookgDt, else ValDt",
                                                sign: "CdtDbtInd: DBIT is money out, CRDT money in")
            return parsed
        }
    }

    private static func contains(_ bytes: ByteView, _ range: Range<Int>, _ literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        guard range.count >= pattern.count else { return false }
        for start in range.lowerBound...(range.upperBound - pattern.count)
            where pattern.indices.allSatisfy({ bytes[start + $0] == pattern[$0] }) {
            return true
        }
        return false
    }
}
