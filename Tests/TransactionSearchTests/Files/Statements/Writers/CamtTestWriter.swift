import TransactionSearchSupport
@testable import TransactionSearch

/// Writes a generated statement as a camt.053 document, version .02 (`Sts` as text, `Cdtr/Nm`)
/// or .08 (`Sts/Cd`, `Cdtr/Pty/Nm`), with no namespace prefix or a random one, for the
/// round-trip tests and timing. Each account is a `Stmt` (IBAN or `Othr/Id`); each transaction
/// an `Ntry` with one `TxDtls` naming the counterparty, its notes as `Ustrd`, its bank id as
/// `AcctSvcrRef`; a pending one has only a value date.
struct CamtTestWriter {
    var random: SeededRandom
    private var output = ""
    private var prefix = ""
    private var isVersion08 = false

    /// A writer whose version and prefix choices follow `seed`.
    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The document's bytes.
    static func write(_ statement: GeneratedStatement, seed: UInt64) -> [UInt8] {
        var writer = CamtTestWriter(seed: seed)
        return writer.write(statement)
    }

    /// The document's bytes, choosing the version and prefix.
    mutating func write(_ statement: GeneratedStatement) -> [UInt8] {
        output = ""
        output.reserveCapacity(statement.accounts.reduce(0) { $0 + $1.transactions.count } * 500 + 1000)
        isVersion08 = random.chance(0.5)
        prefix = random.pick(["", "", "ns2:", "camt:"])
        let namespace = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.0" + (isVersion08 ? "8" : "2")
        let xmlns = prefix.isEmpty ? "xmlns" : "xmlns:" + prefix.dropLast()
        output += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<\(prefix)Document \(xmlns)=\"\(namespace)\">\n"
        open("BkToCstmrStmt")
        open("GrpHdr")
        leaf("MsgId", "ROUNDTRIP")
        leaf("CreDtTm", "2026-01-01T00:00:00Z")
        close("GrpHdr")
        for (index, account) in statement.accounts.enumerated() {
            open("Stmt")
            leaf("Id", "STMT-\(index)")
            open("Acct")
            open("Id")
            if random.chance(0.5) {
                leaf("IBAN", "DE00" + account.number)
            } else {
                open("Othr")
                leaf("Id", account.number)
                close("Othr")
            }
            close("Id")
            leaf("Ccy", account.currency.code)
            close("Acct")
            for transaction in account.transactions { write(transaction) }
            close("Stmt")
        }
        close("BkToCstmrStmt")
        output += "</\(prefix)Document>\n"
        return Array(output.utf8)
    }

    private mutating func write(_ transaction: GeneratedStatement.Transaction) {
        let isDebit = transaction.amount.significand < 0
        let magnitude = DecimalAmount(significand: abs(transaction.amount.significand), fractionDigits: transaction.amount.fractionDigits)
        open("Ntry")
        output += "<\(prefix)Amt Ccy=\"\(transaction.currency.code)\">\(magnitude)</\(prefix)Amt>\n"
        leaf("CdtDbtInd", isDebit ? "DBIT" : "CRDT")
        let status = transaction.isPending ? "PDNG" : "BOOK"
        if isVersion08 {
            open("Sts")
            leaf("Cd", status)
            close("Sts")
        } else {
            leaf("Sts", status)
        }
        let dateElement = transaction.isPending ? "ValDt" : "BookgDt"
        open(dateElement)
        switch transaction.date {
        case .day(let day): leaf("Dt", day.description)
        case .instant: leaf("DtTm", Self.dateTimeText(transaction))
        }
        close(dateElement)
        leaf("AcctSvcrRef", transaction.bankID)
        open("NtryDtls")
        open("TxDtls")
        open("RltdPties")
        let party = isDebit ? "Cdtr" : "Dbtr"
        open(party)
        if isVersion08 { open("Pty") }
        leaf("Nm", markupEscaped(transaction.merchant))
        if isVersion08 { close("Pty") }
        close(party)
        close("RltdPties")
        if let notes = transaction.notes {
            open("RmtInf")
            leaf("Ustrd", markupEscaped(notes))
            close("RmtInf")
        }
        close("TxDtls")
        close("NtryDtls")
        close("Ntry")
    }

    private mutating func open(_ name: String) { output += "<\(prefix)\(name)>\n" }

    private mutating func close(_ name: String) { output += "</\(prefix)\(name)>\n" }

    private mutating func leaf(_ name: String, _ value: String) { output += "<\(prefix)\(name)>\(value)</\(prefix)\(name)>\n" }

    /// ISO 8601 with milliseconds and the transaction's offset (`Z` for zero).
    static func dateTimeText(_ transaction: GeneratedStatement.Transaction) -> String {
        guard case .instant(let milliseconds) = transaction.date else { return "" }
        let clock = WallClock(milliseconds: milliseconds, offsetMinutes: transaction.offsetMinutes)
        var text = clock.day.description + "T" + pad(clock.hour, 2) + ":" + pad(clock.minute, 2) + ":" + pad(clock.second, 2)
        text += "." + pad(clock.millisecond, 3)
        let offset = transaction.offsetMinutes
        if offset == 0 { return text + "Z" }
        return text + (offset < 0 ? "-" : "+") + pad(Int(offset.magnitude) / 60, 2) + ":" + pad(Int(offset.magnitude) % 60, 2)
    }
}
