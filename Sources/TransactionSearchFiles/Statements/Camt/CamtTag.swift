import TransactionSearch

/// The ISO 20022 element names the camt reader acts on, matched by local name whatever the
/// namespace prefix or version (camt.052, .053 and .054, versions .02 to .08 and later).
enum CamtTag: String, CaseIterable, Hashable, Sendable {
    case document = "Document"
    case statementMessage = "BkToCstmrStmt", reportMessage = "BkToCstmrAcctRpt", notificationMessage = "BkToCstmrDbtCdtNtfctn"
    case statement = "Stmt", report = "Rpt", notification = "Ntfctn"
    case account = "Acct", identification = "Id", iban = "IBAN", other = "Othr", currency = "Ccy"
    case entry = "Ntry", entryReference = "NtryRef", amount = "Amt", creditDebit = "CdtDbtInd", status = "Sts", code = "Cd"
    case bookingDate = "BookgDt", valueDate = "ValDt", date = "Dt", dateTime = "DtTm"
    case servicerReference = "AcctSvcrRef"
    case bankTransactionCode = "BkTxCd", domain = "Domn", family = "Fmly", subFamilyCode = "SubFmlyCd", proprietary = "Prtry"
    case entryDetails = "NtryDtls", transactionDetails = "TxDtls", references = "Refs"
    case endToEndID = "EndToEndId", transactionID = "TxId", mandateID = "MndtId"
    case amountDetails = "AmtDtls", transactionAmount = "TxAmt"
    case relatedParties = "RltdPties", debtor = "Dbtr", creditor = "Cdtr", ultimateDebtor = "UltmtDbtr", ultimateCreditor = "UltmtCdtr"
    case party = "Pty", name = "Nm"
    case remittance = "RmtInf", unstructured = "Ustrd", additionalTransactionInfo = "AddtlTxInf", additionalEntryInfo = "AddtlNtryInf"

    /// Always a value. (`Id`, `Sts`, `Prtry` and `Dt` are values in some places and aggregates
    /// in others: what follows them decides.)
    static let leaves: Set<CamtTag> = [
        .iban, .currency, .entryReference, .amount, .creditDebit, .code, .dateTime, .servicerReference, .subFamilyCode,
        .endToEndID, .transactionID, .mandateID, .name, .unstructured, .additionalTransactionInfo, .additionalEntryInfo,
    ]

    static let aggregates: Set<CamtTag> = [
        .document, .statementMessage, .reportMessage, .notificationMessage, .statement, .report, .notification, .account,
        .other, .entry, .bookingDate, .valueDate, .bankTransactionCode, .domain, .family, .entryDetails,
        .transactionDetails, .references, .amountDetails, .transactionAmount, .relatedParties, .debtor, .creditor,
        .ultimateDebtor, .ultimateCreditor, .party, .remittance,
    ]

    static let vocabulary = MarkupVocabulary(
        of: CamtTag.self, 
        foldsCase: false, leaves: leaves, aggregates: aggregates,
        exclusive: [.document, .statementMessage, .reportMessage, .notificationMessage, .statement, .report, .notification,
                    .entry, .entryDetails, .transactionDetails])

    /// The message elements: statement, report, notification.
    var isMessage: Bool { self == .statementMessage || self == .reportMessage || self == .notificationMessage }

    /// The elements holding one account's entries.
    var isStatement: Bool { self == .statement || self == .report || self == .notification }

    /// The parties whose names can be the merchant.
    var isParty: Bool { self == .debtor || self == .creditor || self == .ultimateDebtor || self == .ultimateCreditor }
}
