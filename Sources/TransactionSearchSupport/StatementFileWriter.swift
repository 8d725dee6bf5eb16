import Foundation
import TransactionSearch

/// Bank files of generated transactions, for `bench` to time imports of each format against
/// our own CSV on the same rows: OFX 1.x (SGML), camt.053 (001.08) and a German bank's CSV
/// export (`;`, decimal comma, `DD.MM.YYYY`). Every row is written in one account, dates as
/// calendar days (what statements carry), amounts exactly.
public enum StatementFileWriter {
    /// The formats it writes.
    public enum Format: String, CaseIterable, Sendable {
        case ofx, camt
        case bankCSV = "bank-csv"
    }

    public static func write(_ drafts: [TransactionDraft], as format: Format, timeZone: TimeZone) -> [UInt8] {
        switch format {
        case .ofx: ofx(drafts, timeZone: timeZone)
        case .camt: camt(drafts, timeZone: timeZone)
        case .bankCSV: bankCSV(drafts, timeZone: timeZone)
        }
    }

    /// The local day of a draft's date, as `YYYY-MM-DD`.
    private static func day(_ date: TransactionDate, _ store: TransactionStore) -> CalendarDay {
        store.localDay(of: date)
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    private static func ofx(_ drafts: [TransactionDraft], timeZone: TimeZone) -> [UInt8] {
        let store = TransactionStore(timeZone: timeZone)
        var out = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:NONE\n\n"
        out += "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR\n"
        out += "<BANKACCTFROM><BANKID>12345678<ACCTID>DE89370400440532013000<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST>\n"
        for (index, draft) in drafts.enumerated() {
            let compact = day(draft.date, store).description.filter { $0 != "-" }
            out += "<STMTTRN><TRNTYPE>\(draft.amount.significand < 0 ? "DEBIT" : "CREDIT")<DTPOSTED>\(compact)"
            out += "<TRNAMT>\(draft.amount.description)<FITID>F\(index)<NAME>\(escaped(String(draft.merchant.prefix(32))))"
            if draft.currency != nil && draft.currency != .eur {
                out += "<CURRENCY><CURRATE>1.0<CURSYM>\(draft.currency!.code)</CURRENCY>"
            }
            if let notes = draft.notes { out += "<MEMO>\(escaped(notes))" }
            out += "</STMTTRN>\n"
        }
        out += "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        return Array(out.utf8)
    }

    private static func camt(_ drafts: [TransactionDraft], timeZone: TimeZone) -> [UInt8] {
        let store = TransactionStore(timeZone: timeZone)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\">"
        out += "<BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-01T00:00:00Z</CreDtTm></GrpHdr>"
        out += "<Stmt><Id>1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>\n"
        for (index, draft) in drafts.enumerated() {
            let isDebit = draft.amount.significand < 0
            let magnitude = DecimalAmount(significand: Int64(clamping: draft.amount.significand.magnitude), fractionDigits: draft.amount.fractionDigits)
            let date = day(draft.date, store).description
            out += "<Ntry><NtryRef>N\(index)</NtryRef><Amt Ccy=\"\((draft.currency ?? .eur).code)\">\(magnitude.description)</Amt>"
            out += "<CdtDbtInd>\(isDebit ? "DBIT" : "CRDT")</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>"
            out += "<BookgDt><Dt>\(date)</Dt></BookgDt><ValDt><Dt>\(date)</Dt></ValDt><AcctSvcrRef>R\(index)</AcctSvcrRef>"
            out += "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>"
            out += "<NtryDtls><TxDtls><RltdPties><\(isDebit ? "Cdtr" : "Dbtr")><Pty><Nm>\(escaped(draft.merchant))</Nm></Pty></\(isDebit ? "Cdtr" : "Dbtr")></RltdPties>"
            if let notes = draft.notes { out += "<RmtInf><Ustrd>\(escaped(notes))</Ustrd></RmtInf>" }
            out += "</TxDtls></NtryDtls></Ntry>\n"
        }
        out += "</Stmt></BkToCstmrStmt></Document>\n"
        return Array(out.utf8)
    }

    private static func bankCSV(_ drafts: [TransactionDraft], timeZone: TimeZone) -> [UInt8] {
        let store = TransactionStore(timeZone: timeZone)
        var out = "Buchungstag;Empfänger;Verwendungszweck;Betrag;Währung\n"
        func field(_ text: String) -> String {
            text.contains(";") || text.contains("\"") ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        for draft in drafts {
            let parts = day(draft.date, store).components
            let date = (parts.day < 10 ? "0" : "") + "\(parts.day)." + (parts.month < 10 ? "0" : "") + "\(parts.month).\(parts.year)"
            let amount = draft.amount.description.replacingOccurrences(of: ".", with: ",")
            out += "\(date);\(field(draft.merchant));\(field(draft.notes ?? ""));\(amount);\((draft.currency ?? .eur).code)\n"
        }
        return Array(out.utf8)
    }
}
