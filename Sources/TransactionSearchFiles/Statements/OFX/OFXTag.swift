import TransactionSearch

/// The OFX element names the OFX reader acts on or needs to tell apart (OFX 1.6 / 2.2 names;
/// SGML and XML alike). Other names are still read: an unknown name followed by a value is a
/// leaf, one followed by an element is an aggregate.
enum OFXTag: String, CaseIterable, Hashable, Sendable {
    // Document and message sets.
    case ofx = "OFX"
    case signOnMessages = "SIGNONMSGSRSV1", signOnResponse = "SONRS"
    case bankMessages = "BANKMSGSRSV1", creditCardMessages = "CREDITCARDMSGSRSV1"
    case investmentMessages = "INVSTMTMSGSRSV1", securityListMessages = "SECLISTMSGSRSV1"
    // Statement responses and their wrappers.
    case bankResponse = "STMTTRNRS", creditCardResponse = "CCSTMTTRNRS", investmentResponse = "INVSTMTTRNRS"
    case bankStatement = "STMTRS", creditCardStatement = "CCSTMTRS", investmentStatement = "INVSTMTRS"
    case status = "STATUS", code = "CODE", severity = "SEVERITY", message = "MESSAGE"
    case defaultCurrency = "CURDEF"
    case bankAccountFrom = "BANKACCTFROM", creditCardAccountFrom = "CCACCTFROM", investmentAccountFrom = "INVACCTFROM"
    case bankAccountTo = "BANKACCTTO", creditCardAccountTo = "CCACCTTO"
    case accountID = "ACCTID", bankID = "BANKID", branchID = "BRANCHID", accountType = "ACCTTYPE", accountKey = "ACCTKEY"
    case bankTransactionList = "BANKTRANLIST", startDate = "DTSTART", endDate = "DTEND"
    case ledgerBalance = "LEDGERBAL", availableBalance = "AVAILBAL", balanceAmount = "BALAMT", asOfDate = "DTASOF"
    // One transaction.
    case transaction = "STMTTRN"
    case transactionType = "TRNTYPE", datePosted = "DTPOSTED", dateUser = "DTUSER", dateAvailable = "DTAVAIL"
    case amount = "TRNAMT", fitID = "FITID", correctFITID = "CORRECTFITID", correctAction = "CORRECTACTION"
    case serverID = "SRVRTID", checkNumber = "CHECKNUM", referenceNumber = "REFNUM", sic = "SIC", payeeID = "PAYEEID"
    case name = "NAME", extendedName = "EXTDNAME", payee = "PAYEE", memo = "MEMO"
    case currency = "CURRENCY", originalCurrency = "ORIGCURRENCY", currencyRate = "CURRATE", currencySymbol = "CURSYM"
    // Investment statements.
    case investmentTransactionList = "INVTRANLIST", investmentBankTransaction = "INVBANKTRAN"
    case investmentTransaction = "INVTRAN", total = "TOTAL", subaccountFund = "SUBACCTFUND"
    case positionList = "INVPOSLIST", investmentBalance = "INVBAL", openOrders = "INVOOLIST"
    case retirement401k = "INV401K", retirement401kBalance = "INV401KBAL", securityList = "SECLIST"

    /// Tags that always carry a value.
    static let leaves: Set<OFXTag> = [
        .code, .severity, .message, .defaultCurrency, .accountID, .bankID, .branchID, .accountType, .accountKey,
        .startDate, .endDate, .balanceAmount, .asOfDate, .transactionType, .datePosted, .dateUser, .dateAvailable,
        .amount, .fitID, .correctFITID, .correctAction, .serverID, .checkNumber, .referenceNumber, .sic, .payeeID,
        .name, .extendedName, .memo, .currencyRate, .currencySymbol, .total, .subaccountFund,
    ]

    /// Every other tag here holds elements, and none holds itself.
    static let aggregates: Set<OFXTag> = Set(allCases).subtracting(leaves)

    static let vocabulary = MarkupVocabulary(
        of: OFXTag.self, foldsCase: true, leaves: leaves, aggregates: aggregates, exclusive: aggregates)

    /// The statement kinds.
    var isStatement: Bool { self == .bankStatement || self == .creditCardStatement || self == .investmentStatement }

    /// The wrappers of a statement response, which carry its STATUS.
    var isStatementResponse: Bool { self == .bankResponse || self == .creditCardResponse || self == .investmentResponse }

    /// The aggregates that name a statement's own account.
    var isAccountFrom: Bool { self == .bankAccountFrom || self == .creditCardAccountFrom || self == .investmentAccountFrom }
}
