import Foundation
import TransactionSearchSupport
@testable import TransactionSearch

/// Writes a generated statement as OFX, 1.x SGML (header block, leaves unclosed, values now
/// and then on the next line, decimal commas) or 2.x XML (closing tags, CDATA memos), for the
/// round-trip tests and timing. Bank accounts go to `BANKMSGSRSV1`, cards to
/// `CREDITCARDMSGSRSV1`; a transaction in another currency than its account's gets a
/// `CURRENCY` aggregate; a merchant longer than 32 characters is cut in NAME and written whole
/// in MEMO, as banks do.
struct OFXTestWriter {
    /// OFX 1.x (SGML, header block) or 2.x (XML).
    enum Style { case sgml, xml }

    let style: Style
    var random: SeededRandom
    private var output = ""

    /// A writer whose layout choices follow `seed`.
    init(style: Style, seed: UInt64) {
        self.style = style
        random = SeededRandom(seed: seed)
    }

    /// The file's bytes.
    static func write(_ statement: GeneratedStatement, style: Style, seed: UInt64) -> [UInt8] {
        var writer = OFXTestWriter(style: style, seed: seed)
        return writer.write(statement)
    }

    /// What OFX carries of a transaction, as the reader should give it back.
    static func expected(_ transaction: GeneratedStatement.Transaction) -> (merchant: String, notes: String?) {
        transaction.merchant.count > 32 ? (transaction.merchant, nil) : (transaction.merchant, transaction.notes)
    }

    /// The file's bytes.
    mutating func write(_ statement: GeneratedStatement) -> [UInt8] {
        output = ""
        output.reserveCapacity(statement.accounts.reduce(0) { $0 + $1.transactions.count } * 300 + 1000)
        switch style {
        case .sgml:
            output += "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:UTF-8\nCHARSET:NONE\n"
            output += "COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n"
        case .xml:
            output += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
            output += "<?OFX OFXHEADER=\"200\" VERSION=\"220\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\n"
        }
        output += "<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n"
        status()
        leaf("DTSERVER", "20260101120000.000[+0:UTC]")
        leaf("LANGUAGE", "ENG")
        output += "</SONRS>\n</SIGNONMSGSRSV1>\n"
        for isCreditCard in [false, true] {
            let accounts = statement.accounts.filter { $0.isCreditCard == isCreditCard }
            guard !accounts.isEmpty else { continue }
            output += isCreditCard ? "<CREDITCARDMSGSRSV1>\n" : "<BANKMSGSRSV1>\n"
            for account in accounts { write(account) }
            output += isCreditCard ? "</CREDITCARDMSGSRSV1>\n" : "</BANKMSGSRSV1>\n"
        }
        output += "</OFX>\n"
        return Array(output.utf8)
    }

    private mutating func write(_ account: GeneratedStatement.Account) {
        let card = account.isCreditCard
        output += card ? "<CCSTMTTRNRS>\n" : "<STMTTRNRS>\n"
        leaf("TRNUID", "1")
        status()
        output += card ? "<CCSTMTRS>\n" : "<STMTRS>\n"
        leaf("CURDEF", account.currency.code)
        output += card ? "<CCACCTFROM>\n" : "<BANKACCTFROM>\n"
        if !card { leaf("BANKID", "123456789") }
        leaf("ACCTID", account.number)
        if !card { leaf("ACCTTYPE", "CHECKING") }
        output += card ? "</CCACCTFROM>\n" : "</BANKACCTFROM>\n"
        output += "<BANKTRANLIST>\n"
        leaf("DTSTART", "20000101")
        leaf("DTEND", "20400101")
        for transaction in account.transactions { write(transaction, accountCurrency: account.currency) }
        output += "</BANKTRANLIST>\n"
        output += "<LEDGERBAL>\n"
        leaf("BALAMT", "0.00")
        leaf("DTASOF", "20260101")
        output += "</LEDGERBAL>\n"
        output += card ? "</CCSTMTRS>\n</CCSTMTTRNRS>\n" : "</STMTRS>\n</STMTTRNRS>\n"
    }

    private mutating func write(_ transaction: GeneratedStatement.Transaction, accountCurrency: Currency) {
        output += "<STMTTRN>\n"
        leaf("TRNTYPE", transaction.amount.significand < 0 ? "DEBIT" : "CREDIT")
        leaf("DTPOSTED", Self.dateText(transaction))
        var amount = transaction.amount.description
        if style == .sgml && random.chance(0.2) { amount = amount.replacingOccurrences(of: ".", with: ",") }
        leaf("TRNAMT", amount)
        leaf("FITID", transaction.bankID)
        let name = String(transaction.merchant.prefix(32))
        leaf("NAME", markupEscaped(name))
        let memo = transaction.merchant.count > 32 ? transaction.merchant : transaction.notes
        if let memo {
            if style == .xml && random.chance(0.3) && !memo.contains("]]>") {
                output += "<MEMO><![CDATA[" + memo + "]]></MEMO>\n"
            } else {
                leaf("MEMO", markupEscaped(memo))
            }
        }
        if transaction.currency != accountCurrency {
            output += "<CURRENCY>\n"
            leaf("CURRATE", "1.0")
            leaf("CURSYM", transaction.currency.code)
            output += "</CURRENCY>\n"
        }
        output += "</STMTTRN>\n"
    }

    private mutating func status() {
        output += "<STATUS>\n"
        leaf("CODE", "0")
        leaf("SEVERITY", "INFO")
        output += "</STATUS>\n"
    }

    /// A leaf: `<TAG>value` (SGML, sometimes with the value on the next line) or
    /// `<TAG>value</TAG>` (XML).
    private mutating func leaf(_ tag: String, _ value: String) {
        switch style {
        case .sgml: output += "<" + tag + ">" + (random.chance(0.1) ? "\n" : "") + value + "\n"
        case .xml: output += "<" + tag + ">" + value + "</" + tag + ">\n"
        }
    }

    /// `YYYYMMDD` for a day; `YYYYMMDDHHMMSS.XXX[offset:TZ]` with fractional hours for an
    /// instant.
    static func dateText(_ transaction: GeneratedStatement.Transaction) -> String {
        switch transaction.date {
        case .day(let day):
            return WallClock.compact(day)
        case .instant(let milliseconds):
            let clock = WallClock(milliseconds: milliseconds, offsetMinutes: transaction.offsetMinutes)
            var text = WallClock.compact(clock.day) + pad(clock.hour, 2) + pad(clock.minute, 2) + pad(clock.second, 2)
            text += "." + pad(clock.millisecond, 3)
            let offset = transaction.offsetMinutes
            let hours = String(offset.magnitude / 60)
            let fraction = switch offset.magnitude % 60 {
            case 0: ""
            case 15: ".25"
            case 30: ".5"
            default: ".75"
            }
            return text + "[" + (offset < 0 ? "-" : "+") + hours + fraction + ":ZZZ]"
        }
    }
}
